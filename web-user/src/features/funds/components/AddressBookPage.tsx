import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError, fieldErrors } from '../../../api/http-client';
import { isMobileDevice } from '../../../shared/device';
import { formatDate } from '../../../shared/format';
import { FormError, PageHeader, SelectField, TextField } from '../../../shared/ui/Field';
import { ConfirmModal } from '../../../shared/ui/Modal';
import { AsyncView } from '../../../shared/ui/StateViews';
import { toast } from '../../../shared/ui/Toast';
import { useApi } from '../../../shared/useApi';
import { useSubmit } from '../../../shared/useSubmit';
import { fundsApi, isUsable, useNetworks, type CoinNetwork, type SavedAddress } from '../api/funds-api';
import { WhitelistCard } from './WhitelistCard';

const LABEL_MAX = 40;

/**
 * The withdrawal address book: saved addresses per coin and network with a label. A new entry can
 * be used for withdrawals 24 hours after it was added (the server's rule, shown here as "usable
 * from"); deleting asks first. The whitelist card on top limits crypto withdrawals to these entries.
 */
export function AddressBookPage() {
  const { t } = useTranslation('funds');
  const networks = useNetworks();
  const [round, setRound] = useState(0);
  const book = useApi((signal) => fundsApi.addressBook(signal), [], true, [round]);
  const whitelist = useApi((signal) => fundsApi.whitelist(signal), []);
  return (
    <div className="container page" data-testid="address-book-page">
      <PageHeader
        title={t('addressBook.title')}
        subtitle={t('addressBook.subtitle')}
        actions={<Link to="/profile/withdraw">{t('addressBook.toWithdraw')}</Link>}
      />
      <WhitelistCard state={whitelist} />
      <ul className="rules card">
        <li>{t('addressBook.ruleWait')}</li>
        <li>{t('addressBook.ruleSecurity')}</li>
      </ul>
      <AsyncView
        state={networks}
        isEmpty={(l) => !l.some((n) => n.withdrawEnabled)}
        emptyText={t('withdraw.none')}
      >
        {(list) => (
          <AddAddressForm
            networks={list.filter((n) => n.withdrawEnabled)}
            onAdded={() => setRound((r) => r + 1)}
          />
        )}
      </AsyncView>
      <section className="card">
        <div className="card-head">
          <h2>{t('addressBook.saved')}</h2>
        </div>
        <AsyncView state={book} emptyText={t('addressBook.empty')}>
          {(entries) => <AddressList entries={entries} onDeleted={() => setRound((r) => r + 1)} />}
        </AsyncView>
      </section>
    </div>
  );
}

/** "Usable" or "Usable from <local time>". */
export function UsableFrom({ entry }: { entry: SavedAddress }) {
  const { t, i18n } = useTranslation('funds');
  const usable = isUsable(entry);
  return usable ? (
    <span className="badge badge-real">{t('addressBook.usable')}</span>
  ) : (
    <span className="badge badge-demo" data-testid="usable-from">
      {t('addressBook.usableFrom', { time: formatDate(entry.usableFrom, i18n.language) })}
    </span>
  );
}

