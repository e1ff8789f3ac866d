/**
 * Texts of the market closures screen (exchange holidays and early closes per market), merged into
 * each language's messages by consoleMessages (language.ts); each language file in locales/ holds
 * its own version.
 */
export const CLOSURES_EN = {
  resources: {
    'market-closures': {
      name: 'Market closure |||| Market closures',
      fields: {
        id: 'ID',
        type: 'Market',
        day: 'Date',
        closesAt: 'Closes at',
        name: 'Reason',
        from: 'From',
        to: 'To',
        createdAt: 'Created',
        updatedAt: 'Updated',
      },
    },
  },
  swx: {
    closures: {
      help: 'On a closure the market does not trade: orders are refused as outside the trading hours and no prices are made. Dates and times are in the time zone of the instruments’ trading hours (New York for stocks, ETF, futures, forex and metals).',
      allDay: 'Closed all day',
      closesAtHelp:
        'Empty: closed all day. A time such as 13:00: an early close, closed from then to the end of the day.',
      dayFormat: 'A date such as 2026-12-25',
      timeFormat: 'A time such as 13:00, or empty',
    },
  },
};

export type ClosuresMessages = typeof CLOSURES_EN;
