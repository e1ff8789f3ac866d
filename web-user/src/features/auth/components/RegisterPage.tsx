import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { session } from '../../../shared/session';
import { Field, FormError, NewPasswordFields, TextField } from '../../../shared/ui/Field';
import { useSubmit } from '../../../shared/useSubmit';
import { toast } from '../../../shared/ui/Toast';
import { CodeField, useCodeSending } from '../../../shared/ui/CodeField';
import { ContactTypeTabs, PhoneInput } from '../../../shared/ui/ContactInputs';
import {
  authApi,
  isChallenge,
  type ContactType,
  type FirstFactorResult,
  type LoginResult,
} from '../api/auth-api';
import { completeLogin } from '../login-redirect';
import { checkCode, checkConfirm, checkEmail, checkPassword, checkPhone, checkUsername } from '../validation';
import { AuthLayout } from './AuthLayout';
import { AltLogins } from './AltLogins';
import { TwoFactorPage } from './TwoFactorStep';

type Errors = Partial<Record<'account' | 'username' | 'password' | 'confirm' | 'code', string>>;

export function RegisterPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [type, setType] = useState<ContactType>('email');
  const [area, setArea] = useState('1');
  const [phone, setPhone] = useState('');
  const [email, setEmail] = useState('');
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [code, setCode] = useState('');
  const [inviteCode, setInviteCode] = useState(() => params.get('inviteCode') ?? '');
  const sending = useCodeSending();
  const [errors, setErrors] = useState<Errors>({});
  const submission = useSubmit();
  /** A wallet login of an account with 2FA on asks for the second factor here. */
  const [challenge, setChallenge] = useState<string | null>(null);

  const finish = (result: LoginResult) => {
    completeLogin(result);
    void navigate('/profile', { replace: true });
  };
  const altLoginDone = (result: FirstFactorResult) => {
    if (isChallenge(result)) setChallenge(result.challenge);
    else finish(result);
  };

  const account = type === 'email' ? email.trim() : `+${area}${phone.trim()}`;
  const accountError = () => (type === 'email' ? checkEmail(email) : checkPhone(phone));

  const sendCode = async () => {
    const error = accountError();
    setErrors((e) => ({ ...e, account: error ?? undefined }));
    if (error) return false;
    submission.setError(null);
    return sending.send(() => authApi.sendCode(type, account, 'register'), t('code.sent'), submission.fail);
  };

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const next: Errors = {
      account: accountError() ?? undefined,
      username: checkUsername(username) ?? undefined,
      password: checkPassword(password) ?? undefined,
      confirm: checkConfirm(password, confirm) ?? undefined,
      code: checkCode(code, sending.sent) ?? undefined,
    };
    setErrors(next);
    submission.setError(null);
    if (Object.values(next).some(Boolean)) return;
    await submission.submit(async () => {
      const { token, user } = await authApi.register({
        type,
        account,
        username: username.trim(),
        password,
        code: code.trim(),
        ...(inviteCode.trim() ? { inviteCode: inviteCode.trim() } : {}),
      });
      session.login(token, user);
      toast(t('register.done'), 'success');
      void navigate('/profile', { replace: true });
    });
  };

  const msg = (key?: string) => (key ? t(key) : undefined);
  if (challenge)
    return (
      <TwoFactorPage
        challenge={challenge}
        onDone={finish}
        onRestart={(message) => {
          setChallenge(null);
          submission.setError(message || null);
        }}
      />
    );
  return (
    <div data-testid="register-page">
      <AuthLayoutWrapper>
        <form className="form" onSubmit={(e) => void submit(e)} noValidate>
          <ContactTypeTabs
            label={t('register.method')}
            value={type}
            labels={{ email: t('register.byEmail'), phone: t('register.byPhone') }}
            testIdPrefix="register"
            onChange={(m) => {
              setType(m);
              setErrors({});
              sending.setSent(false);
            }}
          />
          {type === 'email' ? (
            <TextField
              label={t('fields.email')}
              error={msg(errors.account)}
              name="email"
              type="email"
              autoComplete="email"
              dir="ltr"
              value={email}
              placeholder={t('fields.emailPlaceholder')}
              onChange={setEmail}
            />
          ) : (
            <Field label={t('fields.phone')} error={msg(errors.account)}>
              {(id) => (
                <PhoneInput
                  id={id}
                  name="phone"
                  area={area}
                  phone={phone}
                  onArea={setArea}
                  onPhone={setPhone}
                />
              )}
            </Field>
          )}
          <TextField
            label={t('fields.username')}
            error={msg(errors.username)}
            name="username"
            autoComplete="username"
            dir="ltr"
            value={username}
            placeholder={t('fields.usernamePlaceholder')}
            onChange={setUsername}
          />
          <NewPasswordFields
            label={t('fields.password')}
            password={password}
            confirm={confirm}
            errors={{ password: msg(errors.password), confirm: msg(errors.confirm) }}
            hinted
            onPassword={setPassword}
            onConfirm={setConfirm}
          />
          <CodeField value={code} onChange={setCode} error={msg(errors.code)} onSend={sendCode} />
          <TextField
            label={t('fields.inviteCode')}
            name="inviteCode"
            dir="ltr"
            value={inviteCode}
            placeholder={t('fields.optional')}
            onChange={setInviteCode}
          />
          <FormError message={submission.error} testId="server-error" />
          <button type="submit" className="btn btn-primary btn-block" disabled={submission.busy}>
            {submission.busy ? t('common:states.loading') : t('register.submit')}
          </button>
          <AltLogins redirect={null} onResult={altLoginDone} />
          <p className="form-switch">
            {t('register.haveAccount')} <Link to="/pass/login">{t('register.toLogin')}</Link>
          </p>
        </form>
      </AuthLayoutWrapper>
    </div>
  );
}

function AuthLayoutWrapper({ children }: { children: React.ReactNode }) {
  const { t } = useTranslation('auth');
  return (
    <AuthLayout title={t('register.title')} subtitle={t('register.subtitle')}>
      {children}
    </AuthLayout>
  );
}
