import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ApiError, http } from '../../../api/http-client';
import { session, type UserInfo } from '../../../shared/session';
import { Loading } from '../../../shared/ui/StateViews';
import { toast } from '../../../shared/ui/Toast';
import { AuthLayout } from './AuthLayout';

const GOOGLE_LINK_KEY = 'googleLink';

/**
 * Social login callback: the provider's code and state complete either a login (login/loginByGoogle)
 * or, when the security page started it, the linking of Google to the logged-in account.
 */
export function GoogleCallbackPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [error, setError] = useState<string | null>(params.get('error') ? t('google.denied') : null);
  const started = useRef(false);
  useEffect(() => {
    const code = params.get('code');
    const state = params.get('state');
    const iss = params.get('iss') ?? undefined;
    if (started.current || !code || !state) {
      if (!code && !params.get('error')) setError(t('google.failed'));
      return;
    }
    started.current = true;
    const linking = sessionStorage.getItem(GOOGLE_LINK_KEY) === '1' && session.get().isLogin;
    sessionStorage.removeItem(GOOGLE_LINK_KEY);
    const run = linking
      ? http.post('user/links/google', { code, state, iss }).then(() => {
          toast(t('google.linked'), 'success');
          void navigate('/profile/security', { replace: true });
        })
      : http
          .post<{ token?: string; user?: UserInfo; twoFactorRequired?: boolean }>('login/loginByGoogle', {
            code,
            state,
            iss,
          })
          .then((r) => {
            if (!r.token) throw new ApiError(400, t('google.twoFactor'));
            session.login(r.token, r.user ?? null);
            void navigate('/profile', { replace: true });
          });
    run.catch((err: unknown) => setError(err instanceof ApiError ? err.message : t('google.failed')));
  }, [params, navigate, t]);
  return (
    <AuthLayout title={t('google.title')} subtitle={error ?? t('google.working')}>
      {error ? (
        <div className="state state-error" role="alert">
          <Link className="btn btn-primary" to="/pass/login">
            {t('google.toLogin')}
          </Link>
        </div>
      ) : (
        <Loading />
      )}
    </AuthLayout>
  );
}
