import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useSession } from '../../../shared/session';
import { marketApi } from '../../market/api/market-api';
import { usePricePrecisions } from '../../market/hooks/usePricePrecisions';
import { BookBadge } from '../../../shared/ui/RealBookNotice';
import { knownBalance } from '../../../shared/ui/BalanceUnavailable';
import { ErrorState, Loading } from '../../../shared/ui/StateViews';
import { Tabs } from '../../../shared/ui/Tabs';
import { useApi } from '../../../shared/useApi';
import { tradingApi } from '../api/trading-api';
import { useTradingVersion } from '../hooks/tradingBus';
import { nextChangeOf, notTradableReason } from './MarketHoursNotice';
import { OptionsForm } from './OptionsForm';
import { OptionsOrderList, UOrderList } from './OrderLists';
import { UOrderForm } from './UOrderForm';

/** The trading part of the currency page: order entry (U contract or options) and my orders. */
export function TradePanel({
  marketId,
  code,
  price,
}: {
  marketId: string | number;
  code: string;
  price?: string;
}) {
  const { t } = useTranslation('trade');
  const { isLogin, demo } = useSession();
  const location = useLocation();
  const [kind, setKind] = useState<'u' | 'options'>('u');
  const version = useTradingVersion();
  const info = useApi((signal) => tradingApi.assetInfo(marketId, signal), [marketId, demo], isLogin, [
    version,
  ]);
  const pricePrecision = usePricePrecisions([marketId])[String(marketId)];
  // This market's terms as last loaded (not another market's while the new one loads).
  const terms = info.data && String(info.data.marketId) === String(marketId) ? info.data : undefined;
  const balance = terms ? knownBalance({ data: terms, error: info.error }) : undefined;
  // When the market opens or closes next, for the forms' notices (this market's, not the last one's).
  const market = useApi((signal) => marketApi.info(String(marketId), signal), [marketId], isLogin);
  const hours = market.data && String(market.data.id) === String(marketId) ? market.data : undefined;
  // Asked again once it opens or closes, so that the forms follow without a reload of the page.
  const nextChange = nextChangeOf(hours);
  const { reload: reloadInfo } = info;
  const { reload: reloadMarket } = market;
  useEffect(() => {
    if (nextChange === null) return;
    const wait = nextChange - Date.now() + 2_000;
    if (wait <= 0 || wait > 2 ** 31 - 1) return;
    const timer = setTimeout(() => {
      reloadInfo();
      reloadMarket();
    }, wait);
    return () => clearTimeout(timer);
  }, [nextChange, reloadInfo, reloadMarket]);
  // Whether it takes orders now and whether it has had a price, from one answer with its hours (the
  // market info), else from the terms: both forms turn their buttons off with the reason.
  const tradable = hours?.tradable ?? terms?.tradable;
  const priceKnown = hours ? hours.nowPrice != null : terms ? terms.ask !== null : price !== undefined;
  const hoursPending = market.loading && !hours;
  const reason = notTradableReason(tradable, hours, priceKnown, hoursPending);
  // Open by its hours but not tradable (no price yet, paused): that can change any moment, so it is
  // asked again every few seconds, and at once when the market's first live price comes.
  const waiting = reason === 'noPrice' || reason === 'halted';
  useEffect(() => {
    if (!waiting) return;
    const timer = setInterval(() => {
      reloadInfo();
      reloadMarket();
    }, 10_000);
    return () => clearInterval(timer);
  }, [waiting, reloadInfo, reloadMarket]);
  const firstPrice = reason === 'noPrice' && price !== undefined;
  useEffect(() => {
    if (!firstPrice) return;
    reloadInfo();
    reloadMarket();
  }, [firstPrice, reloadInfo, reloadMarket]);
  if (!isLogin) {
    return (
      <section className="card trade-login">
        <h2>{t('title')}</h2>
        <p className="muted">{t('loginFirst')}</p>
        <Link
          className="btn btn-primary"
          to={`/pass/login?redirect=${encodeURIComponent(location.pathname + location.search)}`}
        >
          {t('common:actions.login')}
        </Link>
      </section>
    );
  }
  return (
    <section className="card trade-panel" data-testid="trade-panel">
      <div className="card-head">
        <h2>{t('title')}</h2>
        <BookBadge />
      </div>
      <Tabs
        value={kind}
        options={[
          { key: 'u', label: t('tabs.u') },
          { key: 'options', label: t('tabs.options') },
        ]}
        onChange={setKind}
      />
      {kind === 'u' ? (
        // The U form needs this market's terms (leverages, contract size, fee) from the same answer as
        // the balance: without them an error and a retry; with them (a refresh failed) the form stays,
        // its balance "—" with a retry, never a 0 that is not known.
        terms ? (
          <UOrderForm
            code={code}
            info={terms}
            available={balance?.available ?? null}
            balanceError={info.error !== null}
            onRetryBalance={info.reload}
            price={price}
            pricePrecision={pricePrecision}
            tradable={tradable}
            priceKnown={priceKnown}
            hours={hours}
            hoursPending={hoursPending}
            onPlaced={info.reload}
          />
        ) : info.error ? (
          <ErrorState error={info.error} onRetry={info.reload} />
        ) : (
          <Loading />
        )
      ) : (
        // Options need only the balance from it: a failed load leaves the form usable.
        <OptionsForm
          code={code}
          available={balance?.available ?? null}
          balanceError={info.error !== null}
          onRetryBalance={info.reload}
          price={price}
          tradable={tradable}
          priceKnown={priceKnown}
          hours={hours}
          hoursPending={hoursPending}
        />
      )}
    </section>
  );
}

type ListTab = 'positions' | 'options' | 'uHistory' | 'optionsHistory';

/** My U positions and options; `page`: the lists are the page (/orders), so no heading of their own nor a link to it. */
export function MyOrders({ page = false }: { page?: boolean }) {
  const { t } = useTranslation('trade');
  const [tab, setTab] = useState<ListTab>('positions');
  return (
    <section className="card" data-testid="my-orders">
      {!page && (
        <div className="card-head">
          <h2>{t('lists.title')}</h2>
          <Link to="/orders">{t('common:actions.viewAll')}</Link>
        </div>
      )}
      <Tabs
        value={tab}
        options={[
          { key: 'positions', label: t('lists.positions') },
          { key: 'options', label: t('lists.optionsOpen') },
          { key: 'uHistory', label: t('lists.uHistory') },
          { key: 'optionsHistory', label: t('lists.optionsHistory') },
        ]}
        onChange={setTab}
      />
      {tab === 'positions' && <UOrderList state="current" />}
      {tab === 'options' && <OptionsOrderList state="current" />}
      {tab === 'uHistory' && <UOrderList state="history" />}
      {tab === 'optionsHistory' && <OptionsOrderList state="history" />}
    </section>
  );
}
