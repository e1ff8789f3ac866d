import { useTranslation } from 'react-i18next';
import type { ApiError } from '../../api/http-client';

export function Loading() {
  const { t } = useTranslation();
  return (
    <div className="state state-loading" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <span>{t('states.loading')}</span>
    </div>
  );
}

export function Empty({ text }: { text?: string }) {
  const { t } = useTranslation();
  return (
    <div className="state state-empty" data-testid="state-empty">
      <svg viewBox="0 0 48 48" width="48" height="48" aria-hidden="true">
        <rect x="8" y="12" width="32" height="26" rx="4" fill="none" stroke="currentColor" strokeWidth="2" />
        <path d="M8 20h32" stroke="currentColor" strokeWidth="2" />
      </svg>
      <span>{text ?? t('states.empty')}</span>
    </div>
  );
}

export function ErrorState({ error, onRetry }: { error: ApiError | null; onRetry?: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="state state-error" role="alert" data-testid="state-error">
      <strong>{t('states.errorTitle')}</strong>
      <span className="muted">{error?.message || t('errors.unknown')}</span>
      {onRetry && (
        <button type="button" className="btn btn-ghost" onClick={onRetry}>
          {t('states.retry')}
        </button>
      )}
    </div>
  );
}

/** Loading -> error (with retry) -> empty -> content. */
export function AsyncView<T>({
  state,
  isEmpty,
  emptyText,
  children,
}: {
  state: { data: T | undefined; error: ApiError | null; loading: boolean; reload: () => void };
  isEmpty?: (data: T) => boolean;
  emptyText?: string;
  children: (data: T) => React.ReactNode;
}) {
  if (state.loading && state.data === undefined) return <Loading />;
  if (state.error) return <ErrorState error={state.error} onRetry={state.reload} />;
  if (state.data === undefined) return <Loading />;
  const empty = isEmpty ? isEmpty(state.data) : Array.isArray(state.data) && state.data.length === 0;
  if (empty) return <Empty text={emptyText} />;
  return <>{children(state.data)}</>;
}
