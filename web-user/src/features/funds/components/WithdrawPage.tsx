import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { fieldErrors, ApiError } from '../../../api/http-client';
import { cmp, dec, isDecimal } from '../../../shared/decimal';
import { formatAmount, formatDate, formatExact } from '../../../shared/format';
import { useSession } from '../../../shared/session';
import { BalanceUnavailable, knownBalance } from '../../../shared/ui/BalanceUnavailable';
import { ConfirmDetails } from '../../../shared/ui/ConfirmDetails';
import {
  AuthenticatorCodeField,
  Field,
  FieldError,
  FormError,
  PageHeader,
  PasswordField,
  SelectField,
  TextField,
} from '../../../shared/ui/Field';
import { RealBookNotice } from '../../../shared/ui/RealBookNotice';
import { AsyncView, ErrorState, Loading } from '../../../shared/ui/StateViews';
import { toast } from '../../../shared/ui/Toast';
import { useApi } from '../../../shared/useApi';
import { useOnReturn } from '../../../shared/useOnReturn';
import { useSubmit } from '../../../shared/useSubmit';
import { loanApi, type Loan } from '../../loan/api/loan-api';
import {
  ADDRESS_NOT_WHITELISTED,
  fundsApi,
  isUsable,
  useNetworks,
  WITHDRAWAL_HOLD_CODES,
  type CoinNetwork,
  type SavedAddress,
  type WithdrawalQuote,
} from '../api/funds-api';
import { UsableFrom } from './AddressBookPage';
import { WithdrawalList } from './RecordLists';
import '../funds.css';

/** Withdrawal by crypto or bank: the fee and the amount received quoted before confirming. */
export function WithdrawPage() {
  const { t } = useTranslation('funds');
  const { demo } = useSession();
  const networks = useNetworks();
  // A loan not yet repaid (repaying, or overdue: "expired") blocks withdrawals: the form says so up
  // front. Unknown (loading, or the list failed): the form stays usable, the server checks anyway.
  const loans = useApi((signal) => loanApi.records(signal), [], !demo);
  // Asked again when the user comes back to the tab (a loan repaid, or taken, in another tab): the
  // answer in hand stays meanwhile, so the form neither flickers nor loses what was typed.
  useOnReturn(loans.reload, !demo);
  const openLoan = (!demo && loans.data?.find((l) => l.status !== 'repaid')) || null;
  return (
    <div className="container page" data-testid="withdraw-page">
      <PageHeader title={t('withdraw.title')} subtitle={t('withdraw.subtitle')} />
      <RealBookNotice text={t('withdraw.realOnly')} />
      <ul className="rules card">
        <li>{t('withdraw.ruleLoan')}</li>
        <li>{t('withdraw.ruleReview')}</li>
        <li>{t('withdraw.ruleSecurity')}</li>
      </ul>
      <AsyncView
        state={networks}
        isEmpty={(l) => !l.some((n) => n.withdrawEnabled)}
        emptyText={t('withdraw.none')}
      >
        {(list) => (
          <WithdrawForm
            networks={list.filter((n) => n.withdrawEnabled)}
            disabled={demo}
            openLoan={openLoan}
          />
        )}
      </AsyncView>
    </div>
  );
}

