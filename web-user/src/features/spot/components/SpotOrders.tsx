import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { newIdempotencyKey } from '../../../api/http-client';
import { formatAmount, formatDate, formatPrice } from '../../../shared/format';
import { ConfirmDetails } from '../../../shared/ui/ConfirmDetails';
import { Pager } from '../../../shared/ui/Pager';
import { AsyncView } from '../../../shared/ui/StateViews';
import { Tabs } from '../../../shared/ui/Tabs';
import { toast } from '../../../shared/ui/Toast';
import { useApi } from '../../../shared/useApi';
import { spotApi, type SpotBook, type SpotOrder, type SpotPair } from '../api/spot-api';
import { placesOf } from '../spot-math';

export type OrdersTab = 'current' | 'history';

/** Waiting for deal (accepted or resting), partially filled, completed, cancelled (spec section 4). */
export function SpotStatus({ order }: { order: SpotOrder }) {
  const { t } = useTranslation('spot');
  const tone = order.state === 'filled' ? 'ok' : order.state === 'cancelled' ? 'bad' : 'wait';
  return (
    <span className={`status status-${tone}`} data-status={order.state}>
      {t(`status.${order.state}`)}
    </span>
  );
}

/** What the order still holds, in the coin it holds (a buy the quote coin, a sell the base coin). */
const heldCoin = (o: SpotOrder) => (o.side === 'buy' ? o.quote : o.base);

/** The order's amount: a base quantity, or the quote amount a market buy spends. */
function amountText(o: SpotOrder): string {
  return o.quantity !== null
    ? `${formatAmount(o.quantity, 18)} ${o.base}`
    : `${formatAmount(o.quoteAmount)} ${o.quote}`;
}

/**
 * My coin orders of the selected account: current entrusts (waiting for deal, partially filled) with
 * cancellation after a confirmation, and historical entrusts (completed, cancelled) with every
 * figure of a coin order: price and quantity, filled, average price, turnover, fee and status.
 */
export function SpotOrders({
  tab,
  onTab,
  round,
  book,
  mobile,
  pairs,
  onChanged,
}: {
  tab: OrdersTab;
  onTab: (tab: OrdersTab) => void;
  round: number;
  book: SpotBook;
  mobile: boolean;
  /** The pairs of the screen: an order's prices have its pair's tick decimals, as in the book. */
  pairs: SpotPair[];
  onChanged: () => void;
}) {
  const { t } = useTranslation('spot');
  return (
    <section className="card spot-orders" data-testid="spot-orders">
      <div className="card-head">
        <h2>{t('orders.title')}</h2>
      </div>
      <Tabs
        value={tab}
        options={[
          { key: 'current', label: t('orders.current') },
          { key: 'history', label: t('orders.history') },
        ]}
        onChange={onTab}
        testId="spot-order-tabs"
      />
      <OrderList
        key={`${tab}-${book}`}
        type={tab}
        round={round}
        mobile={mobile}
        pairs={pairs}
        onChanged={onChanged}
      />
    </section>
  );
}

