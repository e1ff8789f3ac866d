import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Icon, type IconName } from '../../../app/layout/icons';
import { formatExact } from '../../../shared/format';
import { session, useSession } from '../../../shared/session';
import { ConfirmModal } from '../../../shared/ui/Modal';
import { AsyncView, Loading } from '../../../shared/ui/StateViews';
import { toast } from '../../../shared/ui/Toast';
import { authApi } from '../../auth/api/auth-api';
import { useUserInfo } from '../api/profile-api';
import { DemoTopup } from './DemoTopup';
import { ChangePasswordForm, ChangeWithdrawPasswordForm } from './PasswordForms';

/** The profile menu's pages, in their order (the password forms follow them). */
const MENU: { to: string; icon: IconName; label: string; testId?: string }[] = [
  { to: '/profile/info', icon: 'profile', label: 'menu.info' },
  { to: '/profile/balance', icon: 'funds', label: 'menu.balances' },
  { to: '/profile/deposit', icon: 'funds', label: 'menu.deposit', testId: 'menu-deposit' },
  { to: '/profile/withdraw', icon: 'funds', label: 'menu.withdraw', testId: 'menu-withdraw' },
  { to: '/profile/exchange', icon: 'market', label: 'menu.exchange' },
  { to: '/orders', icon: 'trading', label: 'menu.orders' },
  { to: '/profile/records', icon: 'funds', label: 'menu.records' },
  { to: '/zjxq', icon: 'market', label: 'menu.funding' },
  { to: '/profile/security', icon: 'profile', label: 'menu.security', testId: 'menu-security' },
  { to: '/profile/invite', icon: 'home', label: 'menu.invite' },
  { to: '/profile/notification', icon: 'bell', label: 'menu.notifications' },
  { to: '/help', icon: 'support', label: 'menu.help' },
];

/** A row of the profile menu: its icon, its label and the chevron. */
function MenuRow({ icon, label }: { icon: IconName; label: string }) {
  return (
    <>
      <Icon name={icon} size={18} /> {label}
      <Icon name="chevron" size={16} />
    </>
  );
}

export function ProfilePage() {
  const { t } = useTranslation('profile');
  const navigate = useNavigate();
  const { demo, user: lastLoaded } = useSession();
  const info = useUserInfo();
  // Who the user is does not change with the book: just after a switch the page stays (the info
  // last loaded, of the other book) and only the balances wait for this book's, never showing the
  // other book's as these.
  const switching =
    info.loading && lastLoaded?.book !== undefined && lastLoaded.book !== (demo ? 'demo' : 'real');
  const identity = info.data ?? (switching ? lastLoaded : null);
  const [confirmLogout, setConfirmLogout] = useState(false);
  const [form, setForm] = useState<'password' | 'withdraw' | null>(null);

  const switchBook = (toDemo: boolean) => {
    if (toDemo === demo) return;
    session.setDemo(toDemo);
    toast(toDemo ? t('book.switchedDemo') : t('book.switchedReal'), 'success');
  };
  const logout = async () => {
    setConfirmLogout(false);
    // The session ends on the server too; the local state goes whatever the answer.
    await authApi.logout().catch(() => undefined);
    // Leave the page first (committed at once): cleared while /profile is still shown, the login
    // guard would send the user to the login page instead of home.
    await navigate('/', { replace: true, flushSync: true });
    session.clear();
  };

  return (
    <div className="container page profile" data-testid="profile-page">
      <AsyncView state={{ ...info, data: identity ?? undefined }}>
        {(user) => (
          <>
            <section className="card profile-head">
              <div className="avatar" aria-hidden="true">
                {user.username.slice(0, 1).toUpperCase()}
              </div>
              <div className="profile-id">
                <h1 data-testid="profile-username">{user.username}</h1>
                <p className="muted">{user.email ?? user.phone ?? ''}</p>
              </div>
              <div className="book-switch" role="radiogroup" aria-label={t('book.label')}>
                {([true, false] as const).map((toDemo) => (
                  <button
                    key={String(toDemo)}
                    type="button"
                    role="radio"
                    aria-checked={demo === toDemo}
                    className={demo === toDemo ? 'active' : ''}
                    data-testid={toDemo ? 'book-demo' : 'book-real'}
                    onClick={() => switchBook(toDemo)}
                  >
                    {toDemo ? t('book.demo') : t('book.real')}
                  </button>
                ))}
              </div>
            </section>

            <section className="card">
              <div className="card-head">
                <h2>{demo ? t('balances.demoTitle') : t('balances.realTitle')}</h2>
                <span className={`badge ${demo ? 'badge-demo' : 'badge-real'}`}>
                  {demo ? t('book.demo') : t('book.real')}
                </span>
              </div>
              {!info.data ? (
                <Loading />
              ) : info.data.balances && info.data.balances.length > 0 ? (
                <table className="table" data-testid="balances">
                  <thead>
                    <tr>
                      <th>{t('balances.currency')}</th>
                      <th className="num">{t('balances.available')}</th>
                      <th className="num">{t('balances.frozen')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {info.data.balances.map((b) => (
                      <tr key={b.currency}>
                        <td>
                          <strong>{b.currency}</strong>
                        </td>
                        <td className="num amount-exact" data-testid={`balance-${b.currency}`}>
                          {formatExact(b.available)}
                        </td>
                        <td className="num amount-exact" data-testid={`profile-frozen-${b.currency}`}>
                          {formatExact(b.frozen)}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              ) : (
                <p className="muted" data-testid="balances-empty">
                  {t('balances.empty')}
                </p>
              )}
              {info.data?.book === 'demo' && <DemoTopup onDone={info.reload} />}
            </section>

            <section className="card menu">
              {MENU.map((item) => (
                <Link key={item.to} to={item.to} data-testid={item.testId}>
                  <MenuRow icon={item.icon} label={t(item.label)} />
                </Link>
              ))}
              <button
                type="button"
                onClick={() => setForm(form === 'password' ? null : 'password')}
                data-testid="open-change-password"
              >
                <MenuRow icon="trading" label={t('menu.changePassword')} />
              </button>
              {form === 'password' && <ChangePasswordForm onDone={() => setForm(null)} />}
              <button
                type="button"
                onClick={() => setForm(form === 'withdraw' ? null : 'withdraw')}
                data-testid="open-change-withdraw"
              >
                <MenuRow
                  icon="loan"
                  label={
                    user.hasWithdrawPassword
                      ? t('menu.changeWithdrawPassword')
                      : t('menu.setWithdrawPassword')
                  }
                />
              </button>
              {form === 'withdraw' && <ChangeWithdrawPasswordForm user={user} onDone={() => setForm(null)} />}
            </section>

            <button
              type="button"
              className="btn btn-danger btn-block"
              data-testid="logout"
              onClick={() => setConfirmLogout(true)}
            >
              {t('logout.button')}
            </button>
          </>
        )}
      </AsyncView>
      {confirmLogout && (
        <ConfirmModal
          title={t('logout.title')}
          text={t('logout.text')}
          onClose={() => setConfirmLogout(false)}
          onConfirm={() => void logout()}
        />
      )}
    </div>
  );
}
