import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router';
import { isMobileDevice } from '../../../shared/device';
import { formatExact, formatPrice } from '../../../shared/format';
import { useSession } from '../../../shared/session';
import { PageHeader } from '../../../shared/ui/Field';
import { knownBalance } from '../../../shared/ui/BalanceUnavailable';
import { BookBadge } from '../../../shared/ui/RealBookNotice';
import { ErrorState, Loading, Empty } from '../../../shared/ui/StateViews';
import { Tabs } from '../../../shared/ui/Tabs';
import { useApi } from '../../../shared/useApi';
import { spotApi, type SpotOrder, type SpotPair } from '../api/spot-api';
import { useSpotFeed } from '../hooks/useSpotFeed';
import { placesOf } from '../spot-math';
import { bookTop, OrderBook } from './OrderBook';
import { RecentTrades } from './RecentTrades';
import { SpotOrderForm } from './SpotOrderForm';
import { SpotOrders, type OrdersTab } from './SpotOrders';
import '../spot.css';

const DEFAULT_SYMBOL = 'BTCUSDT';

/**
 * Coin-to-coin (spot) trading (/trade/spot?symbol=): the pair, its live order book and trades, order
 * entry and my current and historical entrusts, on the account (demo or real) the user has chosen.
 */
export function SpotPage() {
  const { t } = useTranslation('spot');
  const { demo } = useSession();
  const book = demo ? 'demo' : 'real';
  const pairs = useApi((signal) => spotApi.pairs(signal), [book]);
  const [params, setParams] = useSearchParams();
  const wanted = params.get('symbol')?.toUpperCase() ?? DEFAULT_SYMBOL;
  const list = pairs.data ?? [];
  const pair =
    list.find((p) => p.symbol === wanted) ?? list.find((p) => p.symbol === DEFAULT_SYMBOL) ?? list[0];

  return (
    <div className="container page spot" data-testid="spot-page">
      <PageHeader title={t('title')} subtitle={t('subtitle')} actions={<BookBadge />} />
      {pairs.error ? (
        <ErrorState error={pairs.error} onRetry={pairs.reload} />
      ) : !pairs.data ? (
        <Loading />
      ) : !pair ? (
        <Empty text={t('noPairs')} />
      ) : (
        <SpotScreen
          key={`${pair.symbol}-${book}`}
          pairs={list}
          pair={pair}
          onPair={(symbol) => setParams({ symbol }, { replace: true })}
        />
      )}
    </div>
  );
}

