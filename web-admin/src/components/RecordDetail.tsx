import { Table, TableBody, TableCell, TableRow } from '@mui/material';
import { useRecordContext, useResourceContext, useTranslate } from 'react-admin';
import { useFormatTime } from '../i18n/intl';
import { CELL_TEXT } from './Datagrid';
import { asText } from '../text';

/** A time as the API writes it (UTC, ISO 8601). */
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

/** The fields whose values are codes, and where their words are (swx.<group>.<code>). */
const CODES: Record<string, string> = {
  book: 'book',
  kind: 'plan',
  state: 'status',
  status: 'status',
  side: 'values.side',
  takerSide: 'values.side',
  direction: 'values.direction',
  type: 'values.orderType',
  closeReason: 'values.closeReason',
  cancelReason: 'values.cancelReason',
  openPriceSource: 'values.priceSource',
  closePriceSource: 'values.priceSource',
  settlePriceSource: 'values.priceSource',
};

/**
 * Every field of a read-only record (an order, a trade, a plan, a loan) as label / value lines: the
 * expand panel. Labels and coded values in the console's language, times in its format (as the
 * list's columns above them), amounts as the API's decimal strings.
 */
export function RecordDetail({ omit = [] }: { omit?: string[] }) {
  const record = useRecordContext();
  const resource = useResourceContext();
  const translate = useTranslate();
  const formatTime = useFormatTime();
  if (!record) return null;
  const shown = (key: string, value: unknown): string => {
    if (value === null || value === undefined || value === '') return '-';
    if (typeof value === 'boolean') return translate(`ra.boolean.${String(value)}`);
    const text = asText(value);
    if (ISO_TIME.test(text)) return formatTime(text);
    const group = CODES[key];
    return group ? translate(`swx.${group}.${text}`, { _: text }) : text;
  };
  const entries = Object.entries(record).filter(([key]) => !omit.includes(key));
  return (
    <Table size="small" sx={{ maxWidth: 900 }} data-testid="record-detail">
      <TableBody>
        {entries.map(([key, value]) => (
          <TableRow key={key} data-field={key}>
            <TableCell component="th" sx={{ fontWeight: 600, width: 240, color: 'text.secondary' }}>
              {translate(`resources.${resource}.fields.${key}`, { _: key })}
            </TableCell>
            <TableCell sx={{ fontFamily: 'monospace', wordBreak: 'break-all', ...CELL_TEXT }}>
              {shown(key, value)}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
