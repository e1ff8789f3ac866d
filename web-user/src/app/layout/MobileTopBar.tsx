import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useSession } from '../../shared/session';
import { Icon, Logo } from './icons';
import { LanguageModal } from './LanguageModal';
import { NotificationBell } from './NotificationBell';

/** Mobile top navigation: back button on sub-pages, language, bell, support, login when logged out. */
export function MobileTopBar({ back }: { back: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { isLogin } = useSession();
  const [langOpen, setLangOpen] = useState(false);
  return (
    <header className="m-topbar" data-testid="mobile-topbar">
      {back ? (
        <button
          type="button"
          className="icon-btn back"
          aria-label={t('actions.back')}
          onClick={() => void navigate(-1)}
        >
          <Icon name="back" />
        </button>
      ) : (
        <Link to="/" aria-label={t('nav.home')}>
          <Logo />
        </Link>
      )}
      <div className="m-topbar-actions">
        <button
          type="button"
          className="icon-btn"
          aria-label={t('language.title')}
          data-testid="language-button"
          onClick={() => setLangOpen(true)}
        >
          <Icon name="globe" />
        </button>
        <NotificationBell />
        <Link className="icon-btn" to="/profile/kefu" aria-label={t('nav.support')}>
          <Icon name="support" />
        </Link>
        {!isLogin && (
          <Link className="btn btn-primary btn-sm" to="/pass/login">
            {t('actions.login')}
          </Link>
        )}
      </div>
      {langOpen && <LanguageModal onClose={() => setLangOpen(false)} />}
    </header>
  );
}