function SpotScreen({
  pairs,
  pair,
  onPair,
}: {
  pairs: SpotPair[];
  pair: SpotPair;
  onPair: (symbol: string) => void;
}) {
  const { t } = useTranslation('spot');
  const { isLogin, demo, token } = useSession();
  const book = demo ? 'demo' : 'real';
  const location = useLocation();
  const mobile = isMobileDevice();
  const [round, setRound] = useState(0);
  const bump = useCallback(() => setRound((r) => r + 1), []);
  const feed = useSpotFeed(pair.symbol, book, isLogin ? token : null, bump);
  const accounts = useApi((signal) => spotApi.accounts(signal), [book], isLogin, [round]);
  const [picked, setPicked] = useState<{ price: string; n: number } | null>(null);
  const [ordersTab, setOrdersTab] = useState<OrdersTab>('current');
  const [panel, setPanel] = useState<'book' | 'trades'>('book');

  const top = bookTop(feed.depth);
  const lastTrade = feed.trades?.[0] ?? null;
  const last = lastTrade?.price ?? pair.lastPrice;
  const pricePlaces = placesOf(pair.tickSize);
  // Known only when loaded and not failed since: a failed load shows "—" and a retry, never 0.
  const balances = knownBalance(accounts);
  const holdings = balances?.find((a) => a.currency === pair.base);

  const onPlaced = (order: SpotOrder) => {
    setOrdersTab(order.state === 'filled' || order.state === 'cancelled' ? 'history' : 'current');
    bump();
  };

  const orderBook = (
    <OrderBook
      pair={pair}
      depth={feed.depth}
      error={feed.error}
      lastTrade={lastTrade}
      levels={mobile ? 8 : 12}
      onPick={(price) => setPicked((p) => ({ price, n: (p?.n ?? 0) + 1 }))}
      onRetry={feed.reload}
    />
  );
  const trades = (
    <RecentTrades
      pair={pair}
      trades={feed.trades}
      error={feed.error}
      rows={mobile ? 12 : 24}
      onRetry={feed.reload}
    />
  );
  const entry = isLogin ? (
    <SpotOrderForm
      pair={pair}
      depth={feed.depth}
      accounts={balances}
      balanceError={accounts.error !== null}
      onRetryBalance={accounts.reload}
      picked={picked}
      onPlaced={onPlaced}
    />
  ) : (
    <section className="card spot-form" data-testid="spot-login">
      <h2>{t('form.title')}</h2>
      <p className="muted">{t('loginFirst')}</p>
      <Link
        className="btn btn-primary"
        to={`/pass/login?redirect=${encodeURIComponent(location.pathname + location.search)}`}
      >
        {t('common:actions.login')}
      </Link>
    </section>
  );

  return (
    <>
      <section className="card spot-head" data-testid="spot-head">
        <div className="field spot-pair">
          <label htmlFor="spot-pair">{t('pair')}</label>
          <select
            id="spot-pair"
            value={pair.symbol}
            onChange={(e) => onPair(e.target.value)}
            data-testid="spot-pair"
            dir="ltr"
          >
            {pairs.map((p) => (
              <option key={p.symbol} value={p.symbol}>
                {p.base}/{p.quote}
              </option>
            ))}
          </select>
        </div>
        <div className="spot-stat">
          <span className="muted small">{t('last')}</span>
          <strong
            className={`big ${lastTrade ? (lastTrade.takerSide === 'buy' ? 'up' : 'down') : ''}`}
            dir="ltr"
            data-testid="spot-last"
          >
            {formatPrice(last, pricePlaces)}
          </strong>
        </div>
        <div className="spot-stat">
          <span className="muted small">{t('bestBid')}</span>
          <strong className="up" dir="ltr" data-testid="spot-best-bid">
            {formatPrice(top.bid, pricePlaces)}
          </strong>
        </div>
        <div className="spot-stat">
          <span className="muted small">{t('bestAsk')}</span>
          <strong className="down" dir="ltr" data-testid="spot-best-ask">
            {formatPrice(top.ask, pricePlaces)}
          </strong>
        </div>
        <div className="spot-stat">
          <span className="muted small">{t('book.spread')}</span>
          <strong dir="ltr" data-testid="spot-spread">
            {top.spread === null ? '—' : `${top.spreadPercent}%`}
          </strong>
        </div>
        {isLogin && (
          <div className="spot-stat">
            <span className="muted small">{t('holdings', { coin: pair.base })}</span>
            <strong className="amount-exact" dir="ltr" data-testid="spot-holdings">
              {holdings ? formatExact(holdings.holdings) : '—'}
            </strong>
          </div>
        )}
        <span
          className={`live-dot${feed.live ? ' on' : ''}`}
          data-testid="spot-live"
          data-live={feed.live ? '1' : '0'}
          title={feed.live ? t('live') : t('offline')}
          aria-label={feed.live ? t('live') : t('offline')}
        />
      </section>
      {mobile ? (
        <>
          {entry}
          <Tabs
            value={panel}
            options={[
              { key: 'book', label: t('book.title') },
              { key: 'trades', label: t('trades.title') },
            ]}
            onChange={setPanel}
            testId="spot-panels"
          />
          {panel === 'book' ? orderBook : trades}
        </>
      ) : (
        <div className="spot-grid">
          {orderBook}
          {entry}
          {trades}
        </div>
      )}
      {isLogin && (
        <SpotOrders
          tab={ordersTab}
          onTab={setOrdersTab}
          round={round}
          book={book}
          mobile={mobile}
          pairs={pairs}
          onChanged={bump}
        />
      )}
    </>
  );
}
