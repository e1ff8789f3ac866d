import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { fieldErrors } from '../../../api/http-client';
import { isDecimal, dec, cmp } from '../../../shared/decimal';
import { formatAmount } from '../../../shared/format';
import { useSession } from '../../../shared/session';
import { ConfirmDetails } from '../../../shared/ui/ConfirmDetails';
import { CopyButton } from '../../../shared/ui/CopyButton';
import { PageHeader, SelectField, TextField } from '../../../shared/ui/Field';
import { ImagePicker } from '../../../shared/ui/ImagePicker';
import { QrCode } from '../../../shared/ui/QrCode';
import { RealBookNotice } from '../../../shared/ui/RealBookNotice';
import { AsyncView, ErrorState, Loading } from '../../../shared/ui/StateViews';
import { toast } from '../../../shared/ui/Toast';
import { useApi } from '../../../shared/useApi';
import { fundsApi, useNetworks, type CoinNetwork } from '../api/funds-api';
import { RechargeList } from './RecordLists';

const TX_HASH = /^(0x)?[0-9a-fA-F]{32,128}$/;

/** Deposit: coin and network, the address with its QR code, then the declared transfer with its proof. */
export function DepositPage() {
  const { t } = useTranslation('funds');
  const { demo } = useSession();
  const networks = useNetworks();
  return (
    <div className="container page narrow-wide" data-testid="deposit-page">
      <PageHeader title={t('deposit.title')} subtitle={t('deposit.subtitle')} />
      <RealBookNotice text={t('deposit.realOnly')} />
      <AsyncView
        state={networks}
        isEmpty={(l) => !l.some((n) => n.depositEnabled)}
        emptyText={t('deposit.none')}
      >
        {(list) => <DepositForm networks={list.filter((n) => n.depositEnabled)} disabled={demo} />}
      </AsyncView>
    </div>
  );
}

