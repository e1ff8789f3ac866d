/**
 * Texts of the lists as a whole: a list (or a table of a detail page) whose records could not be
 * loaded. Merged into each language's messages by consoleMessages (language.ts); each language
 * file in locales/ holds its own version.
 */
export const LISTS_EN = {
  swx: {
    list: {
      failed: 'This list could not be loaded',
      stale: 'The rows below are from the last successful load.',
      retry: 'Retry',
    },
  },
};

export const LISTS_ZH: ListsMessages = {
  swx: {
    list: {
      failed: '列表加载失败',
      stale: '下方显示的是上次成功加载的数据。',
      retry: '重试',
    },
  },
};

export type ListsMessages = typeof LISTS_EN;
