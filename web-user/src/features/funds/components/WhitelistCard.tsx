import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError, fieldErrors } from '../../../api/http-client';
import { formatDate } from '../../../shared/format';
import { useSession } from '../../../shared/session';
import { ConfirmDetails } from '../../../shared/ui/ConfirmDetails';
import { AuthenticatorCodeField, PasswordField } from '../../../shared/ui/Field';
import { ErrorState, Loading } from '../../../shared/ui/StateViews';
import { toast } from '../../../shared/ui/Toast';
import type { ApiState } from '../../../shared/useApi';
import { CODE_WRONG, fundsApi, WITHDRAW_PASSWORD_WRONG, type Whitelist } from '../api/funds-api';

const HOLD_MS = 24 * 3600 * 1000;
const TOTP_PATTERN = /^\d{6}$/;

/**
 * The withdrawal address whitelist on the address-book page: its state, what it does, and the
 * switch. Both directions ask for the withdrawal password (and the authenticator code while 2FA is
 * on); turning it off starts the 24-hour withdrawal hold, whose end the card shows while it runs.
 */
export function WhitelistCard({ state }: { state: ApiState<Whitelist> }) {
  const { t, i18n } = useTranslation('funds');
  const [asking, setAsking] = useState<boolean | null>(null);
  const current = state.data;
  const changed = (result: Whitelist, enabled: boolean) => {
    setAsking(null);
    if (enabled) {
      toast(t('whitelist.turnedOn'), 'success', 5000);
    } else {
      toast(
        result.holdUntil
          ? t('whitelist.turnedOff', { time: formatDate(result.holdUntil, i18n.language) })
          : t('whitelist.turnedOffNow'),
        'success',
        6000,
      );
    }
    state.reload();
  };
  return (
    <section className="card whitelist-card" data-testid="whitelist-card">
      <div className="card-head">
        <h2>{t('whitelist.title')}</h2>
        {current && (
          <span
            className={current.enabled ? 'status status-ok' : 'status status-wait'}
            data-testid="whitelist-state"
          >
            {current.enabled ? t('whitelist.on') : t('whitelist.off')}
          </span>
        )}
      </div>
      <p className="muted">{t('whitelist.explain')}</p>
      {state.error && !current ? (
        <ErrorState error={state.error} onRetry={state.reload} />
      ) : !current ? (
        <Loading />
      ) : (
        <div className="whitelist-row">
          <span className="small" data-testid="whitelist-since">
            {current.enabled
              ? current.enabledAt
                ? t('whitelist.since', { time: formatDate(current.enabledAt, i18n.language) })
                : t('whitelist.onNow')
              : t('whitelist.offNow')}
          </span>
          <button
            type="button"
            className={current.enabled ? 'btn btn-danger' : 'btn btn-primary'}
            onClick={() => setAsking(!current.enabled)}
            data-testid="whitelist-toggle"
          >
            {current.enabled ? t('whitelist.turnOff') : t('whitelist.turnOn')}
          </button>
        </div>
      )}
      {current?.holdUntil && !current.enabled && (
        <p className="notice notice-warn" role="status" data-testid="whitelist-hold">
          {t('whitelist.heldUntil', { time: formatDate(current.holdUntil, i18n.language) })}
        </p>
      )}
      {asking !== null && (
        <WhitelistDialog
          enable={asking}
          onClose={() => setAsking(null)}
          onChanged={(result) => changed(result, asking)}
        />
      )}
    </section>
  );
}

function WhitelistDialog({
  enable,
  onClose,
  onChanged,
}: {
  enable: boolean;
  onClose: () => void;
  onChanged: (result: Whitelist) => void;
}) {
  const { t, i18n } = useTranslation('funds');
  const { user } = useSession();
  const [password, setPassword] = useState('');
  const [totp, setTotp] = useState('');
  // The session says whether 2FA is on; a server asking for the code shows the field too.
  const [needTotp, setNeedTotp] = useState(user?.twoFactorEnabled === true);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const noPassword = user !== null && user.hasWithdrawPassword === false;
  // Turned off now, it stays on until a day after this dialog opened.
  const [holdUntil] = useState(() => Date.now() + HOLD_MS);

  const confirm = async () => {
    const next: Record<string, string> = {};
    if (noPassword) next.password = t('withdraw.setPasswordFirst');
    else if (!password) next.password = t('withdraw.enterPassword');
    if (needTotp && !TOTP_PATTERN.test(totp.trim())) next.totpCode = t('withdraw.enterTotp');
    setErrors(next);
    if (Object.keys(next).length) return;
    try {
      const result = await fundsApi.setWhitelist({
        enabled: enable,
        withdrawPassword: password,
        ...(needTotp ? { totpCode: totp.trim() } : {}),
      });
      onChanged(result);
    } catch (err) {
      // A wrong password or code lands on its field; the rest (too many tries: 429) in the dialog.
      const fields = fieldErrors(err);
      if (fields.totpCode) setNeedTotp(true);
      if (err instanceof ApiError && err.code === WITHDRAW_PASSWORD_WRONG) {
        setErrors({ password: err.message });
        return;
      }
      if (err instanceof ApiError && err.code === CODE_WRONG) {
        setNeedTotp(true);
        setErrors({ totpCode: err.message });
        return;
      }
      if (fields.withdrawPassword || fields.totpCode) {
        setErrors({ password: fields.withdrawPassword, totpCode: fields.totpCode });
        return;
      }
      throw err;
    }
  };

  return (
    <ConfirmDetails
      title={enable ? t('whitelist.confirmOnTitle') : t('whitelist.confirmOffTitle')}
      danger={!enable}
      confirmLabel={enable ? t('whitelist.turnOn') : t('whitelist.turnOff')}
      rows={[
        {
          label: t('whitelist.title'),
          value: enable ? t('whitelist.on') : t('whitelist.off'),
          strong: true,
          testId: 'whitelist-confirm-state',
        },
      ]}
      onClose={onClose}
      onConfirm={confirm}
    >
      <p className={enable ? 'muted small' : 'notice notice-warn'} data-testid="whitelist-confirm-effect">
        {enable
          ? t('whitelist.confirmOn')
          : t('whitelist.confirmOff', {
              time: formatDate(new Date(holdUntil).toISOString(), i18n.language),
            })}
      </p>
      <div className="form" data-testid="whitelist-form">
        <PasswordField
          label={t('withdraw.password')}
          error={errors.password}
          name="withdrawPassword"
          autoComplete="off"
          value={password}
          onChange={(value) => {
            setPassword(value);
            if (errors.password) setErrors(({ password: _gone, ...rest }) => rest);
          }}
        />
        {noPassword && (
          <Link to="/profile" className="small">
            {t('withdraw.setPasswordLink')}
          </Link>
        )}
        {needTotp && (
          <AuthenticatorCodeField
            label={t('withdraw.totp')}
            error={errors.totpCode}
            value={totp}
            onChange={(digits) => {
              setTotp(digits);
              if (errors.totpCode) setErrors(({ totpCode: _gone, ...rest }) => rest);
            }}
          />
        )}
      </div>
    </ConfirmDetails>
  );
}
