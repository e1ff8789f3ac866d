import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiError } from '../../../api/http-client';
import { formatPrice } from '../../../shared/format';
import { Empty, ErrorState, Loading } from '../../../shared/ui/StateViews';
import type { SpotPair, SpotTrade } from '../api/spot-api';
import { placesOf } from '../spot-math';

const locale = (lang: string) => (lang === 'hk' ? 'zh-HK' : lang === 'zh' ? 'zh-CN' : lang);

/** The latest trades of the pair, newest first, coloured by the side that took liquidity. */
export function RecentTrades({
  pair,
  trades,
  error,
  rows,
  onRetry,
}: {
  pair: SpotPair;
  trades: SpotTrade[] | null;
  error: ApiError | null;
  rows: number;
  onRetry: () => void;
}) {
  const { t, i18n } = useTranslation('spot');
  const time = useMemo(
    () =>
      new Intl.DateTimeFormat(locale(i18n.language), {
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
        hour12: false,
      }),
    [i18n.language],
  );
  const pricePlaces = placesOf(pair.tickSize);
  const qtyPlaces = placesOf(pair.lotSize);
  return (
    <section className="card spot-trades" data-testid="spot-trades" aria-label={t('trades.title')}>
      <div className="card-head">
        <h2>{t('trades.title')}</h2>
      </div>
      <div className="trade-row trade-head muted small">
        <span>{t('book.price', { coin: pair.quote })}</span>
        <span className="num">{t('book.amount', { coin: pair.base })}</span>
        <span className="num">{t('trades.time')}</span>
      </div>
      {error && !trades ? (
        <ErrorState error={error} onRetry={onRetry} />
      ) : !trades ? (
        <Loading />
      ) : trades.length === 0 ? (
        <Empty text={t('trades.empty')} />
      ) : (
        <div className="trade-rows" data-testid="trade-rows">
          {trades.slice(0, rows).map((tr) => (
            <div key={tr.id} className="trade-row" data-trade={tr.id} data-side={tr.takerSide}>
              <span className={tr.takerSide === 'buy' ? 'up' : 'down'} dir="ltr">
                {formatPrice(tr.price, pricePlaces)}
              </span>
              <span className="num" dir="ltr">
                {formatPrice(tr.quantity, qtyPlaces)}
              </span>
              <span className="num muted" dir="ltr">
                {time.format(new Date(tr.at))}
              </span>
            </div>
          ))}
        </div>
      )}
    </section>
  );
}