function AddressList({ entries, onDeleted }: { entries: SavedAddress[]; onDeleted: () => void }) {
  const { t } = useTranslation('funds');
  const [deleting, setDeleting] = useState<SavedAddress | null>(null);
  const remove = async (entry: SavedAddress) => {
    setDeleting(null);
    try {
      await fundsApi.deleteAddress(entry.id);
      toast(t('addressBook.deleted'), 'success');
      onDeleted();
    } catch (err) {
      toast(err instanceof ApiError ? err.message : t('common:errors.unknown'), 'error');
    }
  };
  const deleteButton = (e: SavedAddress) => (
    <button
      type="button"
      className="btn btn-ghost btn-sm"
      onClick={() => setDeleting(e)}
      data-testid={`delete-address-${e.id}`}
    >
      {t('addressBook.delete')}
    </button>
  );
  return (
    <>
      {isMobileDevice() ? (
        // A phone shows each entry as a block: the whole address, wrapped, and its state.
        <div data-testid="address-book">
          {entries.map((e) => (
            <dl key={e.id} data-id={e.id} className="details compact">
              <dt>{t('addressBook.label')}</dt>
              <dd>{e.label}</dd>
              <dt>{t('fields.coin')}</dt>
              <dd>
                {e.coin} <span className="muted small">{e.network}</span>
              </dd>
              <dt>{t('fields.address')}</dt>
              <dd dir="ltr" style={{ wordBreak: 'break-all' }}>
                <code>{e.address}</code>
              </dd>
              <dt>{t('addressBook.status')}</dt>
              <dd>
                <UsableFrom entry={e} />
              </dd>
              <dt />
              <dd>{deleteButton(e)}</dd>
            </dl>
          ))}
        </div>
      ) : (
        <div className="table-scroll">
          <table className="table table-stack" data-testid="address-book">
            <thead>
              <tr>
                <th>{t('addressBook.label')}</th>
                <th>{t('fields.coin')}</th>
                <th>{t('fields.address')}</th>
                <th>{t('addressBook.status')}</th>
                <th className="col-action" />
              </tr>
            </thead>
            <tbody>
              {entries.map((e) => (
                <tr key={e.id} data-id={e.id}>
                  <td data-label={t('addressBook.label')}>{e.label}</td>
                  <td data-label={t('fields.coin')}>
                    {e.coin} <span className="muted small">{e.network}</span>
                  </td>
                  <td data-label={t('fields.address')}>
                    <code className="ellipsis" dir="ltr" title={e.address}>
                      {e.address}
                    </code>
                  </td>
                  <td data-label={t('addressBook.status')}>
                    <UsableFrom entry={e} />
                  </td>
                  <td className="col-action">{deleteButton(e)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {deleting && (
        <ConfirmModal
          title={t('addressBook.deleteTitle')}
          text={t('addressBook.deleteText', { label: deleting.label })}
          onClose={() => setDeleting(null)}
          onConfirm={() => void remove(deleting)}
        />
      )}
    </>
  );
}

function AddAddressForm({ networks, onAdded }: { networks: CoinNetwork[]; onAdded: () => void }) {
  const { t, i18n } = useTranslation('funds');
  const coins = useMemo(() => [...new Set(networks.map((n) => n.coin))], [networks]);
  const [coin, setCoin] = useState(coins.includes('USDT') ? 'USDT' : coins[0]);
  const coinNetworks = networks.filter((n) => n.coin === coin);
  const [pickedNetwork, setNetwork] = useState(coinNetworks[0]?.network ?? '');
  // The network picked while the coin has it, else the coin's first.
  const network = coinNetworks.some((n) => n.network === pickedNetwork)
    ? pickedNetwork
    : (coinNetworks[0]?.network ?? '');
  const [address, setAddress] = useState('');
  const [label, setLabel] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const submission = useSubmit();

  const validate = () => {
    const next: Record<string, string> = {};
    const a = address.trim();
    if (!a) next.address = t('withdraw.enterAddress');
    else if (/\s/.test(a) || a.length > 128) next.address = t('addressBook.addressFormat');
    const l = label.trim();
    if (!l) next.label = t('addressBook.enterLabel');
    else if (l.length > LABEL_MAX) next.label = t('addressBook.labelTooLong', { max: LABEL_MAX });
    setErrors(next);
    return Object.keys(next).length === 0;
  };
  const submit = async () => {
    submission.setError(null);
    if (!validate()) return;
    await submission.submit(
      async () => {
        const saved = await fundsApi.addAddress({
          coin,
          network,
          address: address.trim(),
          label: label.trim(),
        });
        toast(t('addressBook.added', { time: formatDate(saved.usableFrom, i18n.language) }), 'success', 5000);
        setAddress('');
        setLabel('');
        onAdded();
      },
      (err) => {
        const fields = fieldErrors(err);
        if (Object.keys(fields).length) setErrors(fields);
        return Object.keys(fields).length > 0;
      },
    );
  };
  return (
    <section className="card">
      <h2>{t('addressBook.add')}</h2>
      <form
        className="form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
        data-testid="address-book-form"
      >
        <div className="form-grid">
          <SelectField
            label={t('fields.coin')}
            value={coin}
            options={coins.map((c) => ({ value: c, label: c }))}
            onChange={setCoin}
          />
          <SelectField
            label={t('fields.network')}
            error={errors.network}
            value={network}
            options={coinNetworks.map((n) => ({ value: n.network, label: n.network }))}
            onChange={setNetwork}
          />
        </div>
        <TextField
          label={t('fields.address')}
          error={errors.address}
          name="address"
          value={address}
          onChange={setAddress}
          dir="ltr"
          autoComplete="off"
        />
        <TextField
          label={t('addressBook.label')}
          error={errors.label}
          name="label"
          value={label}
          maxLength={LABEL_MAX + 10}
          onChange={setLabel}
          placeholder={t('addressBook.labelPlaceholder')}
        />
        <FormError message={submission.error} />
        <button
          type="submit"
          className="btn btn-primary"
          disabled={submission.busy}
          data-testid="address-add"
        >
          {t('addressBook.addButton')}
        </button>
      </form>
    </section>
  );
}