function OrderList({
  type,
  round,
  mobile,
  pairs,
  onChanged,
}: {
  type: OrdersTab;
  round: number;
  mobile: boolean;
  pairs: SpotPair[];
  onChanged: () => void;
}) {
  const { t, i18n } = useTranslation('spot');
  const [page, setPage] = useState(1);
  const list = useApi((signal) => spotApi.orders(type, page, undefined, signal), [type, page], true, [round]);
  const [cancelling, setCancelling] = useState<{ order: SpotOrder; key: string } | null>(null);
  // Resting orders fill on the server: current entrusts are read again every few seconds too, in case
  // a socket push was missed.
  const { reload } = list; // the same function on every render
  const hasOpen = type === 'current' && (list.data?.list.length ?? 0) > 0;
  useEffect(() => {
    if (!hasOpen) return;
    const timer = setInterval(reload, 10_000);
    return () => clearInterval(timer);
  }, [hasOpen, reload]);

  const cancelButton = (o: SpotOrder) => (
    <button
      type="button"
      className="btn btn-ghost btn-sm"
      onClick={() => setCancelling({ order: o, key: newIdempotencyKey() })}
      data-testid="spot-cancel"
    >
      {t('orders.cancel')}
    </button>
  );
  // 60,000.50 as the book shows it (it read 60,000.5); the average price too, rounded to the tick.
  const price = (o: SpotOrder, value: string | null) => {
    const pair = pairs.find((p) => p.symbol === o.symbol);
    return formatPrice(value, pair ? placesOf(pair.tickSize) : null);
  };
  const priceText = (o: SpotOrder) =>
    o.type === 'market' ? t('type.market') : `${price(o, o.price)} ${o.quote}`;
  const feeText = (o: SpotOrder) => `${formatAmount(o.fee)} ${o.feeCurrency}`;

  return (
    <>
      <AsyncView
        state={list}
        isEmpty={(d) => d.list.length === 0}
        emptyText={type === 'current' ? t('orders.noCurrent') : t('orders.noHistory')}
      >
        {(d) => (
          <>
            {mobile ? (
              <ul className="plain spot-order-cards" data-testid={`spot-list-${type}`}>
                {d.list.map((o) => (
                  <li key={o.id} className="spot-order-card" data-order={o.id} data-state={o.state}>
                    <div className="row-between">
                      <strong>
                        <span className={o.side === 'buy' ? 'up' : 'down'}>{t(`side.${o.side}`)}</span>{' '}
                        {o.base}/{o.quote}
                        <span className="muted small"> · {t(`type.${o.type}`)}</span>
                      </strong>
                      <SpotStatus order={o} />
                    </div>
                    <dl className="spot-card-grid">
                      <dt>{t('orders.price')}</dt>
                      <dd dir="ltr">{priceText(o)}</dd>
                      <dt>{t('orders.amount')}</dt>
                      <dd dir="ltr">{amountText(o)}</dd>
                      <dt>{t('orders.filled')}</dt>
                      <dd dir="ltr">
                        {formatAmount(o.filled, 18)} {o.base}
                      </dd>
                      <dt>{t('orders.averagePrice')}</dt>
                      <dd dir="ltr">{price(o, o.averagePrice)}</dd>
                      <dt>{t('orders.turnover')}</dt>
                      <dd dir="ltr">
                        {formatAmount(o.turnover)} {o.quote}
                      </dd>
                      <dt>{t('orders.fee')}</dt>
                      <dd dir="ltr">{feeText(o)}</dd>
                      <dt>{t('orders.time')}</dt>
                      <dd>{formatDate(o.createdAt, i18n.language)}</dd>
                      <dt>{t('orders.number')}</dt>
                      <dd dir="ltr">#{o.id}</dd>
                    </dl>
                    {o.cancelReason && o.cancelReason !== 'user' && (
                      <div className="muted small">{t(`reasons.${o.cancelReason}`)}</div>
                    )}
                    {type === 'current' && <div className="row-actions tight">{cancelButton(o)}</div>}
                  </li>
                ))}
              </ul>
            ) : (
              <div className="table-scroll">
                <table className="table orders table-stack" data-testid={`spot-list-${type}`}>
                  <thead>
                    <tr>
                      <th>{t('orders.time')}</th>
                      <th>{t('orders.pair')}</th>
                      <th>{t('orders.side')}</th>
                      <th className="num">{t('orders.price')}</th>
                      <th className="num">{t('orders.amount')}</th>
                      <th className="num">{t('orders.filled')}</th>
                      <th className="num">{t('orders.averagePrice')}</th>
                      <th className="num">{t('orders.turnover')}</th>
                      <th className="num">{t('orders.fee')}</th>
                      <th>{t('orders.state')}</th>
                      {type === 'current' && <th className="col-action" />}
                    </tr>
                  </thead>
                  <tbody>
                    {d.list.map((o) => (
                      <tr key={o.id} data-order={o.id} data-state={o.state}>
                        <td className="small when" data-label={t('orders.time')}>
                          {formatDate(o.createdAt, i18n.language)}
                        </td>
                        <td data-label={t('orders.pair')}>
                          <strong>
                            {o.base}/{o.quote}
                          </strong>
                          <div className="muted small" dir="ltr">
                            #{o.id}
                          </div>
                        </td>
                        <td data-label={t('orders.side')}>
                          <span className={o.side === 'buy' ? 'up' : 'down'}>{t(`side.${o.side}`)}</span>
                          <div className="muted small">{t(`type.${o.type}`)}</div>
                        </td>
                        <td className="num" dir="ltr" data-label={t('orders.price')}>
                          {priceText(o)}
                        </td>
                        <td className="num" dir="ltr" data-label={t('orders.amount')}>
                          {amountText(o)}
                        </td>
                        <td
                          className="num"
                          dir="ltr"
                          data-label={t('orders.filled')}
                          data-testid="order-filled"
                        >
                          {formatAmount(o.filled, 18)} {o.base}
                        </td>
                        <td className="num" dir="ltr" data-label={t('orders.averagePrice')}>
                          {price(o, o.averagePrice)}
                        </td>
                        <td className="num" dir="ltr" data-label={t('orders.turnover')}>
                          {formatAmount(o.turnover)} {o.quote}
                        </td>
                        <td className="num" dir="ltr" data-label={t('orders.fee')}>
                          {feeText(o)}
                        </td>
                        <td data-label={t('orders.state')}>
                          <SpotStatus order={o} />
                          {o.cancelReason && o.cancelReason !== 'user' && (
                            <div className="muted small">{t(`reasons.${o.cancelReason}`)}</div>
                          )}
                        </td>
                        {type === 'current' && <td className="col-action">{cancelButton(o)}</td>}
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
            <Pager page={page} total={d.total} size={20} onPage={setPage} />
          </>
        )}
      </AsyncView>
      {cancelling && (
        <ConfirmDetails
          title={t('orders.cancelTitle')}
          rows={[
            {
              label: t('orders.order'),
              value: `${cancelling.order.base}/${cancelling.order.quote} #${cancelling.order.id}`,
            },
            {
              label: t('orders.side'),
              value: `${t(`side.${cancelling.order.side}`)} · ${t(`type.${cancelling.order.type}`)}`,
            },
            { label: t('orders.price'), value: priceText(cancelling.order) },
            { label: t('orders.amount'), value: amountText(cancelling.order) },
            {
              label: t('orders.filled'),
              value: `${formatAmount(cancelling.order.filled, 18)} ${cancelling.order.base}`,
            },
            {
              label: t('orders.returns'),
              value: `${formatAmount(cancelling.order.heldLeft, 18)} ${heldCoin(cancelling.order)}`,
              strong: true,
              testId: 'confirm-returns',
            },
          ]}
          note={t('orders.cancelNote')}
          danger
          confirmLabel={t('orders.cancelConfirm')}
          onClose={() => setCancelling(null)}
          onConfirm={async () => {
            await spotApi.cancel(cancelling.order.id, cancelling.key);
            toast(t('orders.cancelDone'), 'success');
            setCancelling(null);
            onChanged();
          }}
        />
      )}
    </>
  );
}