function WithdrawForm({
  networks,
  disabled,
  openLoan,
}: {
  networks: CoinNetwork[];
  disabled: boolean;
  /** The user's loan not yet repaid: every field and the button are off, and a notice says why. */
  openLoan: Loan | null;
}) {
  const { t, i18n } = useTranslation('funds');
  const { user } = useSession();
  const coins = useMemo(() => [...new Set(networks.map((n) => n.coin))], [networks]);
  const [method, setMethod] = useState<'crypto' | 'bank'>('crypto');
  const [coin, setCoin] = useState(coins.includes('USDT') ? 'USDT' : coins[0]);
  const coinNetworks = networks.filter((n) => n.coin === coin);
  const [pickedNetwork, setNetwork] = useState(coinNetworks[0]?.network ?? '');
  // The network picked while the coin has it, else the coin's first.
  const network = coinNetworks.some((n) => n.network === pickedNetwork)
    ? pickedNetwork
    : (coinNetworks[0]?.network ?? '');
  const net = coinNetworks.find((n) => n.network === network);
  const [v, setV] = useState({
    address: '',
    bankType: '',
    bankAccount: '',
    holderName: '',
    amount: '',
    password: '',
    totp: '',
  });
  const set = (k: keyof typeof v) => (value: string) => {
    setV({ ...v, [k]: value });
    if (errors[k]) setErrors(({ [k]: _gone, ...rest }) => rest);
  };
  // Asked at once of a user with 2FA on (the server requires it); the server may still ask others.
  const [needTotp, setNeedTotp] = useState(Boolean(user?.twoFactorEnabled));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [confirming, setConfirming] = useState<WithdrawalQuote | null>(null);
  const reviewing = useSubmit();
  const [round, setRound] = useState(0);
  const validAmount = isDecimal(v.amount) && cmp(dec(v.amount), dec('0')) > 0;
  // The fee quote follows the amount (debounced by the effect's own dependency changes).
  const [quoteAmount, setQuoteAmount] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setQuoteAmount(validAmount ? v.amount.trim() : ''), 350);
    return () => clearTimeout(timer);
  }, [v.amount, validAmount]);
  const quote = useApi(
    (signal) =>
      fundsApi.withdrawalQuote(coin, method === 'crypto' ? network : undefined, quoteAmount, signal),
    [coin, network, method, quoteAmount],
    Boolean(quoteAmount),
  );
  const accounts = useApi((signal) => fundsApi.accounts('real', signal), [], !disabled, [round]);
  // Read again on coming back to the tab too (a repayment there took from it), the figure kept meanwhile.
  useOnReturn(accounts.reload, !disabled);
  // Unknown while loading or after a failure ("—" and a retry, never 0); the server checks it anyway.
  const balances = knownBalance(accounts);
  const available = balances ? (balances.find((a) => a.currency === coin)?.available ?? '0') : null;
  // Saved addresses of this coin and network, to pick from.
  const book = useApi((signal) => fundsApi.addressBook(signal), [], !disabled);
  const saved = (book.data ?? []).filter((e) => e.coin === coin && e.network === network);
  const picked = saved.find((e) => e.address === v.address.trim());
  // While the whitelist is on, a crypto withdrawal goes only to a saved address past its wait: the
  // address is chosen from those (unknown state: the free field; the server checks either way).
  const whitelist = useApi((signal) => fundsApi.whitelist(signal), [], !disabled);
  const restricted = method === 'crypto' && whitelist.data?.enabled === true;
  const chosen = restricted && picked && isUsable(picked) ? picked : null;
  const choose = (entry: SavedAddress) => {
    setV({ ...v, address: entry.address });
    if (errors.address) setErrors(({ address: _gone, ...rest }) => rest);
  };

  const validate = () => {
    const next: Record<string, string> = {};
    if (restricted && !chosen) next.address = t('whitelist.choose');
    else if (method === 'crypto' && !v.address.trim()) next.address = t('withdraw.enterAddress');
    if (method === 'bank') {
      if (!v.holderName.trim()) next.holderName = t('validation.required');
      if (!v.bankAccount.trim()) next.bankAccount = t('validation.required');
      if (!v.bankType.trim()) next.bankType = t('validation.required');
    }
    if (!validAmount) next.amount = t('withdraw.enterAmount');
    else if (net && cmp(dec(v.amount), dec(net.minWithdrawal)) < 0)
      next.amount = t('withdraw.belowMin', { name: coin, limit: formatAmount(net.minWithdrawal) });
    else if (available !== null && cmp(dec(v.amount), dec(available)) > 0)
      next.amount = t('withdraw.overAvailable', { amount: formatExact(available), coin });
    if (!user?.hasWithdrawPassword) next.password = t('withdraw.setPasswordFirst');
    else if (!v.password) next.password = t('withdraw.enterPassword');
    if (needTotp && !/^\d{6}$|^[A-Za-z0-9-]{8,}$/.test(v.totp.trim()))
      next.totpCode = t('withdraw.enterTotp');
    setErrors(next);
    return Object.keys(next).length === 0;
  };
  const review = async () => {
    reviewing.setError(null);
    if (openLoan || !validate()) return;
    await reviewing.submit(async () => {
      const q = await fundsApi.withdrawalQuote(
        coin,
        method === 'crypto' ? network : undefined,
        v.amount.trim(),
      );
      // The fee comes on top of the amount: together they must fit in the available balance.
      if (available !== null && cmp(dec(q.total), dec(available)) > 0) {
        setErrors({
          amount: t('withdraw.overWithFee', {
            total: formatExact(q.total),
            amount: formatExact(available),
            coin,
          }),
        });
        return;
      }
      setConfirming(q);
    });
  };
  const submit = async (key: string) => {
    const body =
      method === 'crypto'
        ? { method, coin, network, address: v.address.trim() }
        : {
            method,
            coin,
            bankType: v.bankType.trim(),
            bankAccount: v.bankAccount.trim(),
            holderName: v.holderName.trim(),
          };
    try {
      await fundsApi.withdraw(
        {
          ...body,
          amount: v.amount.trim(),
          withdrawPassword: v.password,
          totpCode: needTotp ? v.totp.trim() : undefined,
        },
        key,
      );
      toast(t('withdraw.submitted'), 'success', 4000);
      setConfirming(null);
      setV({ ...v, amount: '', password: '', totp: '' });
      setRound((r) => r + 1);
    } catch (err) {
      // The 24-hour holds name their end: shown in the reader's time zone and language.
      const until = (err instanceof ApiError && (err.result as { until?: string } | null)?.until) || null;
      if (err instanceof ApiError && until) {
        const key =
          err.code === WITHDRAWAL_HOLD_CODES.addressCooling
            ? 'withdraw.addressCooling'
            : err.code === WITHDRAWAL_HOLD_CODES.securityHold
              ? 'withdraw.securityHold'
              : null;
        if (key) throw new ApiError(err.code, t(key, { time: formatDate(until, i18n.language) }), err.result);
      }
      // Not in the address book while the whitelist is on (perhaps turned on elsewhere meanwhile):
      // the server's reason on the address, which is then chosen from the saved ones.
      if (err instanceof ApiError && err.code === ADDRESS_NOT_WHITELISTED) {
        setErrors({ address: err.message });
        setConfirming(null);
        whitelist.reload();
        book.reload();
        return;
      }
      const fields = fieldErrors(err);
      if (fields.totpCode) setNeedTotp(true);
      if (Object.keys(fields).length) {
        setErrors(fields);
        setConfirming(null);
        return;
      }
      throw err;
    }
  };

  return (
    <>
      <section className="card">
        {openLoan && <OpenLoanBlock loan={openLoan} />}
        <form
          className="form opens-card"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void review();
          }}
        >
          {/* One switch for every field and button of the form (display: contents keeps its layout). */}
          <fieldset className="form-fieldset" disabled={Boolean(openLoan)}>
            <div className="segmented" role="radiogroup" aria-label={t('withdraw.method')}>
              {(['crypto', 'bank'] as const).map((m) => (
                <button
                  key={m}
                  type="button"
                  role="radio"
                  aria-checked={method === m}
                  className={method === m ? 'active' : ''}
                  onClick={() => setMethod(m)}
                  data-testid={`method-${m}`}
                >
                  {t(`withdraw.${m}`)}
                </button>
              ))}
            </div>
            <div className="form-grid">
              <SelectField
                label={t('fields.coin')}
                value={coin}
                options={coins.map((c) => ({ value: c, label: c }))}
                onChange={setCoin}
              />
              {method === 'crypto' && (
                <SelectField
                  label={t('fields.network')}
                  value={network}
                  options={coinNetworks.map((n) => ({ value: n.network, label: n.network }))}
                  onChange={setNetwork}
                />
              )}
            </div>
            {restricted && (
              <WhitelistAddresses
                coin={coin}
                network={network}
                saved={saved}
                book={book}
                chosen={chosen}
                error={errors.address}
                onChoose={choose}
              />
            )}
            {method === 'crypto' && !restricted && (
              <AddressBookPick
                saved={saved}
                loaded={book.data !== undefined}
                picked={picked}
                onPick={(entry) => setV({ ...v, address: entry ? entry.address : '' })}
              />
            )}
            {restricted ? null : method === 'crypto' ? (
              <TextField
                label={t('fields.address')}
                error={errors.address}
                value={v.address}
                onChange={set('address')}
                dir="ltr"
                autoComplete="off"
              />
            ) : (
              <div className="form-grid">
                <TextField
                  label={t('withdraw.holderName')}
                  error={errors.holderName}
                  value={v.holderName}
                  onChange={set('holderName')}
                />
                <TextField
                  label={t('withdraw.bankAccount')}
                  error={errors.bankAccount}
                  value={v.bankAccount}
                  onChange={set('bankAccount')}
                  dir="ltr"
                />
                <TextField
                  label={t('withdraw.bankType')}
                  error={errors.bankType}
                  value={v.bankType}
                  onChange={set('bankType')}
                />
              </div>
            )}
            <TextField
              label={t('fields.amount')}
              error={errors.amount}
              inputMode="decimal"
              value={v.amount}
              onChange={set('amount')}
              dir="ltr"
              placeholder={
                net ? t('withdraw.minPlaceholder', { limit: formatAmount(net.minWithdrawal) }) : ''
              }
            />
            <div className="muted small amount-exact" data-testid="withdraw-available">
              {t('withdraw.available', { amount: available === null ? '—' : formatExact(available), coin })}
            </div>
            {!disabled && accounts.error && <BalanceUnavailable onRetry={accounts.reload} />}
            <dl className="details compact quote-box" data-testid="withdraw-quote">
              <dt>{t('withdraw.feeRate')}</dt>
              <dd>
                {quote.data
                  ? `${formatExact(quote.data.feeRate)}%`
                  : net
                    ? `${formatExact(net.withdrawFeeRate)}%`
                    : '—'}
              </dd>
              <dt>{t('withdraw.fee')}</dt>
              <dd data-testid="quote-fee">{quote.data ? `${formatExact(quote.data.fee)} ${coin}` : '—'}</dd>
              <dt>{t('withdraw.received')}</dt>
              <dd data-testid="quote-received">
                {quote.data ? `${formatExact(quote.data.amount)} ${coin}` : '—'}
              </dd>
              <dt>{t('withdraw.deducted')}</dt>
              <dd data-testid="quote-total">
                {quote.data ? `${formatExact(quote.data.total)} ${coin}` : '—'}
              </dd>
            </dl>
            <PasswordField
              label={t('withdraw.password')}
              error={errors.password ?? errors.withdrawPassword}
              autoComplete="off"
              value={v.password}
              onChange={set('password')}
            />
            {!user?.hasWithdrawPassword && (
              <Link to="/profile" className="small">
                {t('withdraw.setPasswordLink')}
              </Link>
            )}
            {needTotp ? (
              <AuthenticatorCodeField
                label={t('withdraw.totp')}
                error={errors.totpCode}
                value={v.totp}
                onChange={(digits) => {
                  setV({ ...v, totp: digits });
                  // The server names the field totpCode: typing a new code clears its error.
                  if (errors.totpCode) setErrors(({ totpCode: _gone, ...rest }) => rest);
                }}
              />
            ) : (
              <button type="button" className="link small" onClick={() => setNeedTotp(true)}>
                {t('withdraw.haveTotp')}
              </button>
            )}
            <FormError message={reviewing.error} />
            <button
              type="submit"
              className="btn btn-primary btn-block"
              disabled={disabled}
              data-testid="withdraw-submit"
            >
              {t('withdraw.submit')}
            </button>
          </fieldset>
        </form>
      </section>
      <section className="card">
        <div className="card-head">
          <h2>{t('records.withdrawals')}</h2>
          <Link to="/profile/records?tab=withdrawals">{t('common:actions.viewAll')}</Link>
        </div>
        <WithdrawalList key={round} />
      </section>
      {confirming && (
        <ConfirmDetails
          title={t('withdraw.confirmTitle')}
          rows={[
            { label: t('withdraw.method'), value: t(`withdraw.${method}`) },
            {
              label: t('withdraw.to'),
              value:
                method === 'crypto'
                  ? `${network} ${v.address}${chosen ? ` (${chosen.label})` : ''}`
                  : `${v.holderName} · ${v.bankType} ${v.bankAccount}`,
            },
            {
              label: t('withdraw.received'),
              value: `${formatExact(confirming.amount)} ${coin}`,
              strong: true,
              testId: 'confirm-received',
            },
            {
              label: t('withdraw.fee'),
              value: `${formatExact(confirming.fee)} ${coin} (${formatExact(confirming.feeRate)}%)`,
              testId: 'confirm-fee',
            },
            {
              label: t('withdraw.deducted'),
              value: `${formatExact(confirming.total)} ${coin}`,
              testId: 'confirm-total',
            },
          ]}
          note={t('withdraw.reviewNote')}
          onClose={() => setConfirming(null)}
          onConfirm={submit}
        />
      )}
    </>
  );
}

