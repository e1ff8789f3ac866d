import { useSyncExternalStore } from 'react';

/** Bumped whenever an order is placed, closed or cancelled: every order list on screen reloads. */
let version = 0;
const listeners = new Set<() => void>();
export function bumpTrading(): void {
  version += 1;
  listeners.forEach((l) => l());
}
export function useTradingVersion(): number {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => version,
  );
}
