import { useTranslation } from 'react-i18next';
import { session, useSession } from '../session';
import { toast } from './Toast';

/**
 * Deposits, withdrawals, plans, loans and NFTs move real money: on the demo account the screen says
 * so (spec section 5, "demo accounts cannot use ...") and offers the switch to the real account.
 */
export function RealBookNotice({ text }: { text?: string }) {
  const { t } = useTranslation();
  const { demo } = useSession();
  if (!demo) return null;
  return (
    <div className="notice notice-warn" role="note" data-testid="demo-notice">
      <span>{text ?? t('book.demoOnlyReal')}</span>
      <button
        type="button"
        className="btn btn-primary btn-sm"
        data-testid="switch-real"
        onClick={() => {
          session.setDemo(false);
          toast(t('profile:book.switchedReal'), 'success');
        }}
      >
        {t('book.switchReal')}
      </button>
    </div>
  );
}

/** The current account as a small badge. */
export function BookBadge() {
  const { t } = useTranslation();
  const { demo } = useSession();
  return (
    <span className={`badge ${demo ? 'badge-demo' : 'badge-real'}`} data-testid="book-badge">
      {demo ? t('profile:book.demo') : t('profile:book.real')}
    </span>
  );
}

/** A state as a coloured badge; `tone` overrides the colour guessed from the state's name. */
export function StatusBadge({
  ns,
  status,
  tone: toneOverride,
  labelKey,
}: {
  ns: string;
  status: string;
  tone?: 'ok' | 'wait' | 'bad' | 'done';
  /** A more specific text than `status.<status>` (the same state means more in some lists). */
  labelKey?: string;
}) {
  const { t } = useTranslation(ns);
  const tone =
    toneOverride ??
    (/^(rejected|failed|expired|lost|cancelled|withdrawn|exited)$/.test(status)
      ? 'bad'
      : /^(pending|waiting|unverified|closing|repaying|settling)$/.test(status)
        ? 'wait'
        : 'ok');
  return (
    <span className={`status status-${tone}`} data-status={status}>
      {t(labelKey ?? `status.${status}`, { defaultValue: status })}
    </span>
  );
}