/**
 * Why the form is off while a loan is open (the rule above it says withdrawals are blocked then):
 * which loan, until when, and the way to repay it. An overdue loan has frozen the account.
 */
function OpenLoanBlock({ loan }: { loan: Loan }) {
  const { t, i18n } = useTranslation('funds');
  const values = {
    amount: formatExact(loan.amount),
    coin: loan.currency,
    date: formatDate(loan.repaymentDate, i18n.language),
  };
  return (
    <div className="notice notice-warn" role="alert" data-testid="withdraw-loan-block">
      <span>
        {loan.status === 'expired' ? t('withdraw.loanOverdue', values) : t('withdraw.loanOpen', values)}
      </span>
      <Link to="/loan" className="btn btn-primary btn-sm" data-testid="withdraw-to-loan">
        {t('withdraw.toLoan')}
      </Link>
    </div>
  );
}

/** An address as its start and end ("TLa2f6…YjU7"), for a select that cannot wrap. */
function shortAddress(address: string): string {
  return address.length > 14 ? `${address.slice(0, 6)}…${address.slice(-4)}` : address;
}

/** A label cut to about 16 Latin letters (a CJK character counts as two), with "…" when cut. */
function shortLabel(label: string, room = 16): string {
  let used = 0;
  let out = '';
  for (const ch of label) {
    used += (ch.codePointAt(0) ?? 0) >= 0x2e80 ? 2 : 1;
    if (used > room) return `${out.trimEnd()}…`;
    out += ch;
  }
  return label;
}

