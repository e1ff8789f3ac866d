import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCountdown } from '../useCountdown';
import { TextField } from './Field';
import { toast } from './Toast';

/** A verification code input with a send button that counts down 60 s. */
export function CodeField({
  value,
  onChange,
  error,
  onSend,
}: {
  value: string;
  onChange: (v: string) => void;
  error?: string | null;
  /** Resolves true when the code went out. */
  onSend: () => Promise<boolean>;
}) {
  const { t } = useTranslation('auth');
  const countdown = useCountdown(60);
  const send = async () => {
    if (countdown.running) return;
    if (await onSend()) countdown.start();
  };
  return (
    <TextField
      label={t('fields.code')}
      error={error}
      trailing={
        <button
          type="button"
          className="btn btn-ghost btn-sm send-code"
          disabled={countdown.running}
          onClick={() => void send()}
          data-testid="send-code"
        >
          {countdown.running ? t('code.resendIn', { seconds: countdown.left }) : t('code.send')}
        </button>
      }
      name="code"
      inputMode="numeric"
      autoComplete="one-time-code"
      dir="ltr"
      maxLength={6}
      value={value}
      placeholder={t('fields.codePlaceholder')}
      onChange={(v) => onChange(v.replace(/\D/g, ''))}
    />
  );
}

/**
 * The sending of a CodeField's code. `sent` says whether one went out (checkCode asks for one
 * first); `send` asks for it with `request`, then says `sentText` and resolves true, or hands the
 * error to `onError` and resolves false, as CodeField's `onSend` expects.
 */
export function useCodeSending() {
  const [sent, setSent] = useState(false);
  const send = async (request: () => Promise<unknown>, sentText: string, onError: (err: unknown) => void) => {
    try {
      await request();
      setSent(true);
      toast(sentText, 'success');
      return true;
    } catch (err) {
      onError(err);
      return false;
    }
  };
  return { sent, setSent, send };
}
