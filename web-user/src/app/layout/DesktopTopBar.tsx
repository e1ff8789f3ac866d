import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';
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

export function DesktopTopBar() {
  const { t, i18n } = useTranslation();
  const { isLogin, user } = useSession();
  const [langOpen, setLangOpen] = useState(false);
  const current = LANGUAGES.find((l) => l.code === i18n.language)?.name ?? 'English';
  return (
    <header className="topbar" data-testid="desktop-topbar">
      <div className="container topbar-inner">
        <Link to="/" aria-label={t('nav.home')}>
          <Logo />
        </Link>
        <nav className="topnav" aria-label={t('nav.main')}>
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
