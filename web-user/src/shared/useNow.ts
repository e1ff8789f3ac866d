import { useCallback, useEffect, useMemo, useState } from 'react';

/** The current time, re-rendered every `ms` (countdowns to expiry and to auction ends). */
export function useNow(ms = 1000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), ms);
    return () => clearInterval(timer);
  }, [ms]);
  return now;
}

/**
 * Counts down server-given `remainingSeconds` from the moment `data` arrived. The elapsed time is
 * never negative: `now` ticks once a second, so it can lag behind the fetch by up to a second.
 */
export function useSecondsLeft(data: unknown, ms = 1000): (remainingSeconds: number) => number {
  const now = useNow(ms);
  // Stamped in the render that first shows `data`, so no frame counts from an older fetch.
  const fetchedAt = useMemo(() => ({ data, at: Date.now() }), [data]).at;
  const elapsed = Math.max(0, Math.floor((now - fetchedAt) / 1000));
  return useCallback((remainingSeconds: number) => Math.max(0, remainingSeconds - elapsed), [elapsed]);
}

/** Seconds as h:mm:ss (or m:ss under an hour); days first when longer than a day. */
export function formatDuration(totalSeconds: number, dayLabel: (days: number) => string): string {
  const s = Math.max(0, Math.floor(totalSeconds));
  const days = Math.floor(s / 86400);
  const h = Math.floor((s % 86400) / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = s % 60;
  const pad = (n: number) => String(n).padStart(2, '0');
  const clock = h || days ? `${pad(h)}:${pad(m)}:${pad(sec)}` : `${m}:${pad(sec)}`;
  return days ? `${dayLabel(days)} ${clock}` : clock;
}
