import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldErrors } from '../../../api/http-client';
import { add, cmp, dec, div, isDecimal, mul, toPlain, type Dec } from '../../../shared/decimal';
import { formatAmount, formatExact, formatLeverage, formatPrice } from '../../../shared/format';
import { BalanceUnavailable } from '../../../shared/ui/BalanceUnavailable';
import { ConfirmDetails } from '../../../shared/ui/ConfirmDetails';
import { Field } from '../../../shared/ui/Field';
import { toast } from '../../../shared/ui/Toast';
import { tradingApi, type AssetInfo, type BuyU, type Direction } from '../api/trading-api';
import { bumpTrading } from '../hooks/tradingBus';
import { MarketHoursNotice, useTradeBlock, type MarketHours } from './MarketHoursNotice';

const LOTS = /^\d{1,6}(\.\d{1,2})?$/;

/** Stop-loss below and take-profit above the price for a long; the other way round for a short. */
export function checkStops(direction: Direction, price: Dec, stopLoss: string, takeProfit: string) {
  const errors: { stopLoss?: string; takeProfit?: string } = {};
  const sl = stopLoss ? dec(stopLoss) : null;
  const tp = takeProfit ? dec(takeProfit) : null;
  const long = direction === 'buy';
  if (sl && tp && (long ? cmp(sl, tp) >= 0 : cmp(sl, tp) <= 0)) errors.stopLoss = 'combination';
  else {
    if (sl && (long ? cmp(sl, price) >= 0 : cmp(sl, price) <= 0)) errors.stopLoss = 'stopLoss';
    if (tp && (long ? cmp(tp, price) <= 0 : cmp(tp, price) >= 0)) errors.takeProfit = 'takeProfit';
  }
  return errors;
}