/**
 * A saved address of this coin and network, picked to fill the address field, and the way to the
 * address book. None saved: a sentence that wraps (as the select's placeholder it was cut on a
 * phone, in Japanese "このネットワークの保存済みアドレスはありません" lost its end), nothing to pick.
 * A select cannot wrap either: an option is its label and the address's ends (on a phone the whole
 * address ran past the select), the field below then holds all of it; the addresses still in their
 * 24-hour wait are a group of their own, and a picked one says under the select when it is usable.
 */
function AddressBookPick({
  saved,
  loaded,
  picked,
  onPick,
}: {
  saved: SavedAddress[];
  loaded: boolean;
  picked: SavedAddress | undefined;
  onPick: (entry: SavedAddress | undefined) => void;
}) {
  const { t } = useTranslation('funds');
  const manage = (
    <Link to="/profile/address-book" className="small" data-testid="manage-address-book">
      {t('addressBook.manage')}
    </Link>
  );
  if (!saved.length) {
    return loaded ? (
      <p className="address-book-empty small" data-testid="address-book-empty">
        <span className="muted">{t('addressBook.pickEmpty')}</span> {manage}
      </p>
    ) : null;
  }
  const option = (e: SavedAddress) => (
    <option key={e.id} value={e.id} title={`${e.label} · ${e.address}`}>
      {t('addressBook.option', { label: shortLabel(e.label), address: shortAddress(e.address) })}
    </option>
  );
  const waiting = saved.filter((e) => !isUsable(e));
  return (
    <>
      <Field label={t('addressBook.pick')}>
        {(id) => (
          <select
            id={id}
            value={picked?.id ?? ''}
            data-testid="address-book-pick"
            onChange={(e) => onPick(saved.find((x) => x.id === e.target.value))}
          >
            <option value="">{t('addressBook.pickNone')}</option>
            {saved.filter((e) => isUsable(e)).map(option)}
            {waiting.length > 0 && (
              <optgroup label={t('addressBook.pickWaiting')}>{waiting.map(option)}</optgroup>
            )}
          </select>
        )}
      </Field>
      <div className="address-book-picked small">
        {picked && !isUsable(picked) && <UsableFrom entry={picked} />}
        {manage}
      </div>
    </>
  );
}

