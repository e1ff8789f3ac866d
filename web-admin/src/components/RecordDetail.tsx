import { Table, TableBody, TableCell, TableRow } from '@mui/material';
import { useRecordContext, useResourceContext, useTranslate } from 'react-admin';

/** Every field of a read-only record (an order, a trade) as label / value lines: the expand panel. */
export function RecordDetail({ omit = [] }: { omit?: string[] }) {
  const record = useRecordContext();
  const resource = useResourceContext();
  const translate = useTranslate();
  if (!record) return null;
  const entries = Object.entries(record).filter(([key]) => !omit.includes(key));
  return (
    <Table size="small" sx={{ maxWidth: 900 }} data-testid="record-detail">
      <TableBody>
        {entries.map(([key, value]) => (
          <TableRow key={key}>
            <TableCell component="th" sx={{ fontWeight: 600, width: 240, color: 'text.secondary' }}>
              {translate(`resources.${resource}.fields.${key}`, { _: key })}
            </TableCell>
            <TableCell sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>
              {value === null || value === undefined || value === ''
                ? '-'
                : typeof value === 'object'
                  ? JSON.stringify(value)
                  : String(value)}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
