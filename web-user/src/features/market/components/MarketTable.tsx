import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Sparkline } from '../../../shared/charts/Sparkline';
import { formatAmount } from '../../../shared/format';
import { AsyncView } from '../../../shared/ui/StateViews';
import { changeOf, priceOf, type MarketItem } from '../api/market-api';
import { useMarketList } from '../hooks/useMarketList';

/** Name with logo, 24h change %, small line chart, price; a row opens /cruuency with code, type and id. */
export function MarketTable({ type, limit }: { type: number; limit?: number }) {
  const { t } = useTranslation('market');
  const navigate = useNavigate();
  const state = useMarketList(type);
  const open = (m: MarketItem) =>
    void navigate(
      `/cruuency?code=${encodeURIComponent(m.code)}&type=${m.type ?? type}&id=${encodeURIComponent(String(m.id))}`,
    );
  return (
    <div className="market-table" data-testid="market-table">
      <AsyncView state={state} emptyText={t('empty')}>
        {(list) => (
          <table className="table table-hover">
            <thead>
              <tr>
                <th>{t('columns.name')}</th>
                <th className="num">{t('columns.price')}</th>
                <th className="num">{t('columns.change')}</th>
                <th className="chart-col">{t('columns.chart')}</th>
              </tr>
            </thead>
            <tbody>
              {(limit ? list.slice(0, limit) : list).map((m) => {
                const change = changeOf(m);
                // Without a price there is no change either: "—", not a "0.00%" nobody measured.
                const priced = (priceOf(m) ?? '') !== '' && m.zdf !== null && m.zdf !== undefined;
                return (
                  <tr
                    key={`${m.id}-${m.code}`}
                    data-code={m.code}
                    onClick={() => open(m)}
                    tabIndex={0}
                    onKeyDown={(e) => e.key === 'Enter' && open(m)}
                  >
                    <td>
                      <span className="coin">
                        {m.logo ? (
                          <img src={m.logo} alt="" width={28} height={28} loading="lazy" />
                        ) : (
                          <span className="coin-fallback">{m.code.slice(0, 1)}</span>
                        )}
                        <span>
                          <strong>{m.code}</strong>
                          <small className="muted">{m.appName ?? m.name ?? ''}</small>
                        </span>
                      </span>
                    </td>
                    <td className="num">
                      <span data-testid={`price-${m.code}`} dir="ltr">
                        {formatAmount(priceOf(m), 6)}
                      </span>
                    </td>
                    <td className={`num ${priced && change > 0 ? 'up' : priced && change < 0 ? 'down' : ''}`}>
                      {priced ? (
                        <span dir="ltr">
                          {change > 0 ? '+' : ''}
                          {change.toFixed(2)}%
                        </span>
                      ) : (
                        '—'
                      )}
                    </td>
                    <td className="chart-col">
                      <Sparkline
                        points={(m.hundred ?? []).map(Number).filter((n) => Number.isFinite(n))}
                        up={change >= 0}
                      />
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        )}
      </AsyncView>
    </div>
  );
}
