import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, fieldErrors, http } from '../../../api/http-client';
import { formatDate } from '../../../shared/format';
import type { UserInfo } from '../../../shared/session';
import { siweMessage } from '../../../shared/siwe';
import { ConfirmDetails } from '../../../shared/ui/ConfirmDetails';
import { CopyButton } from '../../../shared/ui/CopyButton';
import { FieldError, FormError, PageHeader, TextField } from '../../../shared/ui/Field';
import { Modal, ModalActions } from '../../../shared/ui/Modal';
import { AsyncView } from '../../../shared/ui/StateViews';
import { toast } from '../../../shared/ui/Toast';
import { useApi } from '../../../shared/useApi';
import { useSubmit } from '../../../shared/useSubmit';
import { rememberGoogleTrip } from '../../auth/google-redirect';
import { ContactCard } from './ContactCard';

interface Setup {
  secret: string;
  otpauthUrl: string;
  qrCodeDataUrl: string;
}
interface ApiKey {
  keyId: string;
  label: string;
  scopes: string[];
  ipAllowlist: string[] | null;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
}
interface Links {
  hasPassword: boolean;
  google: { issuer: string; subject: string; email: string | null }[];
  wallets: { address: string }[];
}

const message = (err: unknown, fallback: string) => (err instanceof ApiError ? err.message : fallback);

/** Security settings (/profile/security): two-factor authentication, API keys, linked logins. */
export function SecurityPage() {
  const { t } = useTranslation('security');
  return (
    <div className="container page" data-testid="security-page">
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      <TwoFactor />
      <ContactCard />
      <ApiKeys />
      <LinkedLogins />
    </div>
  );
}

