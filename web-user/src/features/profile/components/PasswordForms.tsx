import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { session, type UserInfo } from '../../../shared/session';
import { useSubmit } from '../../../shared/useSubmit';
import { FormError, NewPasswordFields, PasswordField } from '../../../shared/ui/Field';
import { toast } from '../../../shared/ui/Toast';
import { CodeField, useCodeSending } from '../../../shared/ui/CodeField';
import { authApi } from '../../auth/api/auth-api';
import { checkCode, checkConfirm, checkPassword } from '../../auth/validation';
import { profileApi } from '../api/profile-api';

/** Change the login password; the server ends every session, so the user logs in again. */
export function ChangePasswordForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation('profile');
  const navigate = useNavigate();
  const [oldPassword, setOld] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const submission = useSubmit();
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const next = {
      old: oldPassword ? undefined : 'validation.enterPassword',
      password: checkPassword(password) ?? undefined,
      confirm: checkConfirm(password, confirm) ?? undefined,
    };
    setErrors(next);
    submission.setError(null);
    if (Object.values(next).some(Boolean)) return;
    await submission.submit(async () => {
      await profileApi.changePassword(oldPassword, password);
      toast(t('password.changed'), 'success');
      onDone();
      session.clear();
      void navigate('/pass/login', { replace: true });
    });
  };
  const msg = (key?: string) => (key ? t(`auth:${key}`) : undefined);
  return (
    <form
      className="form inline-form"
      onSubmit={(e) => void submit(e)}
      noValidate
      data-testid="change-password-form"
    >
      <PasswordField
        label={t('password.old')}
        error={msg(errors.old)}
        autoComplete="current-password"
        value={oldPassword}
        onChange={setOld}
      />
      <NewPasswordFields
        label={t('password.new')}
        password={password}
        confirm={confirm}
        errors={{ password: msg(errors.password), confirm: msg(errors.confirm) }}
        onPassword={setPassword}
        onConfirm={setConfirm}
      />
      <FormError message={submission.error} />
      <button type="submit" className="btn btn-primary" disabled={submission.busy}>
        {t('actions.save')}
      </button>
    </form>
  );
}

/** Set or change the withdrawal password with a code sent to the user's e-mail (or phone). */
export function ChangeWithdrawPasswordForm({ user, onDone }: { user: UserInfo; onDone: () => void }) {
  const { t } = useTranslation('profile');
  const type = user.email ? 'email' : 'phone';
  const target = user.email ?? user.phone ?? '';
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const sending = useCodeSending();
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const submission = useSubmit();
  const send = () => {
    submission.setError(null);
    return sending.send(
      () => authApi.sendCode(type, target, 'withdrawPassword'),
      t('auth:code.sent'),
      submission.fail,
    );
  };
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const next = {
      code: checkCode(code, sending.sent) ?? undefined,
      password: password.length >= 6 ? undefined : 'validation.enterWithdrawPassword',
      confirm: checkConfirm(password, confirm) ?? undefined,
    };
    setErrors(next);
    submission.setError(null);
    if (Object.values(next).some(Boolean)) return;
    await submission.submit(async () => {
      await profileApi.changeWithdrawPassword({ type, code, password });
      toast(t('withdraw.changed'), 'success');
      onDone();
    });
  };
  const msg = (key?: string) => (key ? t(`auth:${key}`) : undefined);
  return (
    <form
      className="form inline-form"
      onSubmit={(e) => void submit(e)}
      noValidate
      data-testid="change-withdraw-form"
    >
      <p className="muted">{t('withdraw.codeTo', { target })}</p>
      <CodeField value={code} onChange={setCode} error={msg(errors.code)} onSend={send} />
      <NewPasswordFields
        label={t('withdraw.new')}
        password={password}
        confirm={confirm}
        errors={{ password: msg(errors.password), confirm: msg(errors.confirm) }}
        onPassword={setPassword}
        onConfirm={setConfirm}
      />
      <FormError message={submission.error} />
      <button type="submit" className="btn btn-primary" disabled={submission.busy}>
        {t('actions.save')}
      </button>
    </form>
  );
}
