import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  formatAmount,
  formatDate,
  formatDateParts,
  formatLeverage,
  formatPrice,
  formatSignedAmount,
} from '../../../shared/format';
import { usePricePrecisions } from '../../market/hooks/usePricePrecisions';
import { useSession } from '../../../shared/session';
import { formatDuration, useSecondsLeft } from '../../../shared/useNow';
import { ConfirmDetails } from '../../../shared/ui/ConfirmDetails';
import { Pager } from '../../../shared/ui/Pager';
import { StatusBadge } from '../../../shared/ui/RealBookNotice';
import { AsyncView } from '../../../shared/ui/StateViews';
import { toast } from '../../../shared/ui/Toast';
import { useApi } from '../../../shared/useApi';
import { useMarketSocket } from '../../market/hooks/useMarketSocket';
import { tradingApi, type OptionsOrder, type UOrder } from '../api/trading-api';
import { bumpTrading, useTradingVersion } from '../hooks/tradingBus';
import { periodLabel } from './OptionsForm';

const signClass = (v: string | null) =>
  !v ? '' : v.startsWith('-') ? 'down' : /^0(\.0*)?$/.test(v) ? '' : 'up';

/** A time of the lists: the hour goes whole under the date when the column is narrow ("PM" alone read odd). */
function When({ value, lang }: { value: string | null | undefined; lang: string }) {
  const parts = formatDateParts(value, lang);
  if (!parts) return <>{formatDate(value, lang)}</>;
  return (
    <>
      <span className="nowrap">{parts[0]}</span> <span className="nowrap">{parts[1]}</span>
    </>
  );
}

/** How often a history's first page is asked again: orders end on the server (stop-loss, expiry). */
const HISTORY_POLL_MS = 15_000;

/**
 * A list that reloads itself: on every order change of this screen, every `pollMs` (stop-loss,
 * take-profit, limit fills and expiries happen on the server) and, when `live`, throttled on each
 * live tick of the codes it shows (the floating results the server computes from its quote). A
 * history is not live, but its first page still polls: an order that ends while it is open shows up.
 */
function useLiveList<T extends { code: string }>(
  load: (signal: AbortSignal) => Promise<{ list: T[]; total: number }>,
  deps: unknown[],
  live: boolean,
  pollMs: number | null = 5000,
) {
  const version = useTradingVersion();
  const { demo } = useSession();
  const list = useApi(load, [...deps, demo], true, [version]);
  const { reload } = list; // the same function on every render
  useEffect(() => {
    if (pollMs === null) return;
    const timer = setInterval(reload, pollMs);
    return () => clearInterval(timer);
  }, [pollMs, reload]);
  const codes = live ? [...new Set((list.data?.list ?? []).map((o) => o.code))].sort() : [];
  const last = useRef(0);
  useMarketSocket(codes.length ? { codes } : null, {
    tick: () => {
      const now = Date.now();
      if (now - last.current < 1500) return;
      last.current = now;
      reload();
    },
  });
  return list;
}

