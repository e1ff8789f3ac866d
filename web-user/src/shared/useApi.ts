import { useCallback, useEffect, useState } from 'react';
import { ApiError } from '../api/http-client';

export interface ApiState<T> {
  data: T | undefined;
  error: ApiError | null;
  loading: boolean;
  reload: () => void;
}

interface Answer<T> {
  /** The inputs (deps and enabled) the answer belongs to. */
  key: unknown[];
  data: T | undefined;
  error: ApiError | null;
  loading: boolean;
}

const sameKey = (a: unknown[], b: unknown[]) =>
  a.length === b.length && a.every((v, i) => Object.is(v, b[i]));

/**
 * Runs a call on mount and whenever its inputs change; every screen shows loading, empty and error
 * states from it.
 *
 * `deps` are the call's inputs (the book, a filter, a tab, a page...): an answer belongs to them.
 * Once they change, the previous answer (data or error) is no longer returned: the screen shows its
 * loading state until the answer for the new inputs comes, never another book's or page's figures as
 * if they were current. While disabled there is no answer either.
 *
 * `refresh` (a counter bumped after a change, a version) and `reload()` ask again for the same
 * inputs: the answer in hand stays on screen meanwhile (`loading` is true).
 */
export function useApi<T>(
  call: (signal: AbortSignal) => Promise<T>,
  deps: unknown[],
  enabled = true,
  refresh: unknown[] = [],
): ApiState<T> {
  const key = [...deps, enabled];
  const [answer, setAnswer] = useState<Answer<T>>(() => ({
    key,
    data: undefined,
    error: null,
    loading: enabled,
  }));
  const [round, setRound] = useState(0);
  useEffect(() => {
    if (!enabled) {
      setAnswer((a) =>
        sameKey(a.key, key) && !a.loading && a.data === undefined && !a.error
          ? a
          : { key, data: undefined, error: null, loading: false },
      );
      return;
    }
    const controller = new AbortController();
    // The same inputs asked again keep their data meanwhile; new inputs start from nothing.
    setAnswer((a) =>
      sameKey(a.key, key)
        ? { ...a, error: null, loading: true }
        : { key, data: undefined, error: null, loading: true },
    );
    call(controller.signal).then(
      (result) => {
        if (controller.signal.aborted) return;
        setAnswer({ key, data: result, error: null, loading: false });
      },
      (err: unknown) => {
        if (controller.signal.aborted) return;
        const error = err instanceof ApiError ? err : new ApiError(0, String(err));
        setAnswer((a) => ({ key, data: sameKey(a.key, key) ? a.data : undefined, error, loading: false }));
      },
    );
    return () => controller.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [...key, ...refresh, round]);
  const reload = useCallback(() => setRound((r) => r + 1), []);
  // Rendered with new inputs before the effect has asked for them: nothing yet, loading.
  if (!sameKey(answer.key, key)) return { data: undefined, error: null, loading: enabled, reload };
  return { data: answer.data, error: answer.error, loading: answer.loading, reload };
}
