import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { SHOWBOARD_KEY, useSession } from '../../shared/session';
import { Logo } from './icons';

/** The onboarding board shown on mobile before first use in a session. */
export function Onboarding({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { isLogin } = useSession();
  const finish = (to: string) => {
    sessionStorage.setItem(SHOWBOARD_KEY, '1');
    onDone();
    void navigate(to);
  };
  return (
    <div
      className="onboarding"
      role="dialog"
      aria-modal="true"
      aria-label={t('onboarding.title')}
      data-testid="onboarding"
    >
      <button type="button" className="onboarding-skip" onClick={() => finish('/')}>
        {t('onboarding.skip')}
      </button>
      <div className="onboarding-body">
        <Logo />
        <h1>{t('onboarding.title')}</h1>
        <p className="muted">{t('onboarding.text')}</p>
        <ul className="onboarding-points">
          <li>{t('onboarding.point1')}</li>
          <li>{t('onboarding.point2')}</li>
          <li>{t('onboarding.point3')}</li>
        </ul>
      </div>
      <button
        type="button"
        className="btn btn-primary btn-block"
        onClick={() => finish(isLogin ? '/' : '/pass/register')}
      >
        {t('onboarding.continue')}
      </button>
    </div>
  );
}
