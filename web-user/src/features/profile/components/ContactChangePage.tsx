import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError, fieldErrors, http } from '../../../api/http-client';
import { session, useSession, type UserInfo } from '../../../shared/session';
import { formatDate } from '../../../shared/format';
import { ConfirmDetails } from '../../../shared/ui/ConfirmDetails';
import {
  AuthenticatorCodeField,
  Field,
  FormError,
  PageHeader,
  PasswordField,
  TextField,
} from '../../../shared/ui/Field';
import { AsyncView } from '../../../shared/ui/StateViews';
import { toast } from '../../../shared/ui/Toast';
import { CodeField, useCodeSending } from '../../../shared/ui/CodeField';
import { ContactTypeTabs, PhoneInput } from '../../../shared/ui/ContactInputs';
import { useApi } from '../../../shared/useApi';
import type { ContactType } from '../../auth/api/auth-api';
import { checkCode, checkEmail, checkPhone, CODE_PATTERN } from '../../auth/validation';
import { profileApi } from '../api/profile-api';

/** How long withdrawals wait after the change (services/accounts SecurityChangesService). */
const HOLD_MS = 24 * 3600 * 1000;

type Errors = Partial<Record<'account' | 'code' | 'password' | 'totpCode' | 'form', string>>;

const contactApi = {
  sendCode: (type: ContactType, account: string) =>
    http.post<unknown>('user/sendContactCode', { type, account }),
  change: (body: { type: ContactType; account: string; code: string; password: string; totpCode?: string }) =>
    http.post<UserInfo>('user/changeContact', body),
};

/**
 * Change the e-mail or the phone (/profile/contact): a code goes to the NEW address, the current
 * password (and the authenticator code while 2FA is on) confirms it. The user is told before
 * confirming that withdrawals are held for 24 hours after the change.
 */
export function ContactChangePage() {
  const { t, i18n } = useTranslation('profile');
  const { demo } = useSession();
  /** When the last change here was made: a new form (and countdown), and the hold it started. */
  const [changedAt, setChangedAt] = useState<number | null>(null);
  const info = useApi(
    async (signal) => {
      const user = await profileApi.userInfo(signal);
      session.setUser(user);
      return user;
    },
    [demo],
  );
  return (
    <div className="container page narrow" data-testid="contact-page">
      <PageHeader
        title={t('contact.title')}
        subtitle={t('contact.subtitle')}
        actions={
          <Link to="/profile/security" className="btn btn-ghost btn-sm">
            {t('contact.back')}
          </Link>
        }
      />
      <AsyncView state={info}>
        {(user) => (
          <>
            <dl className="card details" data-testid="contact-current">
              <dt>{t('info.email')}</dt>
              <dd dir="ltr" data-testid="current-email">
                {user.email || t('info.notSet')}
              </dd>
              <dt>{t('info.phone')}</dt>
              <dd dir="ltr" data-testid="current-phone">
                {user.phone || t('info.notSet')}
              </dd>
            </dl>
            {changedAt !== null && (
              <p className="notice notice-warn" role="status" data-testid="contact-changed">
                {t('contact.changedHeld', { time: holdEnd(changedAt, i18n.language) })}
              </p>
            )}
            <ContactForm
              key={changedAt ?? 0}
              user={user}
              onChanged={() => {
                setChangedAt(Date.now());
                info.reload();
              }}
            />
          </>
        )}
      </AsyncView>
    </div>
  );
}