function TwoFactor() {
  const { t } = useTranslation('security');
  // The server says whether 2FA is on (another device may have changed it); this page's own
  // enable/disable then overrides it without asking again.
  const info = useApi((signal) => http.post<UserInfo>('user/getUserInfo', {}, signal), []);
  const [changed, setChanged] = useState<boolean | null>(null);
  const on = changed ?? info.data?.twoFactorEnabled === true;
  // Only the action that applies is offered; both only if the state could not be read.
  const known = changed !== null || info.data !== undefined;
  const offerEnable = known ? !on : Boolean(info.error);
  const offerDisable = known ? on : Boolean(info.error);
  const [setup, setSetup] = useState<Setup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [disabling, setDisabling] = useState(false);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const mark = (value: boolean) => setChanged(value);
  // The enable or disable request of the open dialog: while it runs, the dialog stays open (its
  // buttons off, Close and Escape do nothing), so its answer lands in it, as in the app's other dialogs.
  const sending = useSubmit();
  // A dialog's error belongs to it: closing one leaves neither its error nor its code behind.
  const closeDialog = () => {
    if (sending.busy) return;
    setSetup(null);
    setDisabling(false);
    setCode('');
    setError(null);
  };
  const start = async () => {
    setError(null);
    try {
      setSetup(await http.post<Setup>('user/2fa/setup'));
      setCode('');
    } catch (err) {
      // Already on (enabled from another device): offer turning it off.
      if (fieldErrors(err).code || (err instanceof ApiError && err.code === 400)) mark(true);
      setError(message(err, t('common:errors.unknown')));
    }
  };
  /** A refusal of the dialog's code: shown at its code field. */
  const refused = (err: unknown) => {
    setError(fieldErrors(err).code ?? message(err, t('common:errors.unknown')));
    return true;
  };
  const enable = () => {
    setError(null);
    return sending.submit(async () => {
      const result = await http.post<{ recoveryCodes: string[] }>('user/2fa/enable', { code: code.trim() });
      setSetup(null);
      setCodes(result.recoveryCodes);
      mark(true);
    }, refused);
  };
  const disable = () => {
    setError(null);
    return sending.submit(async () => {
      await http.post('user/2fa/disable', { code: code.trim() });
      setDisabling(false);
      mark(false);
      toast(t('twoFactor.disabled'), 'success');
    }, refused);
  };
  return (
    <section className="card" data-testid="two-factor">
      <div className="card-head">
        <h2>{t('twoFactor.title')}</h2>
        {known && (
          <span className={`status ${on ? 'status-ok' : 'status-wait'}`} data-testid="2fa-state">
            {on ? t('twoFactor.on') : t('twoFactor.off')}
          </span>
        )}
      </div>
      <p className="muted">{t('twoFactor.text')}</p>
      {/* While a dialog is open, the error shows at its code field. */}
      <FormError message={setup || disabling ? null : error} />
      <div className="row-actions">
        {offerEnable && (
          <button
            type="button"
            className="btn btn-primary"
            onClick={() => void start()}
            data-testid="2fa-enable"
          >
            {t('twoFactor.enable')}
          </button>
        )}
        {offerDisable && (
          <button
            type="button"
            className="btn btn-ghost"
            onClick={() => {
              setDisabling(true);
              setCode('');
              setError(null);
            }}
            data-testid="2fa-disable"
          >
            {t('twoFactor.disable')}
          </button>
        )}
      </div>
      {setup && (
        <Modal
          title={t('twoFactor.setupTitle')}
          onClose={closeDialog}
          busy={sending.busy}
          footer={
            <ModalActions
              confirmLabel={sending.busy ? t('common:states.loading') : t('twoFactor.confirm')}
              busy={sending.busy}
              testId="2fa-confirm"
              onConfirm={() => void enable()}
              onCancel={closeDialog}
            />
          }
        >
          <ol className="steps">
            <li>{t('twoFactor.step1')}</li>
            <li>{t('twoFactor.step2')}</li>
          </ol>
          <div className="qr-wrap">
            <img
              className="qr"
              src={setup.qrCodeDataUrl}
              alt={t('twoFactor.qr')}
              width={180}
              height={180}
              data-testid="2fa-qr"
            />
            <div>
              <div className="muted small">{t('twoFactor.manual')}</div>
              <code className="address" dir="ltr" data-testid="2fa-secret">
                {setup.secret}
              </code>
            </div>
          </div>
          <TextField
            label={t('twoFactor.code')}
            error={error}
            inputMode="numeric"
            autoComplete="one-time-code"
            value={code}
            onChange={setCode}
            dir="ltr"
          />
        </Modal>
      )}
      {codes && (
        <Modal
          title={t('twoFactor.codesTitle')}
          onClose={() => setCodes(null)}
          footer={
            <>
              <CopyButton text={codes.join('\n')} label={t('copy')} className="btn btn-ghost" />
              <button
                type="button"
                className="btn btn-primary"
                onClick={() => setCodes(null)}
                data-testid="codes-done"
              >
                {t('twoFactor.saved')}
              </button>
            </>
          }
        >
          <p className="notice notice-warn">{t('twoFactor.codesText')}</p>
          <ul className="codes" data-testid="recovery-codes" dir="ltr">
            {codes.map((c) => (
              <li key={c}>
                <code>{c}</code>
              </li>
            ))}
          </ul>
        </Modal>
      )}
      {disabling && (
        <Modal
          title={t('twoFactor.disableTitle')}
          onClose={closeDialog}
          busy={sending.busy}
          footer={
            <ModalActions
              confirmLabel={sending.busy ? t('common:states.loading') : t('twoFactor.disable')}
              busy={sending.busy}
              danger
              testId="2fa-disable-confirm"
              onConfirm={() => void disable()}
              onCancel={closeDialog}
            />
          }
        >
          <TextField
            label={t('twoFactor.codeOrRecovery')}
            error={error}
            autoComplete="one-time-code"
            value={code}
            onChange={setCode}
            dir="ltr"
          />
        </Modal>
      )}
    </section>
  );
}

const SCOPES = ['read', 'trade', 'withdraw'] as const;

