import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { CandleChart, type OhlcCandle } from '../../../shared/charts/CandleChart';
import { isMobileDevice } from '../../../shared/device';
import { formatPrice } from '../../../shared/format';
import { Empty, ErrorState, Loading } from '../../../shared/ui/StateViews';
import { useSession } from '../../../shared/session';
import { useApi } from '../../../shared/useApi';
import { MyOrders, TradePanel } from '../../trading/components/TradePanel';
import { changeOf, KLINE_PERIODS, marketApi, priceOf, type KlinePeriod, type Tick } from '../api/market-api';
import { useMarketSocket } from '../hooks/useMarketSocket';

const MINUTE = 60_000;
const PERIOD_MS: Record<KlinePeriod, number> = {
  '1m': MINUTE,
  '5m': 5 * MINUTE,
  '15m': 15 * MINUTE,
  '30m': 30 * MINUTE,
  '1h': 60 * MINUTE,
  '4h': 240 * MINUTE,
  '1d': 1440 * MINUTE,
  '1w': 7 * 1440 * MINUTE,
};
/** Candles shown: fewer on a phone, where 120 would be hairlines. */
const CANDLES = isMobileDevice() ? 60 : 120;

/** Open time of the candle holding `ts`, as the market service cuts them (weeks open on Monday UTC). */
function periodOpenTime(period: KlinePeriod, ts: number): number {
  const size = PERIOD_MS[period];
  const offset = period === '1w' ? 4 * 1440 * MINUTE : 0; // the epoch was a Thursday
  return Math.floor((ts - offset) / size) * size + offset;
}

/**
 * A live price folded into the candles: the last one moves, or a new one opens when its period is
 * over; with no history yet (a new instrument) the first tick opens the first candle.
 */
function foldTick(candles: OhlcCandle[], price: number, period: KlinePeriod, now: number): OhlcCandle[] {
  if (!Number.isFinite(price)) return candles;
  const last = candles[candles.length - 1];
  if (!last)
    return [{ time: periodOpenTime(period, now), open: price, high: price, low: price, close: price }];
  if (now >= last.time + PERIOD_MS[period]) {
    const time = periodOpenTime(period, now);
    return [...candles, { time, open: last.close, high: price, low: price, close: price }].slice(-CANDLES);
  }
  const next = { ...last, close: price, high: Math.max(last.high, price), low: Math.min(last.low, price) };
  return [...candles.slice(0, -1), next];
}

function locale(lang: string) {
  return lang === 'hk' ? 'zh-HK' : lang === 'zh' ? 'zh-CN' : lang;
}