function ContactForm({ user, onChanged }: { user: UserInfo; onChanged: () => void }) {
  const { t, i18n } = useTranslation('profile');
  const [type, setType] = useState<ContactType>('email');
  const [email, setEmail] = useState('');
  const [area, setArea] = useState('1');
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [totp, setTotp] = useState('');
  const sending = useCodeSending();
  const [errors, setErrors] = useState<Errors>({});
  // When the change was asked to be confirmed (its hold is counted from then), or null.
  const [confirmingAt, setConfirmingAt] = useState<number | null>(null);
  const twoFactor = user.twoFactorEnabled === true;

  const account = type === 'email' ? email.trim() : `+${area}${phone.trim()}`;
  const current = type === 'email' ? user.email?.toLowerCase() : user.phone;
  /** Keys of the auth namespace (format) or of this one (same as now), or null. */
  const accountError = () => {
    const format = type === 'email' ? checkEmail(email) : checkPhone(phone);
    if (format) return t(`auth:${format}`);
    if (current && account.toLowerCase() === current.toLowerCase()) return t('contact.unchanged');
    return null;
  };
  /** Field errors of the server (already in the user's language) on their fields, else one form error. */
  const showError = (err: unknown) => {
    const fields = fieldErrors(err);
    const known = (['account', 'code', 'password', 'totpCode'] as const).filter((f) => fields[f]);
    if (known.length) setErrors(Object.fromEntries(known.map((f) => [f, fields[f]])));
    else setErrors({ form: err instanceof ApiError ? err.message : t('common:errors.unknown') });
  };

  const sendCode = async () => {
    const error = accountError();
    setErrors(error ? { account: error } : {});
    if (error) return false;
    return sending.send(
      () => contactApi.sendCode(type, account),
      t('contact.codeSent', { target: account }),
      showError,
    );
  };

  const review = (e: React.FormEvent) => {
    e.preventDefault();
    const codeKey = checkCode(code, sending.sent);
    const next: Errors = {
      account: accountError() ?? undefined,
      code: codeKey ? t(`auth:${codeKey}`) : undefined,
      password: password ? undefined : t('auth:validation.enterPassword'),
      totpCode: !twoFactor
        ? undefined
        : !totp.trim()
          ? t('contact.enterTotp')
          : CODE_PATTERN.test(totp.trim())
            ? undefined
            : t('auth:validation.codeFormat'),
    };
    setErrors(next);
    if (!Object.values(next).some(Boolean)) setConfirmingAt(Date.now());
  };

  const change = async () => {
    try {
      await contactApi.change({
        type,
        account,
        code: code.trim(),
        password,
        ...(twoFactor ? { totpCode: totp.trim() } : {}),
      });
    } catch (err) {
      setConfirmingAt(null);
      showError(err);
      return;
    }
    setConfirmingAt(null);
    toast(type === 'email' ? t('contact.doneEmail') : t('contact.donePhone'), 'success');
    onChanged();
  };

  return (
    <form className="card form" onSubmit={review} noValidate data-testid="contact-form">
      <ContactTypeTabs
        label={t('contact.method')}
        value={type}
        labels={{ email: t('contact.byEmail'), phone: t('contact.byPhone') }}
        testIdPrefix="contact"
        onChange={(m) => {
          setType(m);
          setErrors({});
          sending.setSent(false);
          setCode('');
        }}
      />
      {type === 'email' ? (
        <TextField
          label={t('contact.newEmail')}
          error={errors.account}
          name="newEmail"
          type="email"
          autoComplete="email"
          dir="ltr"
          value={email}
          placeholder={t('auth:fields.emailPlaceholder')}
          onChange={setEmail}
        />
      ) : (
        <Field label={t('contact.newPhone')} error={errors.account}>
          {(id) => (
            <PhoneInput
              id={id}
              name="newPhone"
              area={area}
              phone={phone}
              onArea={setArea}
              onPhone={setPhone}
            />
          )}
        </Field>
      )}
      <p className="muted small">{t('contact.codeTo')}</p>
      <CodeField value={code} onChange={setCode} error={errors.code} onSend={sendCode} />
      <PasswordField
        label={t('contact.password')}
        error={errors.password}
        name="currentPassword"
        autoComplete="current-password"
        value={password}
        onChange={setPassword}
      />
      {twoFactor && (
        <AuthenticatorCodeField
          label={t('contact.totp')}
          error={errors.totpCode}
          value={totp}
          placeholder={t('auth:fields.codePlaceholder')}
          onChange={setTotp}
        />
      )}
      <p className="notice notice-warn" data-testid="contact-hold-warning">
        {t('contact.hold')}
      </p>
      <FormError message={errors.form} testId="contact-error" />
      <button type="submit" className="btn btn-primary btn-block" data-testid="contact-submit">
        {t('contact.submit')}
      </button>
      {confirmingAt !== null && (
        <ConfirmDetails
          title={t('contact.confirmTitle')}
          danger
          rows={[
            {
              label: type === 'email' ? t('info.email') : t('info.phone'),
              value: (
                <span dir="ltr">{(type === 'email' ? user.email : user.phone) || t('info.notSet')}</span>
              ),
              testId: 'contact-confirm-current',
            },
            {
              label: type === 'email' ? t('contact.newEmail') : t('contact.newPhone'),
              value: <span dir="ltr">{account}</span>,
              testId: 'contact-confirm-new',
              strong: true,
            },
          ]}
          confirmLabel={t('contact.confirm')}
          onClose={() => setConfirmingAt(null)}
          onConfirm={change}
        >
          <p className="notice notice-warn" data-testid="contact-confirm-hold">
            {t('contact.confirmHold', { time: holdEnd(confirmingAt, i18n.language) })}
          </p>
        </ConfirmDetails>
      )}
    </form>
  );
}

/** The end of the 24-hour hold from `from`, in the user's language (the server's time rules). */
function holdEnd(from: number, language: string): string {
  return formatDate(new Date(from + HOLD_MS).toISOString(), language);
}
