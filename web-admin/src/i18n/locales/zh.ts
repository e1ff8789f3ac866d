import { ADMINS_ZH } from '../admins';
import { CONFIGURATION_EXTRA_ZH } from '../configuration-extra';
import { CONFIRMATIONS_ZH } from '../confirmations';
import type { ConsoleLanguage } from '../language';
import { OPERATIONS_ZH } from '../operations';
import { LEDGER_ZH } from '../ledger';
import { PAYOUTS_ZH } from '../payouts';
import { zh as messages } from '../zh';

export const zh: ConsoleLanguage = {
  name: '简体中文',
  messages,
  ledger: LEDGER_ZH,
  admins: ADMINS_ZH,
  configurationExtra: CONFIGURATION_EXTRA_ZH,
  confirmations: CONFIRMATIONS_ZH,
  payouts: PAYOUTS_ZH,
  operations: OPERATIONS_ZH,
  closures: {
    resources: {
      'market-closures': {
        name: '休市日 |||| 休市日',
        fields: {
          id: 'ID',
          type: '市场',
          day: '日期',
          closesAt: '收市时间',
          name: '原因',
          from: '自',
          to: '至',
          createdAt: '创建时间',
          updatedAt: '更新时间',
        },
      },
    },
    swx: {
      closures: {
        help: '休市日市场不交易：订单按非交易时间拒绝，也不产生价格。日期和时间按品种交易时间所在的时区（股票、ETF、期货、外汇和贵金属为纽约时间）。',
        allDay: '全天休市',
        closesAtHelp: '留空：全天休市。填写时间（如 13:00）：提前收市，从该时间起至当日结束休市。',
        dayFormat: '日期格式如 2026-12-25',
        timeFormat: '时间格式如 13:00，或留空',
      },
    },
  },
};
