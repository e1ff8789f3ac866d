import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** The security page's way to the e-mail / phone change screen (/profile/contact). */
export function ContactCard() {
  const { t } = useTranslation('profile');
  return (
    <section className="card" data-testid="contact-card">
      <div className="card-head">
        <h2>{t('contact.cardTitle')}</h2>
        <Link to="/profile/contact" className="btn btn-primary btn-sm" data-testid="open-contact-change">
          {t('contact.change')}
        </Link>
      </div>
      <p className="muted">{t('contact.cardText')}</p>
    </section>
  );
}
