import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Icon, Logo } from '../../../app/layout/icons';
import { LanguageModal } from '../../../app/layout/LanguageModal';

/** The login-type screens: no navigation, a brand panel on desktop, the form card. */
export function AuthLayout({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle: string;
  children: React.ReactNode;
}) {
  const { t } = useTranslation();
  const [langOpen, setLangOpen] = useState(false);
  return (
    <div className="auth">
      <aside className="auth-aside">
        <Link to="/" aria-label={t('nav.home')}>
          <Logo />
        </Link>
        <h2>{t('auth:aside.title')}</h2>
        <p>{t('auth:aside.text')}</p>
        <ul>
          <li>{t('auth:aside.point1')}</li>
          <li>{t('auth:aside.point2')}</li>
          <li>{t('auth:aside.point3')}</li>
        </ul>
      </aside>
      <section className="auth-main">
        <div className="auth-top">
          <Link to="/" className="icon-btn" aria-label={t('nav.home')}>
            <Icon name="back" />
          </Link>
          <button
            type="button"
            className="btn btn-ghost btn-sm"
            data-testid="language-button"
            onClick={() => setLangOpen(true)}
          >
            <Icon name="globe" size={18} /> {t('language.title')}
          </button>
        </div>
        <div className="auth-card">
          <h1>{title}</h1>
          <p className="muted">{subtitle}</p>
          {children}
        </div>
      </section>
      {langOpen && <LanguageModal onClose={() => setLangOpen(false)} />}
    </div>
  );
}
