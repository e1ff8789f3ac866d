import { useEffect, useEffectEvent } from 'react';

/**
 * Calls `onReturn` when the user comes back to the page: its tab shown again (visibilitychange) or
 * its window focused again (another window was in front). Coming back to a tab usually fires both:
 * they count once within `gapMs`. For a check the user may have changed meanwhile in another tab
 * (a loan repaid there): pass an ApiState's `reload`, which keeps the answer in hand on screen until
 * the new one comes, so nothing flickers.
 */
export function useOnReturn(onReturn: () => void, enabled = true, gapMs = 1000): void {
  const callback = useEffectEvent(onReturn);
  useEffect(() => {
    if (!enabled) return;
    let last = 0;
    const back = () => {
      if (document.visibilityState !== 'visible') return;
      const now = Date.now();
      if (now - last < gapMs) return;
      last = now;
      callback();
    };
    document.addEventListener('visibilitychange', back);
    window.addEventListener('focus', back);
    return () => {
      document.removeEventListener('visibilitychange', back);
      window.removeEventListener('focus', back);
    };
  }, [enabled, gapMs]);
}
