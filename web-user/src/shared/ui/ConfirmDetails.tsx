import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, newIdempotencyKey } from '../../api/http-client';
import { FormError } from './Field';
import { Modal, ModalActions } from './Modal';

export interface DetailRow {
  label: string;
  value: React.ReactNode;
  testId?: string;
  strong?: boolean;
}

/**
 * The confirmation every money movement passes through: what will happen, figure by figure, then
 * Confirm. The action's error (localized by the server) stays in the dialog. `onConfirm` gets the
 * Idempotency-Key of this confirmation: it stays the same while a request got no answer (a network
 * error or a time-out, when the server may have acted), so that Confirm again replays instead of
 * moving the money twice, and is new once the server has answered.
 */
export function ConfirmDetails({
  title,
  rows,
  note,
  children,
  confirmLabel,
  danger,
  onConfirm,
  onClose,
}: {
  title: string;
  rows: DetailRow[];
  note?: React.ReactNode;
  children?: React.ReactNode;
  confirmLabel?: string;
  danger?: boolean;
  onConfirm: (idempotencyKey: string) => Promise<void>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const key = useRef(newIdempotencyKey());
  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      await onConfirm(key.current);
      key.current = newIdempotencyKey();
    } catch (err) {
      // ApiError 0 (network) and -1 (time-out): no answer, so the next try is the same request.
      if (!(err instanceof ApiError && err.code <= 0)) key.current = newIdempotencyKey();
      setError(err instanceof ApiError ? err.message : t('errors.unknown'));
    } finally {
      // Also when onConfirm returns without closing the dialog (a field refused in the dialog):
      // a dialog left busy could neither be confirmed again nor closed.
      setBusy(false);
    }
  };
  return (
    <Modal
      title={title}
      onClose={onClose}
      busy={busy}
      footer={
        <ModalActions
          confirmLabel={busy ? t('states.loading') : (confirmLabel ?? t('actions.confirm'))}
          busy={busy}
          danger={danger}
          testId="confirm-action"
          onConfirm={() => void confirm()}
          onCancel={onClose}
        />
      }
    >
      <dl className="details confirm-details">
        {rows.map((r) => (
          <div key={r.label} className="details-row">
            <dt>{r.label}</dt>
            <dd data-testid={r.testId} className={r.strong ? 'strong' : undefined} dir="auto">
              {r.value}
            </dd>
          </div>
        ))}
      </dl>
      {note && <p className="muted small">{note}</p>}
      {children}
      <FormError message={error} testId="confirm-error" />
    </Modal>
  );
}
