import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ApiError, http } from '../../../api/http-client';
import { session } from '../../../shared/session';
import { Loading } from '../../../shared/ui/StateViews';
import { toast } from '../../../shared/ui/Toast';
import { authApi, isChallenge, type LoginResult } from '../api/auth-api';
import { takeGoogleTrip } from '../google-redirect';
import { completeLogin, safeRedirect, takeRememberedRedirect } from '../login-redirect';
import { AuthLayout } from './AuthLayout';
import { TwoFactorPage } from './TwoFactorStep';

/**
 * Social login callback: the provider's code and state complete either a login (login/loginByGoogle)
 * or, when the security page started it, the linking of Google to the logged-in account. An
 * account with two-factor authentication on answers a challenge: the code step follows here.
 */
export function GoogleCallbackPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [error, setError] = useState<string | null>(params.get('error') ? t('google.denied') : null);
  const [challenge, setChallenge] = useState<string | null>(null);
  // Back without a code and without the provider's error: nothing to complete.
  const failed = !params.get('code') && !params.get('error') ? t('google.failed') : null;
  const started = useRef(false);
  const redirect = useRef<string | null>(null);
  const finish = useCallback(
    (result: LoginResult) => {
      completeLogin(result);
      void navigate(safeRedirect(redirect.current), { replace: true });
    },
    [navigate],
  );
  useEffect(() => {
    const code = params.get('code');
    const state = params.get('state');
    const iss = params.get('iss') ?? undefined;
    if (started.current || !code || !state) return;
    started.current = true;
    redirect.current = takeRememberedRedirect();
    const trip = takeGoogleTrip(state);
    const linking = trip.linking && session.get().isLogin;
    // A trip this browser did not start fails as a failed login does.
    const run = !trip.ours
      ? Promise.reject(new Error('not our Google trip'))
      : linking
        ? http.post('user/links/google', { code, state, iss }).then(() => {
            toast(t('google.linked'), 'success');
            void navigate('/profile/security', { replace: true });
          })
        : authApi.loginByGoogle({ code, state, iss }).then((r) => {
            if (isChallenge(r)) setChallenge(r.challenge);
            else finish(r);
          });
    run.catch((err: unknown) => setError(err instanceof ApiError ? err.message : t('google.failed')));
  }, [params, navigate, t, finish]);
  if (challenge)
    return (
      <TwoFactorPage
        challenge={challenge}
        onDone={finish}
        onRestart={(message) => {
          setChallenge(null);
          if (message) setError(message);
          else void navigate('/pass/login', { replace: true });
        }}
      />
    );
  return (
    <AuthLayout title={t('google.title')} subtitle={error ?? failed ?? t('google.working')}>
      {error || failed ? (
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
