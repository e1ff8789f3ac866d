import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldErrors } from '../../../api/http-client';
import { cmp, dec, isDecimal } from '../../../shared/decimal';
import { formatExact } from '../../../shared/format';
import { useSession } from '../../../shared/session';
import { useNow } from '../../../shared/useNow';
import { BalanceUnavailable, knownBalance } from '../../../shared/ui/BalanceUnavailable';
import { ConfirmDetails } from '../../../shared/ui/ConfirmDetails';
import { FormError, PageHeader, SelectField, TextField } from '../../../shared/ui/Field';
import { RealBookNotice } from '../../../shared/ui/RealBookNotice';
import { AsyncView } from '../../../shared/ui/StateViews';
import { toast } from '../../../shared/ui/Toast';
import { useApi } from '../../../shared/useApi';
import { useSubmit } from '../../../shared/useSubmit';
import { fundsApi, type ExchangeQuote } from '../api/funds-api';
import '../funds.css';

/** Currency exchange (/profile/exchange, user/dh): a quote held for a short time, then confirmed. */
export function ExchangePage() {
  const { t } = useTranslation('funds');
  const { demo } = useSession();
  const currencies = useApi((signal) => fundsApi.exchangeCurrencies(signal), []);
  const [round, setRound] = useState(0);
  const accounts = useApi((signal) => fundsApi.accounts('real', signal), [], !demo, [round]);
  // Unknown (loading, or failed: then "—" and a retry, never 0): the server checks it on confirming.
  const balances = knownBalance(accounts);
  return (
    <div className="container page" data-testid="exchange-page">
      <PageHeader title={t('exchange.title')} subtitle={t('exchange.subtitle')} />
      <RealBookNotice text={t('exchange.realOnly')} />
      <AsyncView state={currencies} emptyText={t('exchange.none')}>
        {(list) => (
          <ExchangeForm
            currencies={list}
            disabled={demo}
            balanceOf={(c) => (balances ? (balances.find((a) => a.currency === c)?.available ?? '0') : null)}
            balanceError={!demo && accounts.error !== null}
            onRetryBalance={accounts.reload}
            onDone={() => setRound((r) => r + 1)}
          />
        )}
      </AsyncView>
    </div>
  );
}

function ExchangeForm({
  currencies,
  disabled,
  balanceOf,
  balanceError,
  onRetryBalance,
  onDone,
}: {
  currencies: string[];
  disabled: boolean;
  /** The available balance of a coin; null while it is not known. */
  balanceOf: (coin: string) => string | null;
  balanceError: boolean;
  onRetryBalance: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation('funds');
  const [from, setFrom] = useState(currencies[0]);
  const [to, setTo] = useState(currencies[1] ?? currencies[0]);
  const [amount, setAmount] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const quoting = useSubmit();
  const [quote, setQuote] = useState<ExchangeQuote | null>(null);
  const now = useNow(500);
  const left = quote ? Math.max(0, Math.ceil((Date.parse(quote.expiresAt) - now) / 1000)) : 0;

  const balance = balanceOf(from);
  const ask = async () => {
    quoting.setError(null);
    const next: Record<string, string> = {};
    if (!isDecimal(amount) || cmp(dec(amount), dec('0')) <= 0) next.amount = t('validation.amount');
    else if (balance !== null && cmp(dec(amount), dec(balance)) > 0) next.amount = t('exchange.overBalance');
    if (from === to) next.to = t('exchange.same');
    setErrors(next);
    if (Object.keys(next).length) return;
    await quoting.submit(
      async () => setQuote(await fundsApi.exchangeQuote(from, to, amount.trim())),
      (err) => {
        const fields = fieldErrors(err);
        if (Object.keys(fields).length) setErrors(fields);
        return Object.keys(fields).length > 0;
      },
    );
  };
  const options = currencies.map((c) => ({ value: c, label: c }));
  return (
    <>
      <section className="card">
        <form
          className="form opens-card"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void ask();
          }}
        >
          <div className="exchange-pair">
            <SelectField
              label={t('exchange.from')}
              error={errors.from}
              value={from}
              options={options}
              testId="exchange-from"
              onChange={setFrom}
            />
            {/* A button of its own size between the two coins: the empty line above it is as tall as
                their labels, so that it sits level with the selects. */}
            <div className="exchange-swap">
              <span className="exchange-swap-spacer" aria-hidden="true">
                &nbsp;
              </span>
              <button
                type="button"
                className="btn btn-ghost"
                aria-label={t('exchange.swap')}
                title={t('exchange.swap')}
                data-testid="exchange-swap"
                onClick={() => {
                  setFrom(to);
                  setTo(from);
                }}
              >
                <span aria-hidden="true">⇄</span>
              </button>
            </div>
            <SelectField
              label={t('exchange.to')}
              error={errors.to}
              value={to}
              options={options}
              testId="exchange-to"
              onChange={setTo}
            />
          </div>
          <TextField
            label={t('fields.amount')}
            error={errors.amount}
            inputMode="decimal"
            value={amount}
            onChange={setAmount}
            dir="ltr"
          />
          <div className="muted small amount-exact" data-testid="exchange-available">
            {t('withdraw.available', {
              amount: balance === null ? '—' : formatExact(balance),
              coin: from,
            })}
          </div>
          {balanceError && <BalanceUnavailable onRetry={onRetryBalance} />}
          <FormError message={quoting.error} />
          <button
            type="submit"
            className="btn btn-primary btn-block"
            disabled={disabled}
            data-testid="exchange-quote"
          >
            {t('exchange.getQuote')}
          </button>
        </form>
      </section>
      {quote && (
        <ConfirmDetails
          title={t('exchange.confirmTitle')}
          rows={[
            {
              label: t('exchange.pay'),
              value: `${formatExact(quote.amount)} ${quote.from}`,
              testId: 'exchange-pay',
            },
            {
              label: t('exchange.rate'),
              value: `1 ${quote.from} = ${formatExact(quote.rate)} ${quote.to}`,
              testId: 'exchange-rate',
            },
            {
              label: t('exchange.fee'),
              value: `${formatExact(quote.fee)} ${quote.to} (${formatExact(quote.feeRate)}%)`,
              testId: 'exchange-fee',
            },
            {
              label: t('exchange.receive'),
              value: `${formatExact(quote.receive)} ${quote.to}`,
              strong: true,
              testId: 'exchange-receive',
            },
            {
              label: t('exchange.validFor'),
              value: left > 0 ? t('exchange.seconds', { count: left }) : t('exchange.expired'),
            },
          ]}
          onClose={() => setQuote(null)}
          onConfirm={async (key) => {
            if (left <= 0) {
              await ask();
              return;
            }
            await fundsApi.exchange(quote.quoteId, key);
            toast(t('exchange.done'), 'success');
            setQuote(null);
            setAmount('');
            onDone();
          }}
          confirmLabel={left > 0 ? undefined : t('exchange.requote')}
        />
      )}
    </>
  );
}
