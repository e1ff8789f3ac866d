import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldErrors, newIdempotencyKey } from '../../../api/http-client';
import { cmp, dec, div, mul, sub, type Dec } from '../../../shared/decimal';
import { formatAmount, formatExact, formatPrice } from '../../../shared/format';
import { BalanceUnavailable } from '../../../shared/ui/BalanceUnavailable';
import { ConfirmDetails, type DetailRow } from '../../../shared/ui/ConfirmDetails';
import { Field, FormError } from '../../../shared/ui/Field';
import { toast } from '../../../shared/ui/Toast';
import {
  spotApi,
  type SpotAccount,
  type SpotDepth,
  type SpotOrder,
  type SpotPair,
  type SpotSide,
  type SpotType,
  type SubmitSpot,
} from '../api/spot-api';
import { floorTo, isAmount, onGrid, percentOf, placesOf, plain, walkBook } from '../spot-math';

const PERCENTS = [25, 50, 75, 100];
/** Market buys spend a quote amount: kept to 8 places, as USDT amounts are shown. */
const QUOTE_STEP = '0.00000001';
const ZERO = dec('0');

interface Review {
  body: SubmitSpot;
  /** One key per confirmation: pressing Confirm again after a failure cannot place a second order. */
  key: string;
  rows: DetailRow[];
  note: string;
}

/**
 * Order entry of a pair: buy or sell, limit (price and quantity on the pair's tick and lot grid) or
 * market (a buy spends a USDT amount, a sell sells a quantity), a share of the available balance in
 * one click, the total, and a confirmation with the amount, the price and the fee before the order
 * is placed. The figures here are estimates from the book; the sequencer's fills are what count.
 */
