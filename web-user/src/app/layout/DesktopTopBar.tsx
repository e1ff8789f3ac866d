import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useLocation } from 'react-router';
import { LANGUAGES } from '../../i18n/languages';
import { useSession } from '../../shared/session';
import { Icon, Logo } from './icons';
import { LanguageModal } from './LanguageModal';
import { NotificationBell } from './NotificationBell';

const LINKS = [
  { to: '/', key: 'nav.home', end: true },
  { to: '/market', key: 'nav.market' },
  { to: '/trading', key: 'nav.trading' },
  { to: '/trade/spot', key: 'nav.spot' },
  { to: '/loan', key: 'nav.loan' },
  { to: '/profile', key: 'nav.profile', end: true },
  { to: '/zjxq', key: 'nav.funding' },
];

/**
 * When the menu is wider than its bar (long names in a narrow window it scrolls, see .topnav): the
 * open page's link is kept in view, and the bar says on which sides more links are hidden
 * (data-more, drawn as a fade).
 */
function useScrollingMenu(language: string) {
  const nav = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  useEffect(() => {
    const el = nav.current;
    if (!el) return;
    const mark = () => {
      // scrollLeft runs from 0 towards negative values in a right-to-left box.
      const start = Math.abs(el.scrollLeft);
      const end = el.scrollWidth - el.clientWidth - start;
      const more = [start > 1 ? 'start' : '', end > 1 ? 'end' : ''].filter(Boolean).join(' ');
      el.dataset.more = more;
    };
    // Also after the bar changes size (the user's name arriving beside it narrows the menu).
    const showActive = () => {
      el.querySelector('a.active')?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
      mark();
    };
    showActive();
    const observer = new ResizeObserver(showActive);
    observer.observe(el);
    el.addEventListener('scroll', mark, { passive: true });
    return () => {
      observer.disconnect();
      el.removeEventListener('scroll', mark);
    };
  }, [pathname, language]); // another language changes the links' widths, not the bar's
  return nav;
}

export function DesktopTopBar() {
  const { t, i18n } = useTranslation();
  const nav = useScrollingMenu(i18n.language);
  const { isLogin, user } = useSession();
  const [langOpen, setLangOpen] = useState(false);
  const current = LANGUAGES.find((l) => l.code === i18n.language)?.name ?? 'English';
  return (
    <header className="topbar" data-testid="desktop-topbar">
      <div className="container topbar-inner">
        <Link to="/" aria-label={t('nav.home')}>
          <Logo />
        </Link>
        <nav className="topnav" aria-label={t('nav.main')} ref={nav}>
          {LINKS.map((l) => (
            <NavLink key={l.to} to={l.to} end={l.end}>
              {t(l.key)}
            </NavLink>
          ))}
        </nav>
        <div className="topbar-actions">
          <NotificationBell />
          <a
            className="icon-btn"
            href={`/profile/kefu?lang=${i18n.language}`}
            target="_blank"
            rel="noopener"
            aria-label={t('nav.support')}
            title={t('nav.support')}
          >
            <Icon name="support" />
          </a>
          <button
            type="button"
            className="btn btn-ghost btn-sm"
            data-testid="language-button"
            onClick={() => setLangOpen(true)}
          >
            <Icon name="globe" size={18} /> {current}
          </button>
          {isLogin ? (
            <Link className="btn btn-ghost btn-sm" to="/profile" data-testid="topbar-user">
              <Icon name="profile" size={18} /> {user?.username ?? t('nav.profile')}
            </Link>
          ) : (
            <>
              <Link className="btn btn-ghost btn-sm" to="/pass/login">
                {t('actions.login')}
              </Link>
              <Link className="btn btn-primary btn-sm" to="/pass/register">
                {t('actions.signup')}
              </Link>
            </>
          )}
        </div>
      </div>
      {langOpen && <LanguageModal onClose={() => setLangOpen(false)} />}
    </header>
  );
}
