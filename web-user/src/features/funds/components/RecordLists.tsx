import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, formatExact } from '../../../shared/format';
import { Pager } from '../../../shared/ui/Pager';
import { StatusBadge } from '../../../shared/ui/RealBookNotice';
import { AsyncView } from '../../../shared/ui/StateViews';
import { CopyButton } from '../../../shared/ui/CopyButton';
import { useApi } from '../../../shared/useApi';
import { fundsApi, type Withdrawal } from '../api/funds-api';

/** My deposits with their review state and, when rejected, the reason. */
export function RechargeList() {
  const { t, i18n } = useTranslation('funds');
  const [page, setPage] = useState(1);
  const list = useApi((signal) => fundsApi.recharges(page, signal), [page]);
  return (
    <AsyncView state={list} isEmpty={(d) => d.list.length === 0} emptyText={t('records.noRecharges')}>
      {(d) => (
        <>
          <div className="table-scroll">
            <table className="table table-stack" data-testid="recharge-list">
              <thead>
                <tr>
                  <th>{t('records.time')}</th>
                  <th>{t('fields.coin')}</th>
                  <th className="num">{t('fields.amount')}</th>
                  <th>{t('fields.txHash')}</th>
                  <th>{t('records.status')}</th>
                </tr>
              </thead>
              <tbody>
                {d.list.map((r) => (
                  <tr key={r.id} data-id={r.id}>
                    <td data-label={t('records.time')}>{formatDate(r.createdAt, i18n.language)}</td>
                    <td data-label={t('fields.coin')}>
                      {r.coin} <span className="muted small">{r.network}</span>
                    </td>
                    <td className="num" data-label={t('fields.amount')}>
                      {formatExact(r.amount)}
                    </td>
                    <td data-label={t('fields.txHash')}>
                      <code className="ellipsis" dir="ltr" title={r.txHash}>
                        {r.txHash}
                      </code>
                    </td>
                    <td data-label={t('records.status')}>
                      <StatusBadge ns="funds" status={r.status} />
                      {r.reason && (
                        <div className="muted small">{t('records.reason', { reason: r.reason })}</div>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pager page={page} total={d.total} size={10} onPage={setPage} />
        </>
      )}
    </AsyncView>
  );
}

/** My withdrawals with fee, state and reason; once paid out, when and the payout's reference. */
export function WithdrawalList() {
  const { t, i18n } = useTranslation('funds');
  const [page, setPage] = useState(1);
  const list = useApi((signal) => fundsApi.withdrawals(page, signal), [page]);
  return (
    <AsyncView state={list} isEmpty={(d) => d.list.length === 0} emptyText={t('records.noWithdrawals')}>
      {(d) => (
        <>
          <div className="table-scroll">
            <table className="table table-stack" data-testid="withdrawal-list">
              <thead>
                <tr>
                  <th>{t('records.time')}</th>
                  <th>{t('withdraw.method')}</th>
                  <th className="num">{t('fields.amount')}</th>
                  <th className="num">{t('withdraw.fee')}</th>
                  <th>{t('withdraw.to')}</th>
                  <th>{t('records.status')}</th>
                </tr>
              </thead>
              <tbody>
                {d.list.map((w) => (
                  <tr key={w.id} data-id={w.id}>
                    <td data-label={t('records.time')}>{formatDate(w.createdAt, i18n.language)}</td>
                    <td data-label={t('withdraw.method')}>{t(`withdraw.${w.method}`)}</td>
                    <td className="num" data-label={t('fields.amount')}>
                      <span dir="ltr">
                        {formatExact(w.amount)} {w.coin}
                      </span>
                    </td>
                    <td className="num" data-label={t('withdraw.fee')}>
                      {formatExact(w.fee)}
                    </td>
                    <td data-label={t('withdraw.to')}>
                      <span className="ellipsis" dir="ltr">
                        {w.method === 'crypto'
                          ? `${w.network ?? ''} ${w.address ?? ''}`
                          : `${w.bankType ?? ''} ${w.bankAccount ?? ''}`}
                      </span>
                    </td>
                    <td data-label={t('records.status')}>
                      <StatusBadge
                        ns="funds"
                        status={w.status}
                        tone={w.status === 'completed' ? 'done' : undefined}
                        // Approved is not yet paid: the payout's reference completes it.
                        labelKey={w.status === 'approved' ? 'status.payoutPending' : undefined}
                      />
                      {w.reason && (
                        <div className="muted small">{t('records.reason', { reason: w.reason })}</div>
                      )}
                      {w.status === 'completed' && <Payout withdrawal={w} />}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pager page={page} total={d.total} size={10} onPage={setPage} />
        </>
      )}
    </AsyncView>
  );
}

/**
 * A paid-out withdrawal: when, and its transaction hash (crypto) or bank transfer reference, kept
 * left to right in Arabic too, cut with an ellipsis where narrow (the whole in its tooltip) and
 * copied whole by the button.
 */
function Payout({ withdrawal: w }: { withdrawal: Withdrawal }) {
  const { t, i18n } = useTranslation('funds');
  const reference = w.payoutReference ?? '';
  return (
    <div className="payout small" data-testid="payout">
      {w.completedAt && (
        <div className="muted" data-testid="payout-time">
          {t('records.paidOut')}{' '}
          <time dateTime={w.completedAt}>{formatDate(w.completedAt, i18n.language)}</time>
        </div>
      )}
      {reference && (
        <div className="payout-ref">
          <span className="muted">
            {w.method === 'crypto' ? t('fields.txHash') : t('records.transferReference')}
          </span>
          <code className="ellipsis" dir="ltr" title={reference} data-testid="payout-reference">
            {reference}
          </code>
          <CopyButton
            text={reference}
            label={t('records.copy')}
            className="btn btn-ghost btn-sm"
            testId="copy-payout-reference"
          />
        </div>
      )}
    </div>
  );
}
