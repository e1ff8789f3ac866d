/** Amounts arrive as decimal strings; they are displayed as they are, grouped, never through float math. */
export function formatAmount(value: string | number | null | undefined, maxDecimals = 8): string {
  if (value === null || value === undefined || value === '') return '—';
  const text = String(value);
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match) return text;
  const [, sign, int, frac = ''] = match;
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const trimmed = frac.slice(0, maxDecimals).replace(/0+$/, '');
  return `${sign}${grouped}${trimmed ? `.${trimmed}` : ''}`;
}

export function formatDate(value: string | null | undefined, lang: string): string {
  if (!value) return '—';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  const locale = lang === 'hk' ? 'zh-HK' : lang === 'zh' ? 'zh-CN' : lang;
  return date.toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' });
}
