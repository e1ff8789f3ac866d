import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useSubmit } from '../../../shared/useSubmit';
import { FormError, PasswordField, TextField } from '../../../shared/ui/Field';
import { authApi, isChallenge, type FirstFactorResult, type LoginResult } from '../api/auth-api';
import { completeLogin, safeRedirect } from '../login-redirect';
import { checkPassword } from '../validation';
import { AltLogins } from './AltLogins';
import { AuthLayout } from './AuthLayout';
import { TwoFactorPage } from './TwoFactorStep';

export function LoginPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [account, setAccount] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ account?: string; password?: string }>({});
  const submission = useSubmit();
  /** Set while the second factor of a 2FA login is asked. */
  const [challenge, setChallenge] = useState<string | null>(null);

  const finish = (result: LoginResult) => {
    completeLogin(result);
    void navigate(safeRedirect(params.get('redirect')), { replace: true });
  };
  const firstFactorDone = (result: FirstFactorResult) => {
    if (isChallenge(result)) setChallenge(result.challenge);
    else finish(result);
  };

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const next = {
      account: account.trim() ? undefined : 'validation.enterUsernameOrEmail',
      password: password ? undefined : (checkPassword(password) ?? undefined),
    };
    setErrors(next);
    submission.setError(null);
    if (next.account || next.password) return;
    await submission.submit(async () => {
      firstFactorDone(await authApi.login(account.trim(), password));
    });
  };

  if (challenge)
    return (
      <TwoFactorPage
        challenge={challenge}
        onDone={finish}
        onRestart={(message) => {
          setChallenge(null);
          setPassword('');
          submission.setError(message || null);
        }}
      />
    );

  return (
    <AuthLayout title={t('login.title')} subtitle={t('login.subtitle')}>
      <form className="form" onSubmit={(e) => void submit(e)} noValidate>
        <TextField
          label={t('fields.account')}
          error={errors.account && t(errors.account)}
          name="account"
          autoComplete="username"
          dir="ltr"
          value={account}
          placeholder={t('fields.accountPlaceholder')}
          onChange={setAccount}
        />
        <PasswordField
          label={t('fields.password')}
          error={errors.password && t(errors.password)}
          name="password"
          autoComplete="current-password"
          value={password}
          placeholder={t('fields.passwordPlaceholder')}
          onChange={setPassword}
        />
        <div className="form-row-end">
          <Link to="/pass/reset">{t('login.forgot')}</Link>
        </div>
        <FormError message={submission.error} testId="server-error" />
        <button type="submit" className="btn btn-primary btn-block" disabled={submission.busy}>
          {submission.busy ? t('common:states.loading') : t('login.submit')}
        </button>
        <AltLogins redirect={params.get('redirect')} onResult={firstFactorDone} />
        <p className="form-switch">
          {t('login.noAccount')} <Link to="/pass/register">{t('login.toRegister')}</Link>
        </p>
      </form>
    </AuthLayout>
  );
}