function ApiKeys() {
  const { t, i18n } = useTranslation('security');
  const [round, setRound] = useState(0);
  const keys = useApi((signal) => http.get<ApiKey[]>('user/apiKeys', undefined, signal), [], true, [round]);
  const [creating, setCreating] = useState(false);
  const [label, setLabel] = useState('');
  const [scopes, setScopes] = useState<string[]>(['read']);
  const [ips, setIps] = useState('');
  const [totp, setTotp] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [created, setCreated] = useState<(ApiKey & { secret: string }) | null>(null);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const create = async () => {
    const next: Record<string, string> = {};
    if (!label.trim()) next.label = t('keys.enterLabel');
    if (!scopes.length) next.scopes = t('keys.chooseScope');
    setErrors(next);
    if (Object.keys(next).length) return;
    try {
      const ipAllowlist = ips.split(/[\s,]+/).filter(Boolean);
      const key = await http.post<ApiKey & { secret: string }>('user/apiKeys', {
        label: label.trim(),
        scopes,
        ...(ipAllowlist.length ? { ipAllowlist } : {}),
        ...(totp.trim() ? { totpCode: totp.trim() } : {}),
      });
      setCreating(false);
      setCreated(key);
      setLabel('');
      setTotp('');
      setRound((r) => r + 1);
    } catch (err) {
      const fields = fieldErrors(err);
      setErrors(Object.keys(fields).length ? fields : { form: message(err, t('common:errors.unknown')) });
    }
  };
  return (
    <section className="card" data-testid="api-keys">
      <div className="card-head">
        <h2>{t('keys.title')}</h2>
        <button
          type="button"
          className="btn btn-primary btn-sm"
          onClick={() => {
            // A fresh form: no error of an earlier try.
            setErrors({});
            setCreating(true);
          }}
          data-testid="key-create"
        >
          {t('keys.create')}
        </button>
      </div>
      <p className="muted">{t('keys.text')}</p>
      <AsyncView state={keys} emptyText={t('keys.empty')}>
        {(list) => (
          <div className="table-scroll">
            <table className="table table-stack" data-testid="key-list">
              <thead>
                <tr>
                  <th>{t('keys.label')}</th>
                  <th>{t('keys.keyId')}</th>
                  <th>{t('keys.scopes')}</th>
                  <th>{t('keys.created')}</th>
                  <th>{t('keys.lastUsed')}</th>
                  <th className="col-action" />
                </tr>
              </thead>
              <tbody>
                {list.map((k) => (
                  <tr key={k.keyId} data-key={k.keyId}>
                    <td data-label={t('keys.label')}>{k.label}</td>
                    <td data-label={t('keys.keyId')}>
                      <code dir="ltr">{k.keyId}</code>
                    </td>
                    <td data-label={t('keys.scopes')}>
                      {k.scopes.map((s) => t(`keys.scope.${s}`)).join(', ')}
                    </td>
                    <td className="small" data-label={t('keys.created')}>
                      {formatDate(k.createdAt, i18n.language)}
                    </td>
                    <td className="small" data-label={t('keys.lastUsed')}>
                      {formatDate(k.lastUsedAt, i18n.language)}
                    </td>
                    <td className="col-action">
                      {k.revokedAt ? (
                        <span className="status status-bad">{t('keys.revoked')}</span>
                      ) : (
                        <button
                          type="button"
                          className="btn btn-ghost btn-sm"
                          onClick={() => setRevoking(k)}
                          data-testid="key-revoke"
                        >
                          {t('keys.revoke')}
                        </button>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </AsyncView>
      {creating && (
        <Modal
          title={t('keys.create')}
          onClose={() => setCreating(false)}
          footer={
            <button
              type="button"
              className="btn btn-primary"
              onClick={() => void create()}
              data-testid="key-create-confirm"
            >
              {t('keys.create')}
            </button>
          }
        >
          <div className="form">
            <TextField
              label={t('keys.label')}
              error={errors.label}
              value={label}
              onChange={setLabel}
              maxLength={60}
            />
            <fieldset className="checks">
              <legend>{t('keys.scopes')}</legend>
              {SCOPES.map((s) => (
                <label key={s} className="check">
                  <input
                    type="checkbox"
                    checked={scopes.includes(s)}
                    onChange={(e) =>
                      setScopes(e.target.checked ? [...scopes, s] : scopes.filter((x) => x !== s))
                    }
                  />
                  {t(`keys.scope.${s}`)}
                </label>
              ))}
              <FieldError message={errors.scopes} />
            </fieldset>
            <TextField
              label={t('keys.ips')}
              error={errors.ipAllowlist}
              value={ips}
              onChange={setIps}
              placeholder="203.0.113.7, 198.51.100.0/24"
              dir="ltr"
            />
            <TextField
              label={t('keys.totp')}
              error={errors.totpCode}
              inputMode="numeric"
              value={totp}
              onChange={setTotp}
              dir="ltr"
            />
            <FormError message={errors.form} />
          </div>
        </Modal>
      )}
      {created && (
        <Modal
          title={t('keys.createdTitle')}
          onClose={() => setCreated(null)}
          footer={
            <button
              type="button"
              className="btn btn-primary"
              onClick={() => setCreated(null)}
              data-testid="secret-done"
            >
              {t('twoFactor.saved')}
            </button>
          }
        >
          <p className="notice notice-warn">{t('keys.secretOnce')}</p>
          <dl className="details">
            <dt>{t('keys.keyId')}</dt>
            <dd>
              <code dir="ltr">{created.keyId}</code>
            </dd>
            <dt>{t('keys.secret')}</dt>
            <dd>
              <code className="address" dir="ltr" data-testid="key-secret">
                {created.secret}
              </code>
            </dd>
          </dl>
          <CopyButton text={created.secret} label={t('copy')} className="btn btn-ghost btn-sm" />
        </Modal>
      )}
      {revoking && (
        <ConfirmDetails
          title={t('keys.revokeTitle')}
          danger
          rows={[
            { label: t('keys.label'), value: revoking.label },
            { label: t('keys.keyId'), value: revoking.keyId },
          ]}
          note={t('keys.revokeNote')}
          onClose={() => setRevoking(null)}
          onConfirm={async () => {
            await http.post(`user/apiKeys/${revoking.keyId}/revoke`);
            setRevoking(null);
            setRound((r) => r + 1);
          }}
        />
      )}
    </section>
  );
}

interface Eip1193 {
  request: (args: { method: string; params?: unknown[] }) => Promise<unknown>;
}

function LinkedLogins() {
  const { t } = useTranslation('security');
  const [round, setRound] = useState(0);
  const links = useApi((signal) => http.get<Links>('user/links', undefined, signal), [], true, [round]);
  const [error, setError] = useState<string | null>(null);
  const [unlink, setUnlink] = useState<{
    kind: 'google' | 'wallet';
    label: string;
    body: Record<string, string>;
  } | null>(null);
  const linkGoogle = async () => {
    setError(null);
    try {
      const { url } = await http.get<{ url: string }>('user/links/googleAuthUrl');
      rememberGoogleTrip(url, 'link');
      window.location.assign(url);
    } catch (err) {
      setError(
        err instanceof ApiError && err.code === 404
          ? t('links.googleOff')
          : message(err, t('common:errors.unknown')),
      );
    }
  };
  const linkWallet = async () => {
    setError(null);
    const ethereum = (window as unknown as { ethereum?: Eip1193 }).ethereum;
    if (!ethereum) return setError(t('links.noWallet'));
    try {
      const [address] = (await ethereum.request({ method: 'eth_requestAccounts' })) as string[];
      const chainId = parseInt(String(await ethereum.request({ method: 'eth_chainId' })), 16);
      const { nonce } = await http.post<{ nonce: string }>('login/dappNonce', { address });
      // EIP-4361 allows only ASCII in the statement: a translated one is refused by the server's parser.
      const siwe = siweMessage({ address, chainId, nonce, statement: 'Link this wallet to my SWX account' });
      const signature = (await ethereum.request({
        method: 'personal_sign',
        params: [siwe, address],
      })) as string;
      await http.post('user/links/wallet', { message: siwe, signature });
      setRound((r) => r + 1);
    } catch (err) {
      setError(message(err, t('links.walletFailed')));
    }
  };
  return (
    <section className="card" data-testid="links">
      <h2>{t('links.title')}</h2>
      <p className="muted">{t('links.text')}</p>
      <FormError message={error} />
      <AsyncView state={links}>
        {(l) => (
          <ul className="link-list">
            <li>
              <strong>{t('links.password')}</strong> — {l.hasPassword ? t('links.set') : t('links.notSet')}
            </li>
            {l.google.map((g) => (
              <li key={g.subject} className="row-between">
                <span>
                  <strong>Google</strong> {g.email ?? g.subject}
                </span>
                <button
                  type="button"
                  className="btn btn-ghost btn-sm"
                  onClick={() =>
                    setUnlink({
                      kind: 'google',
                      label: g.email ?? g.subject,
                      body: { issuer: g.issuer, subject: g.subject },
                    })
                  }
                >
                  {t('links.unlink')}
                </button>
              </li>
            ))}
            {l.wallets.map((w) => (
              <li key={w.address} className="row-between">
                <span>
                  <strong>{t('links.wallet')}</strong> <code dir="ltr">{w.address}</code>
                </span>
                <button
                  type="button"
                  className="btn btn-ghost btn-sm"
                  onClick={() =>
                    setUnlink({ kind: 'wallet', label: w.address, body: { address: w.address } })
                  }
                  data-testid="unlink-wallet"
                >
                  {t('links.unlink')}
                </button>
              </li>
            ))}
          </ul>
        )}
      </AsyncView>
      <div className="row-actions">
        <button
          type="button"
          className="btn btn-ghost"
          onClick={() => void linkGoogle()}
          data-testid="link-google"
        >
          {t('links.linkGoogle')}
        </button>
        <button
          type="button"
          className="btn btn-ghost"
          onClick={() => void linkWallet()}
          data-testid="link-wallet"
        >
          {t('links.linkWallet')}
        </button>
      </div>
      {unlink && (
        <ConfirmDetails
          title={t('links.unlinkTitle')}
          danger
          rows={[{ label: unlink.kind === 'google' ? 'Google' : t('links.wallet'), value: unlink.label }]}
          note={t('links.unlinkNote')}
          onClose={() => setUnlink(null)}
          onConfirm={async () => {
            await http.post(`user/links/${unlink.kind}/unlink`, unlink.body);
            setUnlink(null);
            setRound((r) => r + 1);
          }}
        />
      )}
    </section>
  );
}
