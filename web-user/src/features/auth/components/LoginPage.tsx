import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../../api/http-client';
import { session } from '../../../shared/session';
import { Field } from '../../../shared/ui/Field';
import { authApi } from '../api/auth-api';
import { checkPassword } from '../validation';
import { AuthLayout } from './AuthLayout';

export function LoginPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [account, setAccount] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ account?: string; password?: string }>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const next = {
      account: account.trim() ? undefined : 'validation.enterUsernameOrEmail',
      password: password ? undefined : (checkPassword(password) ?? undefined),
    };
    setErrors(next);
    setServerError(null);
    if (next.account || next.password) return;
    setBusy(true);
    try {
      const { token, user } = await authApi.login(account.trim(), password);
      session.login(token, user);
      const redirect = params.get('redirect');
      void navigate(
        redirect && redirect.startsWith('/') && !redirect.startsWith('//') ? redirect : '/profile',
        { replace: true },
      );
    } catch (err) {
      setServerError(err instanceof ApiError ? err.message : t('common:errors.unknown'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthLayout title={t('login.title')} subtitle={t('login.subtitle')}>
      <form className="form" onSubmit={(e) => void submit(e)} noValidate>
        <Field label={t('fields.account')} error={errors.account && t(errors.account)}>
          {(id) => (
            <input
              id={id}
              name="account"
              autoComplete="username"
              value={account}
              placeholder={t('fields.accountPlaceholder')}
              onChange={(e) => setAccount(e.target.value)}
            />
          )}
        </Field>
        <Field label={t('fields.password')} error={errors.password && t(errors.password)}>
          {(id) => (
            <input
              id={id}
              name="password"
              type="password"
              autoComplete="current-password"
              value={password}
              placeholder={t('fields.passwordPlaceholder')}
              onChange={(e) => setPassword(e.target.value)}
            />
          )}
        </Field>
        <div className="form-row-end">
          <Link to="/pass/reset">{t('login.forgot')}</Link>
        </div>
        {serverError && (
          <div className="form-error" role="alert" data-testid="server-error">
            {serverError}
          </div>
        )}
        <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
          {busy ? t('common:states.loading') : t('login.submit')}
        </button>
        <p className="form-switch">
          {t('login.noAccount')} <Link to="/pass/register">{t('login.toRegister')}</Link>
        </p>
      </form>
    </AuthLayout>
  );
}
