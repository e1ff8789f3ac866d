import { useTranslation } from 'react-i18next';
import { formatDate, formatDateParts } from '../../../shared/format';
import type { MarketInfo } from '../../market/api/market-api';

/** When the market opens and closes next (index/getMarketInfo). */
export type MarketHours = Pick<MarketInfo, 'nextOpenAt' | 'nextCloseAt' | 'nextCloseEarly'>;

const DAY_MS = 86_400_000;

const sameLocalDay = (a: Date, b: Date) =>
  a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();

/** The next moment the market's state changes by its hours (a close while open, else an opening). */
export function nextChangeOf(hours: MarketHours | undefined): number | null {
  const next = hours?.nextCloseAt ?? hours?.nextOpenAt;
  const at = next ? Date.parse(next) : NaN;
  return Number.isNaN(at) ? null : at;
}

/**
 * Whether the market's hours or a closure have it closed until a known opening: the order forms
 * offer no order then (the API would answer 10015). A market that is open by its hours but not
 * tradable for another reason (suspended, no live price) keeps its buttons: that can change any
 * moment, and the API's answer says why.
 */
export function closedUntilOpening(tradable: boolean | undefined, hours: MarketHours | undefined): boolean {
  if (tradable !== false || !hours?.nextOpenAt || hours.nextCloseAt) return false;
  return Date.parse(hours.nextOpenAt) > Date.now();
}

/**
 * What an order form says of the market's hours, in the user's language and time zone:
 * - not tradable while its hours or a closure have it closed: "Market closed · opens <date, time>";
 *   not tradable otherwise (open by its hours, but suspended or without a live price), or with no
 *   opening known: that the market is closed, no time;
 * - tradable, and it closes early (a half day, a holiday) within a day: "Closes early today at
 *   <time>" (or with the date when that is not today where the user is).
 */
export function MarketHoursNotice({ tradable, hours }: { tradable: boolean; hours?: MarketHours }) {
  const { t, i18n } = useTranslation('trade');
  const now = Date.now();
  if (!tradable) {
    const opens = hours?.nextOpenAt && !hours.nextCloseAt ? hours.nextOpenAt : null;
    return (
      <div className="notice notice-warn" data-testid="market-closed">
        {opens && Date.parse(opens) > now
          ? t('u.closedUntil', { when: formatDate(opens, i18n.language) })
          : t('u.closedMarket')}
      </div>
    );
  }
  if (!hours?.nextCloseEarly || !hours.nextCloseAt) return null;
  const closes = new Date(hours.nextCloseAt);
  const left = closes.getTime() - now;
  if (Number.isNaN(left) || left <= 0 || left > DAY_MS) return null;
  return (
    <div className="notice notice-warn" data-testid="market-closes-early">
      {sameLocalDay(closes, new Date(now))
        ? t('u.closesEarlyToday', { time: formatDateParts(hours.nextCloseAt, i18n.language)?.[1] })
        : t('u.closesEarlyOn', { when: formatDate(hours.nextCloseAt, i18n.language) })}
    </div>
  );
}
