import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Icon } from '../../../app/layout/icons';
import { formatExact } from '../../../shared/format';
import { session, useSession } from '../../../shared/session';
import { ConfirmModal } from '../../../shared/ui/Modal';
import { AsyncView, Loading } from '../../../shared/ui/StateViews';
import { toast } from '../../../shared/ui/Toast';
import { authApi } from '../../auth/api/auth-api';
import { useUserInfo } from '../api/profile-api';
import { DemoTopup } from './DemoTopup';
import { ChangePasswordForm, ChangeWithdrawPasswordForm } from './PasswordForms';

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
                <button
                  type="button"
                  role="radio"
                  aria-checked={demo}
                  className={demo ? 'active' : ''}
                  data-testid="book-demo"
                  onClick={() => switchBook(true)}
                >
                  {t('book.demo')}
                </button>
                <button
                  type="button"
                  role="radio"
                  aria-checked={!demo}
                  className={!demo ? 'active' : ''}
                  data-testid="book-real"
                  onClick={() => switchBook(false)}
                >
                  {t('book.real')}
                </button>
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
              <Link to="/profile/info">
                <Icon name="profile" size={18} /> {t('menu.info')}
                <Icon name="chevron" size={16} />
              </Link>
              <Link to="/profile/balance">
                <Icon name="funds" size={18} /> {t('menu.balances')}
                <Icon name="chevron" size={16} />
              </Link>
              <Link to="/profile/deposit" data-testid="menu-deposit">
                <Icon name="funds" size={18} /> {t('menu.deposit')}
                <Icon name="chevron" size={16} />
              </Link>
              <Link to="/profile/withdraw" data-testid="menu-withdraw">
                <Icon name="funds" size={18} /> {t('menu.withdraw')}
                <Icon name="chevron" size={16} />
              </Link>
              <Link to="/profile/exchange">
                <Icon name="market" size={18} /> {t('menu.exchange')}
                <Icon name="chevron" size={16} />
              </Link>
              <Link to="/orders">
                <Icon name="trading" size={18} /> {t('menu.orders')}
                <Icon name="chevron" size={16} />
              </Link>
              <Link to="/profile/records">
                <Icon name="funds" size={18} /> {t('menu.records')}
                <Icon name="chevron" size={16} />
              </Link>
              <Link to="/zjxq">
                <Icon name="market" size={18} /> {t('menu.funding')}
                <Icon name="chevron" size={16} />
              </Link>
              <Link to="/profile/security" data-testid="menu-security">
                <Icon name="profile" size={18} /> {t('menu.security')}
                <Icon name="chevron" size={16} />
              </Link>
              <Link to="/profile/invite">
                <Icon name="home" size={18} /> {t('menu.invite')}
                <Icon name="chevron" size={16} />
              </Link>
              <Link to="/profile/notification">
                <Icon name="bell" size={18} /> {t('menu.notifications')}
                <Icon name="chevron" size={16} />
              </Link>
              <Link to="/help">
                <Icon name="support" size={18} /> {t('menu.help')}
                <Icon name="chevron" size={16} />
              </Link>
              <button
                type="button"
                onClick={() => setForm(form === 'password' ? null : 'password')}
                data-testid="open-change-password"
              >
                <Icon name="trading" size={18} /> {t('menu.changePassword')}
                <Icon name="chevron" size={16} />
              </button>
              {form === 'password' && <ChangePasswordForm onDone={() => setForm(null)} />}
              <button
                type="button"
                onClick={() => setForm(form === 'withdraw' ? null : 'withdraw')}
                data-testid="open-change-withdraw"
              >
                <Icon name="loan" size={18} />{' '}
                {user.hasWithdrawPassword ? t('menu.changeWithdrawPassword') : t('menu.setWithdrawPassword')}
                <Icon name="chevron" size={16} />
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
