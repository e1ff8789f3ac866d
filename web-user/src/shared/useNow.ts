import { useCallback, useEffect, useState } from 'react';

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
 * Counts down server-given `remainingSeconds` from the moment `data` was shown: a clock started
 * then (by the effect of the render that shows it) ticks every `ms`; until its first tick, and for
 * data it has not started for yet, no time has passed (no frame counts from an older fetch).
 */
export function useSecondsLeft(data: unknown, ms = 1000): (remainingSeconds: number) => number {
  const [passed, setPassed] = useState<{ data: unknown; seconds: number }>({ data, seconds: 0 });
  useEffect(() => {
    const start = Date.now();
    const timer = setInterval(
      () => setPassed({ data, seconds: Math.max(0, Math.floor((Date.now() - start) / 1000)) }),
      ms,
    );
    return () => clearInterval(timer);
  }, [data, ms]);
  const elapsed = passed.data === data ? passed.seconds : 0;
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
