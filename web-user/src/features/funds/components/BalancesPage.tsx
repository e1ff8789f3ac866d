import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatExact, formatPrice } from '../../../shared/format';
import { useSession } from '../../../shared/session';
import { PageHeader } from '../../../shared/ui/Field';
import { AsyncView } from '../../../shared/ui/StateViews';
import { useApi } from '../../../shared/useApi';
import { fundsApi, type CoinAccount } from '../api/funds-api';

/**
 * The balance views. Which is which (spec section 2 leaves their content open):
 * - /profile/balance: the real book's assets: total in USDT and every coin account, with deposit,
 *   withdrawal and exchange;
 * - /profile/balance2: the demo book's assets (the practice money), whatever account is selected;
 * - /profile/balancebb: the coin accounts of the selected book: available, frozen, every holding
 *   (margin, plans, loans...) and the USDT value of each coin.
 */
export function BalancesPage({ view }: { view: 'balance' | 'balance2' | 'balancebb' }) {
  const { t } = useTranslation('funds');
  const { demo } = useSession();
  const book: 'demo' | 'real' =
    view === 'balance' ? 'real' : view === 'balance2' ? 'demo' : demo ? 'demo' : 'real';
  const summary = useApi((signal) => fundsApi.summary(book, signal), [book]);
  const accounts = useApi((signal) => fundsApi.accounts(book, signal), [book]);
  return (
    <div className="container page" data-testid={`balances-${view}`}>
      <PageHeader
        title={t(`balances.${view}`)}
        subtitle={book === 'demo' ? t('balances.demoBook') : t('balances.realBook')}
        actions={
          book === 'real' ? (
            <div className="row-actions tight">
              <Link className="btn btn-primary btn-sm" to="/profile/deposit">
                {t('deposit.title')}
              </Link>
              <Link className="btn btn-ghost btn-sm" to="/profile/withdraw">
                {t('withdraw.title')}
              </Link>
              <Link className="btn btn-ghost btn-sm" to="/profile/exchange">
                {t('exchange.title')}
              </Link>
            </div>
          ) : undefined
        }
      />
      <nav className="chips" aria-label={t('balances.views')}>
        {(['balance', 'balance2', 'balancebb'] as const).map((v) => (
          <Link key={v} to={`/profile/${v}`} className={v === view ? 'chip active' : 'chip'}>
            {t(`balances.${v}`)}
          </Link>
        ))}
        <Link to="/profile/records" className="chip">
          {t('records.title')}
        </Link>
      </nav>
      <section className="card stat-row">
        <AsyncView state={summary}>
          {(s) => (
            <>
              <div>
                <div className="muted small">{t('balances.totalUsdt')}</div>
                <strong className="big" data-testid="total-usdt" dir="ltr">
                  ≈ {formatPrice(s.totalUsdt, 2)} USDT
                </strong>
              </div>
              <div>
                <div className="muted small">{t('balances.availableUsdt')}</div>
                <strong className="big" dir="ltr" data-testid="available-usdt">
                  ≈ {formatPrice(s.availableUsdt, 2)} USDT
                </strong>
              </div>
            </>
          )}
        </AsyncView>
      </section>
      <section className="card">
        <AsyncView state={accounts} emptyText={t('balances.empty')}>
          {(list) => <AccountsTable list={list} detailed={view === 'balancebb'} />}
        </AsyncView>
      </section>
    </div>
  );
}

function AccountsTable({ list, detailed }: { list: CoinAccount[]; detailed: boolean }) {
  const { t } = useTranslation('funds');
  return (
    <div className="table-scroll">
      <table className="table table-stack" data-testid="coin-accounts">
        <thead>
          <tr>
            <th>{t('fields.coin')}</th>
            <th className="num">{t('balances.available')}</th>
            <th className="num">{t('balances.frozen')}</th>
            <th className="num">{t('balances.holdings')}</th>
            <th className="num">{t('balances.usdtValue')}</th>
          </tr>
        </thead>
        <tbody>
          {list.map((a) => (
            <tr key={a.currency} data-coin={a.currency}>
              <td data-label={t('fields.coin')}>
                <strong>{a.currency}</strong>
              </td>
              <td
                className="num amount-exact"
                data-label={t('balances.available')}
                data-testid={`available-${a.currency}`}
              >
                {formatExact(a.available)}
              </td>
              <td
                className="num amount-exact"
                data-label={t('balances.frozen')}
                data-testid={`frozen-${a.currency}`}
              >
                {formatExact(a.frozen)}
              </td>
              <td
                className="num amount-exact"
                data-label={t('balances.holdings')}
                data-testid={`holdings-${a.currency}`}
              >
                {detailed && a.other && Object.keys(a.other).length ? (
                  <ul className="plain">
                    {Object.entries(a.other).map(([kind, value]) => (
                      <li key={kind}>
                        <span className="muted">
                          {t(`kinds.${kind}`, { defaultValue: t('kinds.other') })}
                        </span>{' '}
                        {formatExact(value)}
                      </li>
                    ))}
                  </ul>
                ) : (
                  formatExact(a.total ?? a.available)
                )}
              </td>
              {/* Rounded to the cent like the totals above (cut, 6,221.56779 read 6,221.56 under a
                  total of 6,221.57). */}
              <td className="num" data-label={t('balances.usdtValue')}>
                {a.usdtValue ? `≈ ${formatPrice(a.usdtValue, 2)}` : '—'}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
