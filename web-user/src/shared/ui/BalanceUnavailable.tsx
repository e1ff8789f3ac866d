import { useTranslation } from 'react-i18next';
import './balance-unavailable.css';

/**
 * Where an order or money form shows the available balance but could not load it (network error,
 * 5xx): the form shows "—" there, never a 0 that is not known, and this line says so with a retry.
 * The form stays usable: the server checks the balance when the user confirms.
 */
export function BalanceUnavailable({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation('funds');
  return (
    <div className="balance-unavailable" role="alert" data-testid="balance-error">
      <span>
        <strong>{t('balanceError.loadFailed')}</strong>{' '}
        <button type="button" className="link" onClick={onRetry} data-testid="balance-retry">
          {t('common:states.retry')}
        </button>
      </span>
      <span className="muted small">{t('balanceError.checkedOnConfirm')}</span>
    </div>
  );
}

/** The available balance of a form's state: known only when loaded and not failed since. */
export function knownBalance<T>(state: { data: T | undefined; error: unknown }): T | undefined {
  return state.error ? undefined : state.data;
}