/** Currency detail (/cruuency?code=&type=&id=): live price, 24h change and the K-line chart. */
export function CurrencyPage() {
  const { t, i18n } = useTranslation('market');
  const { isLogin } = useSession();
  const [params] = useSearchParams();
  const id = params.get('id');
  const info = useApi((signal) => marketApi.info(id ?? '', signal), [id], Boolean(id && /^\d+$/.test(id)));
  const code = info.data?.code ?? params.get('code') ?? '';
  const [period, setPeriod] = useState<KlinePeriod>('1m');
  const klines = useApi(
    (signal) => marketApi.klines(code, period, CANDLES, signal),
    [code, period],
    Boolean(info.data && code),
  );
  const loaded = useMemo(
    () =>
      (klines.data ?? []).map((c) => ({
        time: Number(c.time),
        open: Number(c.open),
        high: Number(c.high),
        low: Number(c.low),
        close: Number(c.close),
      })),
    [klines.data],
  );
  // The loaded candles with the live ticks folded in since (until the next load: a period, a code).
  const [folded, setFolded] = useState<{ from: typeof klines.data; candles: OhlcCandle[] } | null>(null);
  const candles = folded && folded.from === klines.data ? folded.candles : loaded;
  // The last tick since this instrument was loaded (not one of the page's previous instrument).
  const [lastTick, setTick] = useState<{ of: typeof info.data; tick: Tick } | null>(null);
  const tick = lastTick && lastTick.of === info.data && lastTick.tick.code === code ? lastTick.tick : null;
  useMarketSocket(info.data ? { codes: [code] } : null, {
    tick: (payload) => {
      const next = payload as Tick;
      if (!next || next.code !== code) return;
      setTick({ of: info.data, tick: next });
      const from = klines.data;
      setFolded((f) => ({
        from,
        candles: foldTick(f && f.from === from ? f.candles : loaded, Number(next.price), period, Date.now()),
      }));
    },
  });

  const timeLabel = useMemo(() => {
    // Minutes within a day, then the day with the hour, then days only.
    const size = PERIOD_MS[period];
    const options: Intl.DateTimeFormatOptions =
      size < 60 * MINUTE
        ? { hour: '2-digit', minute: '2-digit' }
        : size < 1440 * MINUTE
          ? { month: 'short', day: 'numeric', hour: '2-digit' }
          : { month: 'short', day: 'numeric' };
    const format = new Intl.DateTimeFormat(locale(i18n.language), options);
    return (time: number) => format.format(new Date(time));
  }, [period, i18n.language]);

  if (!id || (!info.loading && info.error?.code === 400)) {
    return (
      <div className="container page">
        <Empty text={t('detail.missing')} />
        <Link to="/market" className="btn btn-primary">
          {t('detail.back')}
        </Link>
      </div>
    );
  }
  if (info.error) {
    return (
      <div className="container page">
        <ErrorState error={info.error} onRetry={info.reload} />
      </div>
    );
  }
  if (!info.data) {
    return (
      <div className="container page">
        <Loading />
      </div>
    );
  }
  const m = info.data;
  const price = tick?.price ?? priceOf(m);
  const change = tick?.zdf !== undefined ? Number(tick.zdf) : changeOf(m);
  // Without a price there is no change either: '—' as in the market lists, not '0.00%'.
  const priced = (price ?? '') !== '' && (tick?.zdf !== undefined || (m.zdf !== null && m.zdf !== undefined));
  return (
    <div className="container page currency" data-testid="currency-page">
      <section className="card currency-head">
        <div className="coin coin-lg">
          {m.logo ? (
            <img src={m.logo} alt="" width={40} height={40} />
          ) : (
            <span className="coin-fallback">{m.code.slice(0, 1)}</span>
          )}
          <span>
            <h1>{m.code}</h1>
            <span className="muted">
              {m.appName ?? ''} · {t(`types.${m.type}`, { defaultValue: '' })}
            </span>
          </span>
        </div>
        <div className="quote">
          <span className="quote-price" data-testid="currency-price" dir="ltr">
            {formatPrice(price, m.pricePrecision)}
          </span>
          <span
            className={priced && change > 0 ? 'up' : priced && change < 0 ? 'down' : ''}
            data-testid="currency-change"
            dir="ltr"
          >
            {priced ? `${change > 0 ? '+' : ''}${change.toFixed(2)}%` : '—'}
          </span>
          <span className="muted nowrap">{t('detail.change24h')}</span>
        </div>
        {m.type === 2 && /^[A-Z0-9]{2,12}USDT$/.test(m.code) && (
          // A crypto coin against USDT also trades coin-to-coin (spot).
          <Link className="btn btn-ghost btn-sm" to={`/trade/spot?symbol=${m.code}`} data-testid="spot-link">
            {t('spot:entry')}
          </Link>
        )}
      </section>
      <div className="trade-layout">
        <section className="card">
          <div className="card-head">
            <h2>{t('detail.kline')}</h2>
            <div className="chips" role="tablist" aria-label={t('detail.period')}>
              {KLINE_PERIODS.map((p) => (
                <button
                  key={p}
                  type="button"
                  role="tab"
                  dir="ltr"
                  aria-selected={p === period}
                  className={p === period ? 'chip active' : 'chip'}
                  data-period={p}
                  onClick={() => setPeriod(p)}
                >
                  {p}
                </button>
              ))}
            </div>
          </div>
          <div className="kline" data-testid="kline-chart" data-candles={candles.length} dir="ltr">
            {klines.error ? (
              <ErrorState error={klines.error} onRetry={klines.reload} />
            ) : klines.loading && candles.length === 0 ? (
              <Loading />
            ) : candles.length === 0 ? (
              <Empty text={t('detail.noCandles')} />
            ) : (
              <CandleChart
                candles={candles}
                label={timeLabel}
                labels={{
                  open: t('detail.open'),
                  high: t('detail.high'),
                  low: t('detail.low'),
                  close: t('detail.close'),
                }}
              />
            )}
          </div>
        </section>
        <TradePanel marketId={m.id} code={m.code} price={price === undefined ? undefined : String(price)} />
      </div>
      {isLogin && <MyOrders />}
    </div>
  );
}
