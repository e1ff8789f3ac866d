import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A dialog: its title and ×, its body and its footer (usually ModalActions). While `busy` (its
 * request runs) it does not close: the × is off and dimmed like the footer's Cancel, and Escape and
 * a click beside it do nothing.
 */
export function Modal({
  title,
  onClose,
  children,
  footer,
  busy,
}: {
  title: string;
  onClose: () => void;
  children: React.ReactNode;
  footer?: React.ReactNode;
  busy?: boolean;
}) {
  const { t } = useTranslation();
  const close = busy ? undefined : onClose;
  useEffect(() => {
    if (!close) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && close();
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [close]);
  return (
    <div className="modal-backdrop" onClick={close}>
      <div
        className="modal"
        role="dialog"
        aria-modal="true"
        aria-label={title}
        onClick={(e) => e.stopPropagation()}
      >
        <div className="modal-head">
          <h2>{title}</h2>
          <button
            type="button"
            className="icon-btn"
            aria-label={t('actions.close')}
            onClick={close}
            disabled={busy}
            aria-disabled={busy || undefined}
          >
            ×
          </button>
        </div>
        <div className="modal-body">{children}</div>
        {footer && <div className="modal-foot">{footer}</div>}
      </div>
    </div>
  );
}

/** A dialog's two buttons: Cancel (or `cancelLabel`) and its action; both are off while `busy`. */
export function ModalActions({
  confirmLabel,
  cancelLabel,
  busy,
  danger,
  testId,
  onConfirm,
  onCancel,
}: {
  confirmLabel: string;
  cancelLabel?: string;
  busy?: boolean;
  danger?: boolean;
  testId?: string;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <button type="button" className="btn btn-ghost" onClick={onCancel} disabled={busy}>
        {cancelLabel ?? t('actions.cancel')}
      </button>
      <button
        type="button"
        className={danger ? 'btn btn-danger' : 'btn btn-primary'}
        onClick={onConfirm}
        disabled={busy}
        data-testid={testId}
      >
        {confirmLabel}
      </button>
    </>
  );
}

export function ConfirmModal({
  title,
  text,
  onConfirm,
  onClose,
}: {
  title: string;
  text: string;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      title={title}
      onClose={onClose}
      footer={<ModalActions confirmLabel={t('actions.confirm')} onConfirm={onConfirm} onCancel={onClose} />}
    >
      <p>{text}</p>
    </Modal>
  );
}