/** U orders: open positions (live result, close), waiting limit orders (cancel), or the history. */
export function UOrderList({ state }: { state: 'current' | 'history' }) {
  const { t, i18n } = useTranslation('trade');
  const [page, setPage] = useState(1);
  const list = useLiveList(
    (signal) => tradingApi.listU(state, page, signal),
    [state, page],
    state === 'current',
    state === 'current' ? 5000 : page === 1 ? HISTORY_POLL_MS : null,
  );
  const [closing, setClosing] = useState<UOrder | null>(null);
  // Prices show their instrument's decimals (72,944.70 beside 72,799.25).
  const precisions = usePricePrecisions(list.data?.list.map((o) => o.marketId) ?? []);
  const price = (o: UOrder, value: string | null) => formatPrice(value, precisions[String(o.marketId)]);
  return (
    <>
      <AsyncView
        state={list}
        isEmpty={(d) => d.list.length === 0}
        emptyText={state === 'current' ? t('lists.noPositions') : t('lists.noHistory')}
      >
        {(d) => (
          <>
            <div className="table-scroll">
              <table className="table orders table-stack" data-testid={`u-list-${state}`}>
                <thead>
                  <tr>
                    <th>{t('lists.order')}</th>
                    <th>{t('u.direction')}</th>
                    <th className="num">{t('u.lots')}</th>
                    <th className="num">{t('lists.openPrice')}</th>
                    <th className="num one-line">
                      {state === 'current' ? t('lists.currentPrice') : t('lists.closePrice')}
                    </th>
                    <th className="num one-line">{t('lists.slTp')}</th>
                    <th className="num">{t('u.margin')}</th>
                    <th className="num">{t('lists.fee')}</th>
                    <th className="num">{t('lists.profit')}</th>
                    <th>{t('lists.time')}</th>
                    <th>{t('lists.state')}</th>
                    {state === 'current' && <th className="col-action" />}
                  </tr>
                </thead>
                <tbody>
                  {d.list.map((o) => {
                    const profit = o.state === 'open' ? o.floatingProfit : o.profit;
                    return (
                      <tr key={o.id} data-order={o.id} data-state={o.state}>
                        <td data-label={t('lists.order')}>
                          <strong>{o.code}</strong>
                          <div className="muted small" dir="ltr">
                            {o.orderNo}
                          </div>
                        </td>
                        <td
                          className={`col-wrap ${o.direction === 'buy' ? 'up' : 'down'}`}
                          data-label={t('u.direction')}
                          data-testid="u-direction"
                        >
                          {/* The leverage goes under the direction when the table is short of room. */}
                          <span className="nowrap">{t(`u.${o.direction}`)}</span>{' '}
                          <span className="nowrap">{formatLeverage(o.leverage, i18n.language)}</span>
                        </td>
                        <td className="num" data-label={t('u.lots')}>
                          {formatAmount(o.lots)}
                        </td>
                        <td className="num" data-label={t('lists.openPrice')}>
                          {o.openPrice
                            ? price(o, o.openPrice)
                            : `${t('u.limitPrice')} ${price(o, o.limitPrice)}`}
                        </td>
                        <td
                          className="num"
                          data-label={state === 'current' ? t('lists.currentPrice') : t('lists.closePrice')}
                          data-testid="price-now"
                        >
                          {price(o, state === 'current' ? o.currentPrice : o.closePrice)}
                        </td>
                        {/* Stop-loss, then take-profit: one line when the table has room, else the
                            take-profit under the stop-loss (the column's header stays on one line). */}
                        <td className="num small col-wrap" data-label={t('lists.slTp')}>
                          <span className="nowrap">{price(o, o.stopLoss)} /</span>{' '}
                          <span className="nowrap">{price(o, o.takeProfit)}</span>
                        </td>
                        <td className="num" data-label={t('u.margin')}>
                          {formatAmount(o.margin)}
                        </td>
                        <td className="num" data-label={t('lists.fee')}>
                          {formatAmount(o.fee)}
                        </td>
                        <td
                          className={`num ${signClass(profit)}`}
                          data-label={t('lists.profit')}
                          data-testid="profit"
                        >
                          {/* Left to right in Arabic too: "-0.1" read "0.1-". */}
                          <span dir="ltr">{formatSignedAmount(profit)}</span>
                        </td>
                        <td className="small col-time" data-label={t('lists.time')}>
                          <When value={o.openTime ?? o.createdAt} lang={i18n.language} />
                          {o.closeTime && (
                            <div className="muted">
                              <When value={o.closeTime} lang={i18n.language} />
                            </div>
                          )}
                        </td>
                        <td data-label={t('lists.state')}>
                          <StatusBadge ns="trade" status={o.state} />
                          {o.closeReason && (
                            <div className="muted small">{t(`reasons.${o.closeReason}`)}</div>
                          )}
                        </td>
                        {state === 'current' && (
                          <td className="col-action">
                            <button
                              type="button"
                              className="btn btn-ghost btn-sm"
                              onClick={() => setClosing(o)}
                              data-testid={o.state === 'open' ? 'close-position' : 'cancel-order'}
                            >
                              {o.state === 'open' ? t('lists.close') : t('lists.cancel')}
                            </button>
                          </td>
                        )}
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </div>
            <Pager page={page} total={d.total} size={20} onPage={setPage} />
          </>
        )}
      </AsyncView>
      {closing && (
        <ConfirmDetails
          title={closing.state === 'open' ? t('lists.closeTitle') : t('lists.cancelTitle')}
          rows={[
            { label: t('lists.order'), value: `${closing.code} ${closing.orderNo}` },
            {
              label: t('u.direction'),
              value: `${t(`u.${closing.direction}`)} ${formatLeverage(closing.leverage, i18n.language)}`,
            },
            { label: t('u.lots'), value: formatAmount(closing.lots) },
            ...(closing.state === 'open'
              ? [
                  { label: t('lists.currentPrice'), value: price(closing, closing.currentPrice) },
                  {
                    label: t('lists.floating'),
                    value: formatSignedAmount(closing.floatingProfit),
                    strong: true,
                    testId: 'confirm-floating',
                  },
                ]
              : [
                  {
                    label: t('lists.refund'),
                    value: `${formatAmount(closing.margin)} + ${formatAmount(closing.fee)}`,
                  },
                ]),
          ]}
          note={closing.state === 'open' ? t('lists.closeNote') : undefined}
          danger={closing.state === 'open'}
          onClose={() => setClosing(null)}
          onConfirm={async (key) => {
            if (closing.state === 'open') await tradingApi.stopU(closing.id, key);
            else await tradingApi.cancelU(closing.id, key);
            toast(t(closing.state === 'open' ? 'lists.positionClosed' : 'lists.orderCancelled'), 'success');
            setClosing(null);
            bumpTrading();
          }}
        />
      )}
    </>
  );
}

/** Options orders: open ones count down to expiry; settled ones show the result. */
export function OptionsOrderList({ state }: { state: 'current' | 'history' }) {
  const { t, i18n } = useTranslation('trade');
  const [page, setPage] = useState(1);
  const list = useLiveList(
    (signal) => tradingApi.listOptions(state, page, signal),
    [state, page],
    state === 'current',
    state === 'current' ? 3000 : page === 1 ? HISTORY_POLL_MS : null,
  );
  const secondsLeft = useSecondsLeft(list.data);
  const expired = list.data?.list.some((o) => o.state === 'open' && secondsLeft(o.remainingSeconds) <= 0);
  // At expiry the server settles the order: ask again until it has.
  useEffect(() => {
    if (!expired) return;
    const timer = setTimeout(list.reload, 1000);
    return () => clearTimeout(timer);
  }, [expired, secondsLeft, list.reload]);
  const left = (o: OptionsOrder) => secondsLeft(o.remainingSeconds);
  // Prices with the instrument's decimals, as the market screens show them.
  const precisions = usePricePrecisions(list.data?.list.map((o) => o.marketId) ?? []);
  const price = (o: OptionsOrder, value: string | null) => formatPrice(value, precisions[String(o.marketId)]);
  return (
    <AsyncView
      state={list}
      isEmpty={(d) => d.list.length === 0}
      emptyText={state === 'current' ? t('lists.noOptions') : t('lists.noHistory')}
    >
      {(d) => (
        <>
          <div className="table-scroll">
            <table className="table orders table-stack" data-testid={`options-list-${state}`}>
              <thead>
                <tr>
                  <th>{t('lists.order')}</th>
                  <th>{t('options.direction')}</th>
                  <th>{t('options.period')}</th>
                  <th className="num">{t('options.stake')}</th>
                  <th className="num">{t('options.openPrice')}</th>
                  <th className="num">
                    {state === 'current' ? t('options.ifWon') : t('options.settlePrice')}
                  </th>
                  <th className="num">{state === 'current' ? t('options.remaining') : t('lists.profit')}</th>
                  <th>{t('lists.time')}</th>
                  <th>{t('lists.state')}</th>
                </tr>
              </thead>
              <tbody>
                {d.list.map((o) => (
                  <tr key={o.id} data-order={o.id} data-state={o.state}>
                    <td data-label={t('lists.order')}>
                      <strong>{o.code}</strong>
                      <div className="muted small" dir="ltr">
                        {o.orderNo}
                      </div>
                    </td>
                    <td className={o.direction === 'up' ? 'up' : 'down'} data-label={t('options.direction')}>
                      {t(`options.${o.direction}`)}
                    </td>
                    <td data-label={t('options.period')}>{periodLabel(o.periodSeconds, t)}</td>
                    <td className="num" data-label={t('options.stake')}>
                      {formatAmount(o.amount)}
                    </td>
                    <td className="num" data-label={t('options.openPrice')}>
                      {price(o, o.openPrice)}
                    </td>
                    <td
                      className="num"
                      data-label={state === 'current' ? t('options.ifWon') : t('options.settlePrice')}
                    >
                      {o.state === 'open' ? formatAmount(o.payoutIfWon) : price(o, o.settlePrice)}
                    </td>
                    <td
                      className={`num ${o.state === 'open' ? '' : signClass(o.profit)}`}
                      data-label={state === 'current' ? t('options.remaining') : t('lists.profit')}
                      data-testid={o.state === 'open' ? 'countdown' : 'result'}
                    >
                      {o.state === 'open' ? (
                        left(o) > 0 ? (
                          formatDuration(left(o), (n) => t('options.days', { count: n }))
                        ) : (
                          t('options.settling')
                        )
                      ) : (
                        <span dir="ltr">{formatSignedAmount(o.profit)}</span>
                      )}
                    </td>
                    <td className="small col-time" data-label={t('lists.time')}>
                      <When value={o.openTime} lang={i18n.language} />
                    </td>
                    <td data-label={t('lists.state')}>
                      <StatusBadge ns="trade" status={o.state} />
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
  );
}
