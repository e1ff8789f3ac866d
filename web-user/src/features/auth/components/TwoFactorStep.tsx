import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, fieldErrors } from '../../../api/http-client';
import { Field } from '../../../shared/ui/Field';
import { authApi, type LoginResult } from '../api/auth-api';
import { AuthLayout } from './AuthLayout';

/** The API's code for a wrong second factor (TOTP or recovery code). */
const WRONG_FACTOR = 10091;

interface StepProps {
  challenge: string;
  onDone: (result: LoginResult) => void;
  /** The challenge is gone: start the login again, showing this message. */
  onRestart: (message: string) => void;
}

/** The page of the second step, wherever a login answered with a challenge. */
export function TwoFactorPage(props: StepProps) {
  const { t } = useTranslation('auth');
  return (
    <AuthLayout title={t('twoFactor.title')} subtitle={t('twoFactor.subtitle')}>
      <TwoFactorStep {...props} />
    </AuthLayout>
  );
}

/**
 * The second step of a login with two-factor authentication on: a 6-digit code of the
 * authenticator app, or one of the recovery codes. A wrong code shows the server's message at the
 * field; an expired or exhausted challenge (400 on `challenge`, 429) sends the user back.
 */
export function TwoFactorStep({ challenge, onDone, onRestart }: StepProps) {
  const { t } = useTranslation('auth');
  const [mode, setMode] = useState<'totp' | 'recovery'>('totp');
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const switchMode = () => {
    setMode((m) => (m === 'totp' ? 'recovery' : 'totp'));
    setValue('');
    setError(null);
  };

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const input = value.trim();
    if (mode === 'totp' && !/^\d{6}$/.test(input)) {
      setError(t(input ? 'validation.codeFormat' : 'twoFactor.enterCode'));
      return;
    }
    if (mode === 'recovery' && !input) {
      setError(t('twoFactor.enterRecovery'));
      return;
    }
    setError(null);
    setBusy(true);
    try {
      const result = await authApi.login2fa(
        challenge,
        mode === 'totp' ? { code: input } : { recoveryCode: input },
      );
      onDone(result);
    } catch (err) {
      if (!(err instanceof ApiError)) {
        setError(t('common:errors.unknown'));
      } else if (err.code === WRONG_FACTOR) {
        setError(err.message);
      } else {
        const fields = fieldErrors(err);
        if (fields.challenge || err.code === 429) onRestart(fields.challenge ?? err.message);
        else setError(fields.code ?? fields.recoveryCode ?? err.message);
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="form" onSubmit={(e) => void submit(e)} noValidate data-testid="two-factor-step">
      <p className="muted">{mode === 'totp' ? t('twoFactor.text') : t('twoFactor.recoveryText')}</p>
      <Field label={mode === 'totp' ? t('twoFactor.code') : t('twoFactor.recoveryCode')} error={error}>
        {(id) =>
          mode === 'totp' ? (
            <input
              id={id}
              name="totp"
              dir="ltr"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              autoFocus
              value={value}
              placeholder={t('fields.codePlaceholder')}
              onChange={(e) => setValue(e.target.value.replace(/\D/g, ''))}
            />
          ) : (
            <input
              id={id}
              name="recoveryCode"
              dir="ltr"
              autoComplete="off"
              autoCapitalize="off"
              spellCheck={false}
              maxLength={32}
              autoFocus
              value={value}
              placeholder={t('twoFactor.recoveryPlaceholder')}
              onChange={(e) => setValue(e.target.value)}
            />
          )
        }
      </Field>
      <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
        {busy ? t('common:states.loading') : t('twoFactor.submit')}
      </button>
      <div className="form-row-end">
        <button
          type="button"
          className="btn btn-ghost btn-sm"
          style={{ whiteSpace: 'normal' }}
          onClick={switchMode}
          data-testid="two-factor-mode"
        >
          {mode === 'totp' ? t('twoFactor.useRecovery') : t('twoFactor.useTotp')}
        </button>
      </div>
      <p className="form-switch">
        <button type="button" className="btn btn-ghost btn-sm" onClick={() => onRestart('')}>
          {t('twoFactor.back')}
        </button>
      </p>
    </form>
  );
}
