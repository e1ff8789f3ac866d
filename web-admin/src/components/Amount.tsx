import { Box } from '@mui/material';
import { useRecordContext } from 'react-admin';
import { formatDecimal } from '../dashboard/format';
import { asText } from '../text';

/** A share written as a decimal ("0.008") as a percentage's figure ("0.8"), exactly (no float). */
export function ratioToPercent(value: string): string {
  if (!/^-?\d+(\.\d+)?$/.test(value)) return value;
  const negative = value.startsWith('-');
  const [int, frac = ''] = (negative ? value.slice(1) : value).split('.');
  const padded = frac.padEnd(2, '0');
  const whole = `${int}${padded.slice(0, 2)}`.replace(/^0+(?=\d)/, '');
  const rest = padded.slice(2).replace(/0+$/, '');
  return `${negative ? '-' : ''}${whole}${rest ? `.${rest}` : ''}`;
}

/**
 * A figure as the console writes money and quantities: integer digits grouped (1,234.56), every
 * decimal the API gave (trailing zeros dropped, none cut), the currency after it, on one line, left
 * to right in every language (in Arabic "100 USDT" and "-5.5" read as they do in a list, not
 * "USDT 100" or "5.5-"), digits of one width so that a column's figures line up.
 */
export function Amount({
  value,
  currency,
  suffix,
  testId = 'amount',
}: {
  value: unknown;
  currency?: unknown;
  suffix?: string;
  testId?: string;
}) {
  const raw = asText(value);
  if (raw === '') return <span>-</span>;
  const text = typeof value === 'number' || /^-?\d+(\.\d+)?$/.test(raw) ? formatDecimal(raw) : raw;
  return (
    // dir, not CSS direction: the right-to-left theme's style plugin turns `direction: ltr` round.
    <Box
      component="span"
      dir="ltr"
      data-testid={testId}
      sx={{ whiteSpace: 'nowrap', unicodeBidi: 'isolate', fontVariantNumeric: 'tabular-nums' }}
    >
      {`${text}${suffix ?? ''}${currency ? ` ${asText(currency)}` : ''}`}
    </Box>
  );
}

interface AmountFieldProps {
  source: string;
  /** The record's field that holds the currency ('coin', 'currency'...), or none. */
  currencySource?: string;
  /** A fixed currency (the list's column is all in one). */
  currency?: string;
  /** Written after the figure ('×', '%'). */
  suffix?: string;
  /** The value is a share (0.008): written as a percentage (0.8%). */
  ratio?: boolean;
  label?: string;
  sortable?: boolean;
  sortBy?: string;
}

/**
 * A record's figure (Amount) as a field: right-aligned in lists, header and cells, as figures are
 * compared down a column; as a value in a detail.
 */
export function AmountField({ source, currencySource, currency, suffix, ratio }: AmountFieldProps) {
  const record = useRecordContext();
  if (!record) return null;
  const raw: unknown = record[source];
  const value = ratio && raw !== null && raw !== undefined ? ratioToPercent(asText(raw)) : raw;
  return (
    <Amount
      value={value}
      currency={currency ?? (currencySource ? record[currencySource] : undefined)}
      suffix={ratio ? '%' : suffix}
    />
  );
}
AmountField.textAlign = 'right' as const;
