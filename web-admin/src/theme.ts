import { defaultDarkTheme, defaultLightTheme, type RaThemeOptions } from 'react-admin';

/**
 * What the console changes in react-admin's themes: a list's table scrolls sideways inside its card
 * instead of widening the page, so that on a phone (or a narrow window) the app bar, the filters and
 * the pagination stay on the screen while the columns scroll.
 */
const consoleComponents = {
  // react-admin's layout is at least as wide as its content (min-width: fit-content on the root, and
  // flex items that cannot shrink below their content): a wide table widened the whole page.
  RaLayout: {
    styleOverrides: {
      root: {
        minWidth: 0,
        '& .RaLayout-appFrame, & .RaLayout-contentWithSidebar, & .RaLayout-content': { minWidth: 0 },
      },
    },
  },
  RaList: {
    styleOverrides: {
      root: { minWidth: 0, '& .RaList-main': { minWidth: 0 } },
    },
  },
  RaDatagrid: {
    styleOverrides: {
      root: {
        '& .RaDatagrid-tableWrapper': { overflowX: 'auto' },
        // A column's title is not broken inside a word of Chinese or Japanese (written without
        // spaces, "当前出价" stood one character a line over a narrow column); between words as before.
        '& .RaDatagrid-headerCell': { wordBreak: 'keep-all' },
        // Nor a cell's words ("加密货币", "全天开放" and "正常" took two lines); a sentence still
        // wraps at its punctuation, and a word longer than the column at the column's edge.
        '& .RaDatagrid-rowCell': { wordBreak: 'keep-all', overflowWrap: 'break-word' },
      },
    },
  },
  // A field's value takes its direction from its content, as a list's cells do: in Arabic a path,
  // an address or a figure typed in a form reads left to right ("/assets/logos/BTCUSDT.svg", not
  // "assets/logos/BTCUSDT.svg/"; "1, 2, 5" not ", 2, 51"), Arabic text right to left.
  MuiInputBase: {
    styleOverrides: {
      input: { unicodeBidi: 'plaintext' },
    },
  },
} as const;

function withConsoleComponents(theme: RaThemeOptions, direction: 'ltr' | 'rtl'): RaThemeOptions {
  return { ...theme, direction, components: { ...theme.components, ...consoleComponents } };
}

/** The console's light and dark themes in a writing direction. */
export const consoleThemes = (direction: 'ltr' | 'rtl'): { light: RaThemeOptions; dark: RaThemeOptions } => ({
  light: withConsoleComponents(defaultLightTheme, direction),
  dark: withConsoleComponents(defaultDarkTheme, direction),
});
