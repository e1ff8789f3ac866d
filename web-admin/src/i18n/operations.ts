/**
 * Texts of the console as operators work with it: a list (or a table of a detail page) whose
 * records could not be loaded, and checks of forms that follow the API's. Merged into each
 * language's messages by consoleMessages (language.ts); each language file in locales/ holds its
 * own version.
 */
export const OPERATIONS_EN = {
  swx: {
    list: {
      failed: 'This list could not be loaded',
      stale: 'The rows below are from the last successful load.',
      retry: 'Retry',
    },
    validation: {
      percentUnder100: 'A percent under 100 with at most 6 decimals, e.g. 0.5',
    },
  },
};

export const OPERATIONS_ZH: OperationsMessages = {
  swx: {
    list: {
      failed: '列表加载失败',
      stale: '下方显示的是上次成功加载的数据。',
      retry: '重试',
    },
    validation: {
      percentUnder100: '小于 100 的百分比，最多 6 位小数，例如 0.5',
    },
  },
};

export type OperationsMessages = typeof OPERATIONS_EN;
