import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, formatSignedAmount } from '../../../shared/format';
import { PageHeader } from '../../../shared/ui/Field';
import { Pager } from '../../../shared/ui/Pager';
import { AsyncView } from '../../../shared/ui/StateViews';
import { FUNDING_TYPES, useFundingDetails } from '../api/funds-api';

/**
 * Which balance a line moved. A hold is two lines of one movement (available −200, smart plans +200):
 * without the balance they read as money out and back in.
 */
function useBalanceName() {
  const { t } = useTranslation('funds');
  return (kind: string) =>
    kind === 'available' || kind === 'frozen'
      ? t(`balances.${kind}`)
      : t(`kinds.${kind}`, { defaultValue: t('kinds.other') });
}

/** Funding details (/zjxq): every movement of the user's money in the current book. */
export function FundingDetailsPage() {
  const { t, i18n } = useTranslation('pages');
  const balanceName = useBalanceName();
  const [type, setType] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const details = useFundingDetails(type, page);
  const pick = (next: string | null) => {
    setType(next);
    setPage(1);
  };
  return (
    <div className="container page">
      <PageHeader title={t('funding.title')} subtitle={t('funding.subtitle')} />
      <div className="chips" role="tablist">
        <button
          type="button"
          role="tab"
          aria-selected={type === null}
          className={type === null ? 'chip active' : 'chip'}
          onClick={() => pick(null)}
        >
          {t('funding.all')}
        </button>
        {FUNDING_TYPES.map((k) => (
          <button
            key={k}
            type="button"
            role="tab"
            aria-selected={type === k}
            className={type === k ? 'chip active' : 'chip'}
            onClick={() => pick(k)}
          >
            {t(`funding.types.${k}`)}
          </button>
        ))}
      </div>
      <div className="card">
        <AsyncView state={details} isEmpty={(d) => d.list.length === 0} emptyText={t('funding.empty')}>
          {(d) => (
            <>
              <div className="table-scroll">
                <table className="table table-stack">
                  <thead>
                    <tr>
                      <th>{t('funding.time')}</th>
                      <th>{t('funding.type')}</th>
                      <th>{t('funding.account')}</th>
                      <th>{t('funding.coin')}</th>
                      <th className="num">{t('funding.amount')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {d.list.map((l) => (
                      <tr key={`${l.transferId}-${l.currency}-${l.amount}`}>
                        <td data-label={t('funding.time')}>{formatDate(l.at, i18n.language)}</td>
                        <td data-label={t('funding.type')}>
                          {t(`funding.types.${l.type}`, { defaultValue: t('funding.types.other') })}
                        </td>
                        <td data-label={t('funding.account')}>{balanceName(l.kind)}</td>
                        <td data-label={t('funding.coin')}>{l.currency}</td>
                        <td
                          className={`num ${l.amount.startsWith('-') ? 'down' : 'up'}`}
                          data-label={t('funding.amount')}
                        >
                          {/* Money in "+", out "-"; left to right in Arabic too: "-200" read "200-". */}
                          <span dir="ltr">{formatSignedAmount(l.amount)}</span>
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              <Pager page={page} total={d.total} size={20} onPage={setPage} />
            </>
          )}
        </AsyncView>
      </div>
    </div>
  );
}
