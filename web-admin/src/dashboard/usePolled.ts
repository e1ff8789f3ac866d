import { useCallback, useEffect, useRef, useState } from 'react';
import { call } from '../api';

export interface Polled<T> {
  data: T | undefined;
  error: Error | undefined;
  /** True until the first answer (or failure) of the current path. */
  loading: boolean;
  refreshedAt: Date | undefined;
  reload: () => void;
}

/**
 * GETs an admin API path now and every `seconds` after, while the page is visible. A failed refresh
 * keeps the last good data and reports the error; a new path starts over (loading again).
 */
export function usePolled<T>(path: string, seconds: number): Polled<T> {
  const [state, setState] = useState<Omit<Polled<T>, 'reload'>>({
    data: undefined,
    error: undefined,
    loading: true,
    refreshedAt: undefined,
  });
  const current = useRef(path);
  const [nonce, setNonce] = useState(0);
  const reload = useCallback(() => setNonce((n) => n + 1), []);

  useEffect(() => {
    current.current = path;
    setState({ data: undefined, error: undefined, loading: true, refreshedAt: undefined });
  }, [path]);

  useEffect(() => {
    let stopped = false;
    const load = async () => {
      if (document.visibilityState === 'hidden') return;
      try {
        const data = await call<T>(path);
        if (!stopped && current.current === path)
          setState({ data, error: undefined, loading: false, refreshedAt: new Date() });
      } catch (error) {
        if (!stopped && current.current === path)
          setState((s) => ({ ...s, error: error as Error, loading: false }));
      }
    };
    void load();
    const timer = setInterval(() => void load(), seconds * 1000);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [path, seconds, nonce]);

  return { ...state, reload };
}
