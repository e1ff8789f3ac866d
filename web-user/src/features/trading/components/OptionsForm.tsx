import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldErrors } from '../../../api/http-client';
import { add, cmp, dec, isDecimal, mul, toExact, truncate } from '../../../shared/decimal';
import { formatAmount, formatExact } from '../../../shared/format';
import { BalanceUnavailable } from '../../../shared/ui/BalanceUnavailable';
import { ConfirmDetails } from '../../../shared/ui/ConfirmDetails';
import { Field } from '../../../shared/ui/Field';
import { AsyncView } from '../../../shared/ui/StateViews';
import { toast } from '../../../shared/ui/Toast';
import { useApi } from '../../../shared/useApi';
import { tradingApi, type OptionsProduct } from '../api/trading-api';
import { bumpTrading } from '../hooks/tradingBus';
import { MarketHoursNotice, useTradeBlock, type MarketHours } from './MarketHoursNotice';

/** The server floors a win's winnings to this many decimals. */
const WINNINGS_DECIMALS = 8;

export function periodLabel(seconds: number, t: (k: string, o?: Record<string, unknown>) => string) {
  if (seconds % 86400 === 0) return t('options.days', { count: seconds / 86400 });
  if (seconds % 3600 === 0) return t('options.hours', { count: seconds / 3600 });
  if (seconds % 60 === 0) return t('options.minutes', { count: seconds / 60 });
  return t('options.seconds', { count: seconds });
}

/** An options order: the period (product), up or down, the stake; the payout if won shown first. */
interface BalanceProps {
  /** The available balance; null while not known (then not checked here: the server checks it). */
  available: string | null;
  balanceError: boolean;
  onRetryBalance: () => void;
}

/** Whether the market takes orders now (undefined while not known) and when it opens or closes next. */
interface MarketProps {
  tradable?: boolean;
  hours?: MarketHours;
  /** The hours are still loading (why a market is not tradable is not known yet). */
  hoursPending?: boolean;
  /** Whether the market has had a price (default: a live price is known). */
  priceKnown?: boolean;
}

export function OptionsForm({
  code,
  price,
  ...rest
}: { code: string; price?: string } & BalanceProps & MarketProps) {
  const { t } = useTranslation('trade');
  const products = useApi((signal) => tradingApi.optionsProducts(signal), []);
  return (
    <AsyncView state={products} emptyText={t('options.none')}>
      {(list) => <OptionsFormBody code={code} products={list} price={price} {...rest} />}
    </AsyncView>
  );
}

function OptionsFormBody({
  code,
  products,
  available,
  balanceError,
  onRetryBalance,
  price,
  tradable,
  hours,
  hoursPending,
  priceKnown = price !== undefined,
}: {
  code: string;
  products: OptionsProduct[];
  price?: string;
} & BalanceProps &
  MarketProps) {
  const { t } = useTranslation('trade');
  const [productId, setProductId] = useState(products[0].id);
  const product = products.find((p) => p.id === productId) ?? products[0];
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [direction, setDirection] = useState<'up' | 'down' | null>(null);
  const valid = isDecimal(amount) && cmp(dec(amount), dec('0')) > 0;
  // As the server pays a win: the stake plus stake x rate floored to 8 decimals.
  const payout = valid
    ? add(dec(amount), truncate(mul(dec(amount), dec(product.payoutRate)), WINNINGS_DECIMALS))
    : null;
  const open = (d: 'up' | 'down') => {
    setError(null);
    if (!valid) return setError(t('options.enterAmount'));
    if (cmp(dec(amount), dec(product.minAmount)) < 0 || cmp(dec(amount), dec(product.maxAmount)) > 0)
      return setError(
        t('options.range', { min: formatAmount(product.minAmount), max: formatAmount(product.maxAmount) }),
      );
    if (available !== null && cmp(dec(amount), dec(available)) > 0) return setError(t('u.overBalance'));
    setDirection(d);
  };
  // Not tradable now (closed, no price yet, paused): the buttons are off and say why.
  const block = useTradeBlock(tradable, hours, priceKnown, hoursPending);
  return (
    <div className="form trade-form" data-testid="options-form">
      <div className="chips periods" role="radiogroup" aria-label={t('options.period')}>
        {products.map((p) => (
          <button
            key={p.id}
            type="button"
            role="radio"
            aria-checked={p.id === product.id}
            className={p.id === product.id ? 'chip active' : 'chip'}
            onClick={() => setProductId(p.id)}
            data-testid={`period-${p.periodSeconds}`}
          >
            <bdi>{periodLabel(p.periodSeconds, t)}</bdi> · {formatAmount(p.payoutPercent, 2)}%
          </button>
        ))}
      </div>
      <Field label={t('options.amount', { currency: product.currency })} error={error}>
        {(id) => (
          <input
            id={id}
            inputMode="decimal"
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
            placeholder={`${formatAmount(product.minAmount)} – ${formatAmount(product.maxAmount)}`}
            dir="ltr"
          />
        )}
      </Field>
      <dl className="details compact">
        <dt>{t('options.payoutRate')}</dt>
        <dd>{formatAmount(product.payoutPercent, 2)}%</dd>
        <dt>{t('options.ifWon')}</dt>
        <dd dir="ltr">{payout ? `${formatExact(toExact(payout))} ${product.currency}` : '—'}</dd>
        <dt>{t('u.available')}</dt>
        <dd dir="ltr" data-testid="options-available">
          {available === null ? '—' : `${formatExact(available)} ${product.currency}`}
        </dd>
      </dl>
      {balanceError && <BalanceUnavailable onRetry={onRetryBalance} />}
      {tradable !== undefined && <MarketHoursNotice block={block} hours={hours} />}
      <div className="form-grid">
        <button
          type="button"
          className="btn btn-up"
          onClick={() => open('up')}
          {...block.button}
          data-testid="options-up"
        >
          ▲ {t('options.up')}
        </button>
        <button
          type="button"
          className="btn btn-down"
          onClick={() => open('down')}
          {...block.button}
          data-testid="options-down"
        >
          ▼ {t('options.down')}
        </button>
      </div>
      {direction && payout && (
        <ConfirmDetails
          title={t('options.confirmTitle')}
          rows={[
            { label: t('u.market'), value: code },
            { label: t('options.direction'), value: t(`options.${direction}`) },
            { label: t('options.period'), value: periodLabel(product.periodSeconds, t) },
            { label: t('options.openPrice'), value: `≈ ${formatAmount(price)}` },
            {
              label: t('options.stake'),
              value: `${formatExact(amount.trim())} ${product.currency}`,
              strong: true,
            },
            { label: t('options.ifWon'), value: `${formatExact(toExact(payout))} ${product.currency}` },
            { label: t('options.ifLost'), value: `0 ${product.currency}` },
          ]}
          note={t('options.rule')}
          onClose={() => setDirection(null)}
          onConfirm={async (key) => {
            try {
              await tradingApi.buyOptions(
                {
                  code,
                  productId: product.id,
                  direction,
                  amount: amount.trim(),
                },
                key,
              );
              toast(t('options.placed'), 'success');
              setDirection(null);
              setAmount('');
              bumpTrading();
            } catch (err) {
              const fields = fieldErrors(err);
              if (fields.amount) {
                setError(fields.amount);
                setDirection(null);
                return;
              }
              throw err;
            }
          }}
        />
      )}
    </div>
  );
}