export function SpotOrderForm({
  pair,
  depth,
  accounts,
  balanceError,
  onRetryBalance,
  picked,
  onPlaced,
}: {
  pair: SpotPair;
  depth: SpotDepth | null;
  /** The coin accounts; undefined while not known (loading, or failed: `balanceError`). */
  accounts: SpotAccount[] | undefined;
  balanceError: boolean;
  onRetryBalance: () => void;
  picked: { price: string; n: number } | null;
  onPlaced: (order: SpotOrder) => void;
}) {
  const { t } = useTranslation('spot');
  const [side, setSide] = useState<SpotSide>('buy');
  const [type, setType] = useState<SpotType>('limit');
  const [quantity, setQuantity] = useState('');
  const [amount, setAmount] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [review, setReview] = useState<Review | null>(null);

  const pricePlaces = placesOf(pair.tickSize);
  const bestAsk = depth?.asks[0]?.[0] ?? null;
  const bestBid = depth?.bids[0]?.[0] ?? null;
  const best = side === 'buy' ? bestAsk : bestBid;

  // A level picked in the book becomes the limit price (in the render that sees it).
  const [typedPrice, setPrice] = useState<string | null>(picked?.price ?? null);
  const [pickSeen, setPickSeen] = useState(picked);
  if (picked !== pickSeen) {
    setPickSeen(picked);
    if (picked) {
      setType('limit');
      setPrice(picked.price);
    }
  }
  // The price is the best price of the other side (or the last trade) until the user types one.
  const price = typedPrice ?? best ?? pair.lastPrice ?? '';

  const account = (coin: string) => accounts?.find((a) => a.currency === coin);
  const payCoin = side === 'buy' ? pair.quote : pair.base;
  // Not known: "—", no share of it to fill in, no check here (the server checks it on placing).
  const available = accounts ? (account(payCoin)?.available ?? '0') : null;
  const feeRate = pair.feeRatePercent;
  const marketBuy = type === 'market' && side === 'buy';

  // Estimates: the total in the quote coin, the quantity of the base coin, the fee and what arrives.
  const estimate = (() => {
    if (type === 'limit') {
      if (!isAmount(price) || !isAmount(quantity)) return null;
      return { quantity: dec(quantity), total: mul(dec(price), dec(quantity)), exhausted: false };
    }
    const levels = side === 'buy' ? (depth?.asks ?? []) : (depth?.bids ?? []);
    if (marketBuy) {
      if (!isAmount(amount)) return null;
      const walk = walkBook(levels, 'buy', dec(amount));
      return { quantity: walk.quantity, total: walk.quote, exhausted: walk.exhausted };
    }
    if (!isAmount(quantity)) return null;
    const walk = walkBook(levels, 'sell', dec(quantity));
    return { quantity: walk.quantity, total: walk.quote, exhausted: walk.exhausted };
  })();
  const fee: Dec | null =
    estimate && feeRate !== null
      ? div(mul(side === 'buy' ? estimate.quantity : estimate.total, dec(feeRate)), dec('100'), 18)
      : null;
  const feeCoin = side === 'buy' ? pair.base : pair.quote;
  const receive = estimate && fee ? sub(side === 'buy' ? estimate.quantity : estimate.total, fee) : null;
  const averagePrice =
    estimate && type === 'market' && cmp(estimate.quantity, ZERO) > 0
      ? div(estimate.total, estimate.quantity, pricePlaces)
      : null;

  const fillPercent = (pct: number) => {
    if (available === null) return;
    const base = dec(available);
    setErrors({});
    if (marketBuy) {
      setAmount(plain(floorTo(percentOf(base, pct), QUOTE_STEP)));
      return;
    }
    if (side === 'sell') {
      setQuantity(plain(floorTo(percentOf(base, pct), pair.lotSize)));
      return;
    }
    if (!isAmount(price)) {
      setErrors({ price: t('form.enterPrice') });
      return;
    }
    setQuantity(plain(floorTo(div(percentOf(base, pct), dec(price), 18), pair.lotSize)));
  };

  const validate = (): Record<string, string> => {
    const next: Record<string, string> = {};
    if (type === 'limit') {
      if (!isAmount(price)) next.price = t('form.enterPrice');
      else if (!onGrid(price, pair.tickSize)) next.price = t('form.priceTick', { tick: pair.tickSize });
    }
    if (marketBuy) {
      if (!isAmount(amount)) next.amount = t('form.enterAmount');
      else if (cmp(dec(amount), mul(dec(pair.tickSize), dec(pair.lotSize))) < 0)
        next.amount = t('form.amountTooSmall', {
          amount: plain(mul(dec(pair.tickSize), dec(pair.lotSize))),
          coin: pair.quote,
        });
      else if (available !== null && cmp(dec(amount), dec(available)) > 0)
        next.amount = t('form.overBalance');
    } else {
      if (!isAmount(quantity)) next.quantity = t('form.enterQuantity');
      else if (!onGrid(quantity, pair.lotSize)) next.quantity = t('form.quantityLot', { lot: pair.lotSize });
      else {
        const need = side === 'buy' && isAmount(price) ? mul(dec(price), dec(quantity)) : dec(quantity);
        if (available !== null && cmp(need, dec(available)) > 0) next.quantity = t('form.overBalance');
      }
    }
    if (type === 'market' && !next.amount && !next.quantity && !best) next.form = t('form.noLiquidity');
    return next;
  };

  const open = () => {
    const next = validate();
    setErrors(next);
    if (Object.keys(next).length) return;
    const body: SubmitSpot = {
      symbol: pair.symbol,
      side,
      type,
      ...(type === 'limit' ? { price: price.trim(), quantity: quantity.trim() } : {}),
      ...(type === 'market' && side === 'sell' ? { quantity: quantity.trim() } : {}),
      ...(marketBuy ? { amount: amount.trim() } : {}),
    };
    const approx = type === 'market' ? '≈ ' : '';
    const rows: DetailRow[] = [
      { label: t('form.pair'), value: `${pair.base}/${pair.quote}` },
      {
        label: t('form.order'),
        value: `${t(`side.${side}`)} · ${t(`type.${type}`)}`,
      },
      {
        label: t('form.price'),
        value:
          type === 'limit'
            ? `${formatPrice(body.price, pricePlaces)} ${pair.quote}`
            : averagePrice
              ? `${t('form.marketPrice')} ≈ ${formatPrice(plain(averagePrice), pricePlaces)} ${pair.quote}`
              : t('form.marketPrice'),
        testId: 'confirm-price',
      },
      marketBuy
        ? {
            label: t('form.spend'),
            value: `${formatExact(body.amount)} ${pair.quote}`,
            testId: 'confirm-amount',
            strong: true,
          }
        : {
            label: t('form.quantity'),
            value: `${formatExact(body.quantity)} ${pair.base}`,
            testId: 'confirm-amount',
            strong: true,
          },
      ...(estimate
        ? [
            marketBuy
              ? {
                  label: t('form.estimatedQuantity'),
                  value: `≈ ${formatAmount(plain(estimate.quantity, placesOf(pair.lotSize) + 4))} ${pair.base}`,
                }
              : {
                  label: t('form.total'),
                  // A limit order's total is exact (what is held); a market order's an estimate.
                  value: `${approx}${type === 'limit' ? formatExact(plain(estimate.total)) : formatAmount(plain(estimate.total))} ${pair.quote}`,
                  testId: 'confirm-total',
                },
          ]
        : []),
      {
        label: t('form.fee', { rate: feeRate === null ? '—' : formatAmount(feeRate) }),
        value: fee ? `≈ ${formatAmount(plain(fee))} ${feeCoin}` : '—',
        testId: 'confirm-fee',
      },
      {
        label: t('form.receive'),
        value: receive ? `≈ ${formatAmount(plain(receive))} ${side === 'buy' ? pair.base : pair.quote}` : '—',
        testId: 'confirm-receive',
      },
    ];
    setReview({
      body,
      key: newIdempotencyKey(),
      rows,
      note:
        type === 'limit'
          ? t(side === 'buy' ? 'form.limitBuyNote' : 'form.limitSellNote', {
              held:
                side === 'buy'
                  ? `${formatExact(plain(mul(dec(price), dec(quantity))))} ${pair.quote}`
                  : `${formatExact(quantity.trim())} ${pair.base}`,
            })
          : t('form.marketNote'),
    });
  };

  /** What became of the order, told in a toast: a cancelled order that traded in part is a warning. */
  const placed = (o: SpotOrder): { text: string; kind: 'success' | 'warning' | 'error' } => {
    if (o.state === 'filled') return { text: t('placed.filled'), kind: 'success' };
    if (o.state === 'partial') return { text: t('placed.partial'), kind: 'success' };
    if (o.state === 'open') return { text: t('placed.open'), kind: 'success' };
    if (o.state === 'pending') return { text: t('placed.pending'), kind: 'success' };
    if (cmp(dec(o.filled || '0'), ZERO) > 0) {
      const why = t(`placed.rest.${o.cancelReason ?? 'other'}`, { defaultValue: t('placed.rest.other') });
      return {
        text: t(o.side === 'buy' ? 'placed.partlyBought' : 'placed.partlySold', {
          filled: formatAmount(o.filled),
          coin: o.base,
          why,
        }),
        kind: 'warning',
      };
    }
    return {
      text: t(`reasons.${o.cancelReason ?? 'rejected'}`, { defaultValue: t('placed.cancelled') }),
      kind: 'error',
    };
  };

  const numberInput = (
    id: string,
    value: string,
    onChange: (v: string) => void,
    testId: string,
    unit: string,
  ) => (
    <div className="input-unit">
      <input
        id={id}
        inputMode="decimal"
        autoComplete="off"
        value={value}
        onChange={(e) => {
          onChange(e.target.value.replace(',', '.'));
          setErrors({});
        }}
        dir="ltr"
        data-testid={testId}
      />
      <span className="unit muted">{unit}</span>
    </div>
  );

  return (
    <section className="card spot-form" data-testid="spot-form">
      <form
        className="form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          open();
        }}
      >
        <div className="segmented buy-sell" role="radiogroup" aria-label={t('form.side')}>
          {(['buy', 'sell'] as const).map((s) => (
            <button
              key={s}
              type="button"
              role="radio"
              aria-checked={side === s}
              className={side === s ? `active ${s}` : ''}
              onClick={() => {
                setSide(s);
                setErrors({});
                setQuantity('');
                setAmount('');
              }}
              data-testid={`spot-side-${s}`}
            >
              {t(`side.${s}`)} {pair.base}
            </button>
          ))}
        </div>
        <div className="chips" role="tablist" aria-label={t('form.type')}>
          {(['limit', 'market'] as const).map((k) => (
            <button
              key={k}
              type="button"
              role="tab"
              aria-selected={type === k}
              className={type === k ? 'chip active' : 'chip'}
              data-testid={`spot-type-${k}`}
              onClick={() => {
                setType(k);
                setErrors({});
              }}
            >
              {t(`type.${k}`)}
            </button>
          ))}
        </div>
        {type === 'limit' ? (
          <Field label={t('form.price')} error={errors.price}>
            {(id) => numberInput(id, price, (v) => setPrice(v), 'spot-price', pair.quote)}
          </Field>
        ) : (
          <div className="field">
            <span className="label">{t('form.price')}</span>
            <div className="market-price muted" data-testid="spot-market-price">
              {t('form.marketPrice')}
              {best && (
                <span dir="ltr">
                  {' '}
                  ≈ {formatPrice(best, pricePlaces)} {pair.quote}
                </span>
              )}
            </div>
          </div>
        )}
        {marketBuy ? (
          <Field label={t('form.spend')} error={errors.amount}>
            {(id) => numberInput(id, amount, setAmount, 'spot-amount', pair.quote)}
          </Field>
        ) : (
          <Field label={t('form.quantity')} error={errors.quantity}>
            {(id) => numberInput(id, quantity, setQuantity, 'spot-quantity', pair.base)}
          </Field>
        )}
        <div className="percent-row" role="group" aria-label={t('form.percentOf')}>
          {PERCENTS.map((pct) => (
            <button
              key={pct}
              type="button"
              className="chip"
              onClick={() => fillPercent(pct)}
              disabled={available === null}
              data-testid={`spot-pct-${pct}`}
            >
              <span dir="ltr">{pct}%</span>
            </button>
          ))}
        </div>
        <dl className="details compact spot-summary">
          <dt>{t('form.available')}</dt>
          <dd dir="ltr" data-testid="spot-available">
            {available !== null ? `${formatExact(available)} ${payCoin}` : '—'}
          </dd>
          <dt>{marketBuy ? t('form.estimatedQuantity') : t('form.total')}</dt>
          <dd dir="ltr" data-testid="spot-total">
            {estimate
              ? marketBuy
                ? `≈ ${formatAmount(plain(estimate.quantity, placesOf(pair.lotSize) + 4))} ${pair.base}`
                : `${type === 'market' ? '≈ ' : ''}${formatAmount(plain(estimate.total))} ${pair.quote}`
              : '—'}
          </dd>
          <dt>{t('form.fee', { rate: feeRate === null ? '—' : formatAmount(feeRate) })}</dt>
          <dd dir="ltr" data-testid="spot-fee">
            {fee ? `≈ ${formatAmount(plain(fee))} ${feeCoin}` : '—'}
          </dd>
        </dl>
        {balanceError && <BalanceUnavailable onRetry={onRetryBalance} />}
        {estimate?.exhausted && <div className="notice notice-warn">{t('form.thinBook')}</div>}
        <FormError message={errors.form} />
        <button
          type="submit"
          className={`btn btn-block ${side === 'buy' ? 'btn-up' : 'btn-down'}`}
          data-testid="spot-submit"
        >
          {t(side === 'buy' ? 'form.buy' : 'form.sell', { coin: pair.base })}
        </button>
      </form>
      {review && (
        <ConfirmDetails
          title={t('form.confirmTitle')}
          rows={review.rows}
          note={review.note}
          confirmLabel={t(review.body.side === 'buy' ? 'form.buy' : 'form.sell', { coin: pair.base })}
          onClose={() => setReview(null)}
          onConfirm={async () => {
            try {
              const answer = await spotApi.submit(review.body, review.key);
              const order = answer.result;
              const told = placed(order);
              toast(told.text, told.kind, told.kind === 'success' ? undefined : 6000);
              setReview(null);
              setQuantity('');
              setAmount('');
              onPlaced(order);
            } catch (err) {
              const fields = fieldErrors(err);
              if (Object.keys(fields).length) {
                setErrors(fields);
                setReview(null);
                return;
              }
              throw err;
            }
          }}
        />
      )}
    </section>
  );
}
