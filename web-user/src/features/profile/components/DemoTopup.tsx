import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { formatDate, formatExact } from '../../../shared/format';
import { ConfirmDetails } from '../../../shared/ui/ConfirmDetails';
import { toast } from '../../../shared/ui/Toast';
import { profileApi, useDemoTopupStatus, type DemoTopupStatus } from '../api/profile-api';

/**
 * "Top up demo funds" on the profile's demo balances (DESIGN.md, demo book): brings the demo USDT
 * available balance back up to the grant, after a confirmation that shows the amount. Why it is not
 * possible (at the grant already, too soon: until when, a disabled demo book) shows beside the
 * disabled button; a refusal the server answers meanwhile shows in the dialog.
 */
export function DemoTopup({ onDone }: { onDone: () => void }) {
  const { t, i18n } = useTranslation('profile');
  const status = useDemoTopupStatus(true);
  const [confirming, setConfirming] = useState(false);
  const s = status.data;

  const confirm = async (idempotencyKey: string) => {
    try {
      const done = await profileApi.demoTopup(idempotencyKey);
      setConfirming(false);
      toast(t('demoTopup.done', { amount: formatExact(done.result.amount) }), 'success');
      onDone();
    } finally {
      // Topped up or refused (another tab topped up, the balance changed): ask again.
      status.reload();
    }
  };

  return (
    // The explanation keeps a readable width: on a phone the button goes under it.
    <div className="notice demo-topup" data-testid="demo-topup" style={{ margin: '0.08rem 0 0' }}>
      <div className="grow" style={{ flexBasis: '2.4rem' }}>
        <strong>{t('demoTopup.title')}</strong>
        <p className="muted small" data-testid="demo-topup-state" aria-live="polite">
          {s ? explain(s, t, i18n.language) : status.error ? status.error.message : t('demoTopup.checking')}
        </p>
      </div>
      <button
        type="button"
        className="btn btn-primary btn-sm"
        data-testid="demo-topup-open"
        disabled={!s?.eligible || status.loading}
        onClick={() => setConfirming(true)}
      >
        {t('demoTopup.button')}
      </button>
      {confirming && s && (
        <ConfirmDetails
          title={t('demoTopup.confirmTitle')}
          rows={[
            {
              label: t('demoTopup.amount'),
              value: <span dir="ltr">+{formatExact(s.amount)} USDT</span>,
              testId: 'demo-topup-amount',
              strong: true,
            },
            {
              label: t('demoTopup.now'),
              value: <span dir="ltr">{formatExact(s.available)} USDT</span>,
            },
            {
              label: t('demoTopup.after'),
              value: <span dir="ltr">{formatExact(s.grant)} USDT</span>,
              testId: 'demo-topup-after',
            },
          ]}
          note={t('demoTopup.note', { hours: s.intervalHours })}
          confirmLabel={t('demoTopup.confirm')}
          onClose={() => setConfirming(false)}
          onConfirm={confirm}
        />
      )}
    </div>
  );
}

function explain(s: DemoTopupStatus, t: TFunction<'profile'>, language: string): string {
  const next = s.nextAt
    ? ` ${t('demoTopup.next', { time: formatDate(s.nextAt, language), hours: s.intervalHours })}`
    : '';
  if (s.refusal === 'demoDisabled') return t('demoTopup.disabled');
  if (s.refusal === 'full') return `${t('demoTopup.full', { grant: formatExact(s.grant) })}${next}`;
  if (s.refusal === 'tooSoon') return t('demoTopup.tooSoon', { hours: s.intervalHours }) + next;
  return t('demoTopup.eligible', { amount: formatExact(s.amount), grant: formatExact(s.grant) });
}
