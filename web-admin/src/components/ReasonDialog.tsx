import type { ReactNode } from 'react';
import {
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  TextField as MuiTextField,
  Typography,
} from '@mui/material';
import { Button, useTranslate } from 'react-admin';

/**
 * The dialog of an action that needs a written reason or note (reject, freeze, reset a password):
 * the text field, Cancel, and the action's button, which stays disabled until the text has
 * `minLength` characters (trimmed) and while the action runs. `summary` says what the action does
 * (an amount it records, and for whom). Clicks inside do not reach the row.
 */
export function ReasonDialog({
  open,
  title,
  name = 'reason',
  fieldLabel = 'swx.review.reasonInternal',
  minLength = 3,
  value,
  onChange,
  confirmLabel,
  color,
  busy,
  testId,
  summary,
  onConfirm,
  onClose,
}: {
  open: boolean;
  /** Translated already (it names the record). */
  title: string;
  name?: string;
  fieldLabel?: string;
  minLength?: number;
  value: string;
  onChange: (value: string) => void;
  confirmLabel: string;
  color: 'primary' | 'error' | 'success' | 'warning';
  busy: boolean;
  /** The action button's test id. */
  testId?: string;
  /** What the action does, above the text field (translated already). */
  summary?: ReactNode;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const translate = useTranslate();
  const valid = value.trim().length >= minLength;
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" onClick={(e) => e.stopPropagation()}>
      <DialogTitle>{title}</DialogTitle>
      <DialogContent>
        {summary && (
          <Typography sx={{ mb: 1, fontWeight: 600 }} data-testid={testId ? `${testId}-summary` : undefined}>
            {summary}
          </Typography>
        )}
        <MuiTextField
          autoFocus
          fullWidth
          multiline
          minRows={2}
          margin="dense"
          name={name}
          label={translate(fieldLabel)}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          error={!valid}
          helperText={valid ? ' ' : translate('swx.review.reasonRequired')}
          slotProps={{ htmlInput: { maxLength: 500 } }}
        />
      </DialogContent>
      <DialogActions>
        <Button label="swx.review.cancel" onClick={onClose} disabled={busy} />
        <Button
          label={confirmLabel}
          variant="contained"
          color={color}
          onClick={onConfirm}
          disabled={busy || !valid}
          data-testid={testId}
        />
      </DialogActions>
    </Dialog>
  );
}
