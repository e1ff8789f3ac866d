import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useSubmit } from '../../../shared/useSubmit';
import { FormError, NewPasswordFields, TextField } from '../../../shared/ui/Field';
import { toast } from '../../../shared/ui/Toast';
import { CodeField, useCodeSending } from '../../../shared/ui/CodeField';
import { authApi } from '../api/auth-api';
import { checkCode, checkConfirm, checkEmail, checkPassword } from '../validation';
import { AuthLayout } from './AuthLayout';

type Errors = Partial<Record<'email' | 'code' | 'password' | 'confirm', string>>;

/** Password reset by e-mail: code of scene reset, then the new password. */
export function ResetPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const sending = useCodeSending();
  const [errors, setErrors] = useState<Errors>({});
  const submission = useSubmit();

  const sendCode = async () => {
    const error = checkEmail(email);
    setErrors((e) => ({ ...e, email: error ?? undefined }));
    if (error) return false;
    submission.setError(null);
    return sending.send(
      () => authApi.sendCode('email', email.trim(), 'reset'),
      t('code.sent'),
      submission.fail,
    );
  };

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const next: Errors = {
      email: checkEmail(email) ?? undefined,
      code: checkCode(code, sending.sent) ?? undefined,
      password: checkPassword(password) ?? undefined,
      confirm: checkConfirm(password, confirm) ?? undefined,
    };
    setErrors(next);
    submission.setError(null);
    if (Object.values(next).some(Boolean)) return;
    await submission.submit(async () => {
      await authApi.resetPassword({ type: 'email', account: email.trim(), code: code.trim(), password });
      toast(t('reset.done'), 'success');
      void navigate('/pass/login', { replace: true });
    });
  };
  const msg = (key?: string) => (key ? t(key) : undefined);
  return (
    <AuthLayout title={t('reset.title')} subtitle={t('reset.subtitle')}>
      <form className="form" onSubmit={(e) => void submit(e)} noValidate>
        <TextField
          label={t('fields.email')}
          error={msg(errors.email)}
          name="email"
          type="email"
          autoComplete="email"
          dir="ltr"
          value={email}
          placeholder={t('fields.emailPlaceholder')}
          onChange={setEmail}
        />
        <CodeField value={code} onChange={setCode} error={msg(errors.code)} onSend={sendCode} />
        <NewPasswordFields
          label={t('fields.newPassword')}
          password={password}
          confirm={confirm}
          errors={{ password: msg(errors.password), confirm: msg(errors.confirm) }}
          hinted
          onPassword={setPassword}
          onConfirm={setConfirm}
        />
        <FormError message={submission.error} testId="server-error" />
        <button type="submit" className="btn btn-primary btn-block" disabled={submission.busy}>
          {submission.busy ? t('common:states.loading') : t('reset.submit')}
        </button>
        <p className="form-switch">
          <Link to="/pass/login">{t('register.toLogin')}</Link>
        </p>
      </form>
    </AuthLayout>
  );
}