/**
 * The whitelist's address choice: this coin and network's saved addresses, those still in their
 * 24-hour wait shown but not choosable (with the time they become usable); none usable says so
 * and leads to the address book.
 */
function WhitelistAddresses({
  coin,
  network,
  saved,
  book,
  chosen,
  error,
  onChoose,
}: {
  coin: string;
  network: string;
  saved: SavedAddress[];
  book: { data: SavedAddress[] | undefined; error: ApiError | null; reload: () => void };
  chosen: SavedAddress | null;
  error?: string;
  onChoose: (entry: SavedAddress) => void;
}) {
  const { t } = useTranslation('funds');
  const usable = saved.filter((e) => isUsable(e));
  return (
    <fieldset
      className={`field address-choice${error ? ' field-invalid' : ''}`}
      data-testid="whitelist-addresses"
    >
      <legend>{t('fields.address')}</legend>
      <p className="muted small" data-testid="whitelist-on-notice">
        {t('whitelist.withdrawNotice')}
      </p>
      {book.error && !book.data ? (
        <ErrorState error={book.error} onRetry={book.reload} />
      ) : !book.data ? (
        <Loading />
      ) : (
        <>
          {saved.length > 0 && (
            <div className="address-options">
              {saved.map((e) => {
                const ok = isUsable(e);
                return (
                  <label
                    key={e.id}
                    className={`address-option${ok ? '' : ' disabled'}${chosen?.id === e.id ? ' active' : ''}`}
                    data-testid={`whitelist-address-${e.id}`}
                  >
                    <input
                      type="radio"
                      name="whitelist-address"
                      value={e.id}
                      checked={chosen?.id === e.id}
                      disabled={!ok}
                      onChange={() => onChoose(e)}
                    />
                    <span className="address-option-text">
                      <strong>{e.label}</strong>
                      <code dir="ltr">{e.address}</code>
                    </span>
                    <UsableFrom entry={e} />
                  </label>
                );
              })}
            </div>
          )}
          {usable.length === 0 && (
            <p className="notice notice-warn" data-testid="whitelist-none">
              <span>{t('whitelist.noneUsable', { coin, network })}</span>
            </p>
          )}
        </>
      )}
      <FieldError message={error} testId="address-error" />
      <Link to="/profile/address-book" className="small" data-testid="manage-address-book">
        {usable.length === 0 && book.data ? t('whitelist.toAddressBook') : t('addressBook.manage')}
      </Link>
    </fieldset>
  );
}
