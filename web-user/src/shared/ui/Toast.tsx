import { useSyncExternalStore } from 'react';

interface ToastItem {
  id: number;
  text: string;
  kind: 'info' | 'success' | 'warning' | 'error';
}
let items: ToastItem[] = [];
let next = 1;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

/** A short message at the top of the screen (e.g. "switched to real account"). */
export function toast(text: string, kind: ToastItem['kind'] = 'info', ms = 2600): void {
  const id = next++;
  items = [...items, { id, text, kind }];
  emit();
  setTimeout(() => {
    items = items.filter((i) => i.id !== id);
    emit();
  }, ms);
}

export function Toaster() {
  const list = useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => items,
  );
  return (
    <div className="toaster" aria-live="polite">
      {list.map((i) => (
        <div key={i.id} className={`toast toast-${i.kind}`} role="status" data-testid="toast">
          {i.text}
        </div>
      ))}
    </div>
  );
}
