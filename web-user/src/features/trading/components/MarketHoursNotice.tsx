import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, formatDateParts } from '../../../shared/format';
import { useNow } from '../../../shared/useNow';
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
 * Whether the market's hours or a closure have it closed until a known opening (the API would
 * answer 10015).
 */
export function closedUntilOpening(tradable: boolean | undefined, hours: MarketHours | undefined): boolean {
  if (tradable !== false || !hours?.nextOpenAt || hours.nextCloseAt) return false;
  return Date.parse(hours.nextOpenAt) > Date.now();
}

/**
 * Why the market takes no order now (null: it does, or that is not known yet):
 * - `closedUntil`: its hours or a closure have it closed until a known opening;
 * - `closed`: closed by its hours, the opening passed or not known (market info of a moment ago);
 * - `noPrice`: open by its hours (or never closing) but no price yet (a new instrument);
 * - `halted`: open by its hours, with a price, but suspended by an operator, paused by a bad tick or
 *   on a stale feed (the API tells no more; it can change any moment, and the panel asks again).
 * - `pending`: not tradable, and the hours that may tell why are still loading (the buttons are off,
 *   nothing said yet: a paused market's notice would turn into a closed one's a moment later).
 * Unknown hours (the market info failed) count as open: the price tells between the last two.
 */
export type NotTradable = 'closedUntil' | 'closed' | 'noPrice' | 'halted' | 'pending';

export function notTradableReason(
  tradable: boolean | undefined,
  hours: MarketHours | undefined,
  priceKnown: boolean,
  hoursPending = false,
): NotTradable | null {
  if (tradable !== false) return null;
  if (!hours && hoursPending) return 'pending';
  if (closedUntilOpening(tradable, hours)) return 'closedUntil';
  if (hours?.nextOpenAt && !hours.nextCloseAt) return 'closed';
  return priceKnown ? 'halted' : 'noPrice';
}

/**
 * An order form's buttons while the market takes no order: off, and described by the notice that
 * says why (`aria-describedby` its id; the same text as the button's title, for a pointer).
 */
export function useTradeBlock(
  tradable: boolean | undefined,
  hours: MarketHours | undefined,
  priceKnown: boolean,
  hoursPending = false,
) {
  const { t, i18n } = useTranslation('trade');
  const id = useId();
  const reason = notTradableReason(tradable, hours, priceKnown, hoursPending);
  const text =
    reason === 'closedUntil'
      ? t('u.closedUntil', { when: formatDate(hours?.nextOpenAt, i18n.language) })
      : reason === 'closed'
        ? t('u.closedMarket')
        : reason === 'noPrice'
          ? t('u.noPrice')
          : reason === 'halted'
            ? t('u.halted')
            : null;
  return {
    reason,
    /** The notice's id and text, for MarketHoursNotice. */
    notice: { id, text },
    /** The props of each order button. */
    button: text
      ? { disabled: true, title: text, 'aria-describedby': id }
      : { disabled: reason === 'pending', title: undefined, 'aria-describedby': undefined },
  };
}

/**
 * What an order form says of the market, in the user's language and time zone:
 * - not tradable: why (useTradeBlock's text), in the element its buttons are described by:
 *   "Market closed · opens <date, time>", no price yet, or paused;
 * - tradable, and it closes early (a half day, a holiday) within a day: "Closes early today at
 *   <time>" (or with the date when that is not today where the user is).
 */
export function MarketHoursNotice({
  block,
  hours,
}: {
  block: ReturnType<typeof useTradeBlock>;
  hours?: MarketHours;
}) {
  const { t, i18n } = useTranslation('trade');
  // A clock of minutes: the notice comes within a day of the close and says "today" or the date.
  const now = useNow(60_000);
  if (block.notice.text) {
    return (
      <div
        className="notice notice-warn"
        id={block.notice.id}
        data-testid="market-closed"
        data-reason={block.reason ?? undefined}
      >
        {block.notice.text}
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
