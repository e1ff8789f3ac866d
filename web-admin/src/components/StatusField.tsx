import { Chip } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';

const COLORS: Record<string, 'warning' | 'success' | 'error' | 'default' | 'info'> = {
  pending: 'warning',
  approved: 'success',
  verified: 'success',
  active: 'success',
  rejected: 'error',
  failed: 'error',
  frozen: 'error',
  abnormal: 'error',
  open: 'info',
  waiting: 'warning',
  won: 'success',
  lost: 'error',
  partial: 'info',
  filled: 'success',
  earning: 'info',
  completed: 'success',
  listed: 'info',
  sold: 'success',
  repaying: 'warning',
  expired: 'error',
  repaid: 'success',
};

/** A request's or user's status as a coloured, translated chip. */
export function StatusField({ source = 'status' }: { source?: string; label?: string }) {
  const record = useRecordContext();
  const translate = useTranslate();
  const value = record?.[source] as string | undefined;
  if (!value) return null;
  return (
    <Chip
      size="small"
      color={COLORS[value] ?? 'default'}
      label={translate(`swx.status.${value}`, { _: value })}
      data-testid={`status-${value}`}
    />
  );
}
