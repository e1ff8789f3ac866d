/**
 * Money arrives as decimal strings and is shown as such: grouped integer digits and every decimal
 * of the API (trailing zeros dropped), so a total reads as the ledger's figure. Charts plot
 * Number(value), their tooltips show these strings.
 */
export function formatDecimal(value: string): string {
  const negative = value.startsWith('-');
  const [int, frac = ''] = (negative ? value.slice(1) : value).split('.');
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const cut = frac.replace(/0+$/, '');
  return `${negative ? '-' : ''}${grouped}${cut ? `.${cut}` : ''}`;
}

/** Sums decimal strings exactly (scaled BigInt), answering a decimal string. */
export function sumDecimals(values: string[]): string {
  const scale = Math.max(0, ...values.map((v) => (v.split('.')[1] ?? '').length));
  const total = values.reduce((sum, v) => {
    const negative = v.startsWith('-');
    const [int, frac = ''] = (negative ? v.slice(1) : v).split('.');
    const n = BigInt(int + frac.padEnd(scale, '0'));
    return sum + (negative ? -n : n);
  }, 0n);
  const negative = total < 0n;
  const digits = (negative ? -total : total).toString().padStart(scale + 1, '0');
  const int = digits.slice(0, digits.length - scale);
  const frac = scale ? digits.slice(-scale).replace(/0+$/, '') : '';
  return `${negative ? '-' : ''}${int}${frac ? `.${frac}` : ''}`;
}