function DepositForm({ networks, disabled }: { networks: CoinNetwork[]; disabled: boolean }) {
  const { t } = useTranslation('funds');
  const coins = useMemo(() => [...new Set(networks.map((n) => n.coin))], [networks]);
  const [coin, setCoin] = useState(coins.includes('USDT') ? 'USDT' : coins[0]);
  const coinNetworks = networks.filter((n) => n.coin === coin);
  const [pickedNetwork, setNetwork] = useState(coinNetworks[0]?.network ?? '');
  // The network picked while the coin has it, else the coin's first.
  const network = coinNetworks.some((n) => n.network === pickedNetwork)
    ? pickedNetwork
    : (coinNetworks[0]?.network ?? '');
  const net = coinNetworks.find((n) => n.network === network);
  const address = useApi(
    () => fundsApi.address(coin, network),
    [coin, network],
    Boolean(network) && !disabled,
  );

  const [amount, setAmount] = useState('');
  const [txHash, setTxHash] = useState('');
  const [last6, setLast6] = useState('');
  const [voucher, setVoucher] = useState<File | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [confirming, setConfirming] = useState(false);
  const [round, setRound] = useState(0);

  const validate = () => {
    const next: Record<string, string> = {};
    if (!isDecimal(amount) || cmp(dec(amount), dec('0')) <= 0) next.amount = t('validation.amount');
    else if (net && cmp(dec(amount), dec(net.minDeposit)) < 0)
      next.amount = t('deposit.belowMin', { name: coin, limit: formatAmount(net.minDeposit) });
    if (!TX_HASH.test(txHash.trim())) next.txHash = t('deposit.txHashInvalid');
    if (last6 && !/^[0-9a-zA-Z]{6}$/.test(last6)) next.last6 = t('deposit.last6Invalid');
    if (!voucher) next.voucher = t('deposit.voucherRequired');
    setErrors(next);
    return Object.keys(next).length === 0;
  };
  const submit = async (key: string) => {
    const form = new FormData();
    form.append('coin', coin);
    form.append('network', network);
    form.append('amount', amount.trim());
    form.append('txHash', txHash.trim());
    if (last6) form.append('last6', last6);
    form.append('voucher', voucher!, voucher!.name);
    try {
      await fundsApi.recharge(form, key);
      toast(t('deposit.submitted'), 'success', 4000);
      setConfirming(false);
      setAmount('');
      setTxHash('');
      setLast6('');
      setVoucher(null);
      setRound((r) => r + 1);
    } catch (err) {
      const fields = fieldErrors(err);
      if (Object.keys(fields).length) {
        setErrors(fields);
        setConfirming(false);
        return;
      }
      throw err;
    }
  };

  return (
    <>
      <div className="two-col">
        <section className="card">
          <h2>{t('deposit.step1')}</h2>
          <div className="form">
            <SelectField
              label={t('fields.coin')}
              value={coin}
              options={coins.map((c) => ({ value: c, label: c }))}
              testId="deposit-coin"
              onChange={setCoin}
            />
            <SelectField
              label={t('fields.network')}
              value={network}
              options={coinNetworks.map((n) => ({ value: n.network, label: n.network }))}
              onChange={setNetwork}
            />
          </div>
          {disabled ? null : address.loading ? (
            <Loading />
          ) : address.error ? (
            <ErrorState error={address.error} onRetry={address.reload} />
          ) : address.data ? (
            <div className="deposit-address">
              <QrCode text={address.data.qrPayload} label={t('deposit.qr')} />
              <div className="grow">
                <div className="muted small">{t('deposit.address', { coin, network })}</div>
                <code className="address" data-testid="deposit-address" dir="ltr">
                  {address.data.address}
                </code>
                <CopyButton
                  text={address.data.address}
                  label={t('deposit.copy')}
                  className="btn btn-ghost btn-sm"
                />
                <ul className="rules small">
                  <li data-testid="deposit-min">
                    {t('deposit.minimum', { name: coin, limit: formatAmount(address.data.minDeposit) })}
                  </li>
                  <li>{t('deposit.confirmations', { num: address.data.confirmations })}</li>
                  <li>{t('deposit.onlyNetwork', { coin, network })}</li>
                </ul>
              </div>
            </div>
          ) : null}
        </section>
        <section className="card">
          <h2>{t('deposit.step2')}</h2>
          <form
            className="form"
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              if (validate()) setConfirming(true);
            }}
          >
            <TextField
              label={t('fields.amount')}
              error={errors.amount}
              inputMode="decimal"
              value={amount}
              onChange={setAmount}
              placeholder={net ? t('deposit.minPlaceholder', { limit: formatAmount(net.minDeposit) }) : ''}
              dir="ltr"
            />
            <TextField
              label={t('fields.txHash')}
              error={errors.txHash}
              value={txHash}
              onChange={setTxHash}
              dir="ltr"
            />
            <TextField
              label={t('fields.last6')}
              error={errors.last6}
              value={last6}
              maxLength={6}
              onChange={setLast6}
              dir="ltr"
            />
            <ImagePicker
              key={round}
              name="voucher"
              label={t('fields.voucher')}
              value={voucher}
              onChange={setVoucher}
              error={errors.voucher}
            />
            <button
              type="submit"
              className="btn btn-primary btn-block"
              disabled={disabled}
              data-testid="deposit-submit"
            >
              {t('deposit.submit')}
            </button>
          </form>
        </section>
      </div>
      <section className="card">
        <div className="card-head">
          <h2>{t('records.recharges')}</h2>
          <Link to="/profile/records">{t('common:actions.viewAll')}</Link>
        </div>
        <RechargeList key={round} />
      </section>
      {confirming && (
        <ConfirmDetails
          title={t('deposit.confirmTitle')}
          rows={[
            { label: t('fields.coin'), value: `${coin} · ${network}` },
            { label: t('fields.amount'), value: `${formatAmount(amount)} ${coin}`, strong: true },
            { label: t('fields.txHash'), value: <code className="break">{txHash}</code> },
            { label: t('fields.voucher'), value: voucher?.name ?? '' },
          ]}
          note={t('deposit.reviewNote')}
          onClose={() => setConfirming(false)}
          onConfirm={submit}
        />
      )}
    </>
  );
}