/** A U (contract) order: direction, lots, leverage, optional limit, stop-loss and take-profit. */
export function UOrderForm({
  code,
  info,
  available,
  balanceError,
  onRetryBalance,
  price,
  pricePrecision,
  tradable = info.tradable,
  priceKnown = price !== undefined || info.ask !== null,
  hours,
  hoursPending = false,
  onPlaced,
}: {
  code: string;
  /** The market's terms (and a balance that may be stale: `available` is the one to show). */
  info: AssetInfo;
  /** The available balance; null while not known (then not checked here: the server checks it). */
  available: string | null;
  balanceError: boolean;
  onRetryBalance: () => void;
  price: string | undefined;
  /** The instrument's decimals for prices (grouped and padded like the header's). */
  pricePrecision?: number;
  /** Whether the market takes orders now (default: the terms' answer). */
  tradable?: boolean;
  /** Whether the market has had a price (not tradable without one: "no price yet"). */
  priceKnown?: boolean;
  /** When the market opens or closes next (index/getMarketInfo), once known. */
  hours?: MarketHours;
  /** The hours are still loading (why a market is not tradable is not known yet). */
  hoursPending?: boolean;
  onPlaced: () => void;
}) {
  const { t, i18n } = useTranslation('trade');
  const [direction, setDirection] = useState<Direction>('buy');
  const [lots, setLots] = useState('0.01');
  const [leverage, setLeverage] = useState(info.leverages[0] ?? 1);
  const [limit, setLimit] = useState('');
  const [useLimit, setUseLimit] = useState(false);
  const [stopLoss, setStopLoss] = useState('');
  const [takeProfit, setTakeProfit] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [order, setOrder] = useState<BuyU | null>(null);
  // Not tradable now (closed, no price yet, paused): the buttons are off and say why.
  const block = useTradeBlock(tradable, hours, priceKnown, hoursPending);

  // The price the order would open at: the ask for a long, the bid for a short, or the limit.
  const marketSide = direction === 'buy' ? (info.ask ?? price) : (info.bid ?? price);
  const openAt = useLimit && isDecimal(limit) ? limit : marketSide;
  const estimate =
    openAt && LOTS.test(lots)
      ? (() => {
          const notional = mul(mul(dec(openAt), dec(lots)), dec(info.contractSize));
          return {
            notional,
            margin: div(notional, dec(String(leverage)), 8),
            fee: div(mul(notional, dec(info.feeRatePercent)), dec('100'), 8),
          };
        })()
      : null;

  const review = () => {
    const next: Record<string, string> = {};
    if (!LOTS.test(lots) || cmp(dec(lots), dec('0.01')) < 0 || cmp(dec(lots), dec('1000')) > 0)
      next.lots = t('u.enterLots');
    if (useLimit && (!isDecimal(limit) || cmp(dec(limit), dec('0')) <= 0))
      next.limitPrice = t('u.enterLimit');
    if (stopLoss && !isDecimal(stopLoss)) next.stopLoss = t('u.enterStopLoss');
    if (takeProfit && !isDecimal(takeProfit)) next.takeProfit = t('u.enterTakeProfit');
    if (!next.stopLoss && !next.takeProfit && openAt) {
      const stops = checkStops(direction, dec(openAt), stopLoss, takeProfit);
      if (stops.stopLoss === 'combination') next.stopLoss = t('u.stopsUnreasonable');
      else if (stops.stopLoss) next.stopLoss = t('u.stopLossUnreasonable');
      if (stops.takeProfit) next.takeProfit = t('u.takeProfitUnreasonable');
    }
    if (available !== null && estimate && cmp(add(estimate.margin, estimate.fee), dec(available)) > 0)
      next.lots = t('u.overBalance');
    setErrors(next);
    if (Object.keys(next).length) return;
    setOrder({
      code,
      direction,
      lots,
      leverage,
      ...(useLimit ? { limitPrice: limit } : {}),
      ...(stopLoss ? { stopLoss } : {}),
      ...(takeProfit ? { takeProfit } : {}),
    });
  };

  return (
    <form
      className="form trade-form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        review();
      }}
      data-testid="u-form"
    >
      <div className="segmented buy-sell" role="radiogroup" aria-label={t('u.direction')}>
        {(['buy', 'sell'] as const).map((d) => (
          <button
            key={d}
            type="button"
            role="radio"
            aria-checked={direction === d}
            className={direction === d ? `active ${d}` : ''}
            onClick={() => setDirection(d)}
            data-testid={`u-${d}`}
          >
            {t(`u.${d}`)}
          </button>
        ))}
      </div>
      <div className="form-grid">
        <Field label={t('u.lots')} error={errors.lots}>
          {(id) => (
            <input
              id={id}
              inputMode="decimal"
              value={lots}
              onChange={(e) => setLots(e.target.value)}
              dir="ltr"
            />
          )}
        </Field>
        <Field label={t('u.leverage')} error={errors.leverage}>
          {(id) => (
            <select
              id={id}
              value={leverage}
              onChange={(e) => setLeverage(Number(e.target.value))}
              data-testid="u-leverage"
            >
              {info.leverages.map((l) => (
                <option key={l} value={l}>
                  {formatLeverage(l, i18n.language)}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
      <label className="check">
        <input type="checkbox" checked={useLimit} onChange={(e) => setUseLimit(e.target.checked)} />
        {t('u.limitOrder')}
      </label>
      {useLimit && (
        <Field label={t('u.limitPrice')} error={errors.limitPrice}>
          {(id) => (
            <input
              id={id}
              inputMode="decimal"
              value={limit}
              onChange={(e) => setLimit(e.target.value)}
              dir="ltr"
            />
          )}
        </Field>
      )}
      <div className="form-grid">
        <Field label={t('u.stopLoss')} error={errors.stopLoss}>
          {(id) => (
            <input
              id={id}
              inputMode="decimal"
              value={stopLoss}
              placeholder={t('u.optional')}
              onChange={(e) => setStopLoss(e.target.value)}
              dir="ltr"
            />
          )}
        </Field>
        <Field label={t('u.takeProfit')} error={errors.takeProfit}>
          {(id) => (
            <input
              id={id}
              inputMode="decimal"
              value={takeProfit}
              placeholder={t('u.optional')}
              onChange={(e) => setTakeProfit(e.target.value)}
              dir="ltr"
            />
          )}
        </Field>
      </div>
      <dl className="details compact" data-testid="u-estimate">
        <dt>{t('u.price')}</dt>
        <dd dir="ltr">{formatPrice(openAt, pricePrecision)}</dd>
        <dt>{t('u.margin')}</dt>
        <dd dir="ltr" data-testid="u-margin">
          {estimate ? `≈ ${formatAmount(toPlain(estimate.margin))} ${info.currency}` : '—'}
        </dd>
        <dt>{t('u.fee', { rate: formatAmount(info.feeRatePercent) })}</dt>
        <dd dir="ltr" data-testid="u-fee">
          {estimate ? `≈ ${formatAmount(toPlain(estimate.fee))} ${info.currency}` : '—'}
        </dd>
        <dt>{t('u.available')}</dt>
        <dd dir="ltr" data-testid="u-available">
          {available === null ? '—' : `${formatExact(available)} ${info.currency}`}
        </dd>
      </dl>
      {balanceError && <BalanceUnavailable onRetry={onRetryBalance} />}
      <MarketHoursNotice block={block} hours={hours} />
      <button
        type="submit"
        className={`btn btn-block ${direction === 'buy' ? 'btn-up' : 'btn-down'}`}
        {...block.button}
        data-testid="u-submit"
      >
        {t(direction === 'buy' ? 'u.openLong' : 'u.openShort')}
      </button>
      {order && estimate && (
        <ConfirmDetails
          title={t('u.confirmTitle')}
          rows={[
            { label: t('u.market'), value: code },
            { label: t('u.direction'), value: t(`u.${order.direction}`) },
            { label: t('u.lots'), value: `${order.lots} × ${formatAmount(info.contractSize)}` },
            { label: t('u.leverage'), value: formatLeverage(order.leverage, i18n.language) },
            {
              label: t('u.price'),
              value: order.limitPrice
                ? `${t('u.limitPrice')} ${formatPrice(order.limitPrice, pricePrecision)}`
                : `≈ ${formatPrice(openAt, pricePrecision)}`,
            },
            {
              label: t('u.stopLoss'),
              value: formatPrice(order.stopLoss, pricePrecision),
              testId: 'confirm-stop-loss',
            },
            {
              label: t('u.takeProfit'),
              value: formatPrice(order.takeProfit, pricePrecision),
              testId: 'confirm-take-profit',
            },
            {
              label: t('u.margin'),
              value: `≈ ${formatAmount(toPlain(estimate.margin))} ${info.currency}`,
              strong: true,
              testId: 'confirm-margin',
            },
            {
              label: t('u.fee', { rate: formatAmount(info.feeRatePercent) }),
              value: `≈ ${formatAmount(toPlain(estimate.fee))} ${info.currency}`,
              testId: 'confirm-fee',
            },
          ]}
          note={order.limitPrice ? t('u.limitNote') : t('u.marketNote')}
          onClose={() => setOrder(null)}
          onConfirm={async (key) => {
            try {
              await tradingApi.buyU(order, key);
              toast(t('u.placed'), 'success');
              setOrder(null);
              bumpTrading();
              onPlaced();
            } catch (err) {
              const fields = fieldErrors(err);
              if (Object.keys(fields).length) {
                setErrors(fields);
                setOrder(null);
                return;
              }
              throw err;
            }
          }}
        />
      )}
    </form>
  );
}
