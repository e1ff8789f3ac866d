import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/http-client';

/**
 * A form's sending: `busy` while `submit` runs its action, then `error`, the server's message (or
 * the unknown error's) when it failed. `onError` may take a failure itself (the fields' errors
 * shown at the fields) by returning true; `fail` shows another request's failure the same way.
 */
export function useSubmit() {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const fail = (err: unknown) => setError(err instanceof ApiError ? err.message : t('errors.unknown'));
  const submit = async (action: () => Promise<void>, onError?: (err: unknown) => boolean) => {
    setBusy(true);
    setError(null);
    try {
      await action();
    } catch (err) {
      if (!onError?.(err)) fail(err);
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, setError, fail, submit };
}
