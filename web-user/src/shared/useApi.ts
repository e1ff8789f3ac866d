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
  /** The asking it answers (the inputs, `refresh` and reloads); null: none yet for these inputs. */
  request: unknown[] | null;
  data: T | undefined;
  error: ApiError | null;
}

const sameKey = (a: unknown[], b: unknown[]) =>
  a.length === b.length && a.every((v, i) => Object.is(v, b[i]));

/**
 * Runs a call on mount and whenever its inputs change; every screen shows loading, empty and error
 * states from it.
 *
 * `deps` are the call's inputs (the book, a filter, a tab, a page...), compared with Object.is as
 * useEffect's are (so values, not objects made while rendering): an answer belongs to them.
 * Once they change, the previous answer (data or error) is no longer returned: the screen shows its
 * loading state until the answer for the new inputs comes, never another book's or page's figures as
 * if they were current. While disabled there is no answer either.
 *
 * `refresh` (a counter bumped after a change, a version) and `reload()` ask again for the same
 * inputs: the answer in hand stays on screen meanwhile (`loading` is true).
 *
 * Whether it is loading is derived while rendering (the answer in hand is not the current asking's),
 * so the effect sets state only when an answer comes.
 */
export function useApi<T>(
  call: (signal: AbortSignal) => Promise<T>,
  deps: unknown[],
  enabled = true,
  refresh: unknown[] = [],
): ApiState<T> {
  const key = [...deps, enabled];
  const [round, setRound] = useState(0);
  const request = [...key, ...refresh, round];
  const [answer, setAnswer] = useState<Answer<T>>(() => ({
    key,
    request: null,
    data: undefined,
    error: null,
  }));
  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    call(controller.signal).then(
      (result) => {
        if (controller.signal.aborted) return;
        setAnswer({ key, request, data: result, error: null });
      },
      (err: unknown) => {
        if (controller.signal.aborted) return;
        const error = err instanceof ApiError ? err : new ApiError(0, String(err));
        // The same inputs asked again keep their data; new inputs have none.
        setAnswer((a) => ({ key, request, data: sameKey(a.key, key) ? a.data : undefined, error }));
      },
    );
    return () => controller.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the caller's inputs are the deps, as useEffect's own
  }, request);
  const reload = useCallback(() => setRound((r) => r + 1), []);
  // New inputs (or disabled): the answer in hand belongs to others and is dropped now, while
  // rendering, so that no later render shows it (the screen shows its loading state meanwhile).
  if (!sameKey(answer.key, key)) {
    setAnswer({ key, request: null, data: undefined, error: null });
    return { data: undefined, error: null, loading: enabled, reload };
  }
  const answered = answer.request !== null && sameKey(answer.request, request);
  return { data: answer.data, error: answered ? answer.error : null, loading: enabled && !answered, reload };
}
