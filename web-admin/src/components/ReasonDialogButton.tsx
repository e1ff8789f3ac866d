import { useState, type ReactElement } from 'react';
import { Dialog, DialogActions, DialogContent, DialogTitle, TextField as MuiTextField } from '@mui/material';
import {
  Button,
  useDataProvider,
  useNotify,
  useRecordContext,
  useRefresh,
  useResourceContext,
  useTranslate,
} from 'react-admin';
import type { ConsoleDataProvider } from '../dataProvider';

/**
 * A record action that needs a written reason or note (freeze, unfreeze, mark repaid): a dialog asks
 * for it, the action is posted to /<resource>/<id>/<action>, and the API's refusal is shown.
 */
export function ReasonDialogButton({
  action,
  label,
  title,
  field = 'reason',
  fieldLabel = 'swx.review.reasonInternal',
  done,
  icon,
  color = 'primary',
  testId,
}: {
  action: string;
  label: string;
  title: string;
  field?: string;
  fieldLabel?: string;
  done: string;
  icon?: ReactElement;
  color?: 'primary' | 'error' | 'success' | 'warning';
  testId?: string;
}) {
  const record = useRecordContext();
  const resource = useResourceContext() ?? '';
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  if (!record) return null;
  const valid = text.trim().length >= 3;
  const submit = async () => {
    setBusy(true);
    try {
      await dataProvider.act(resource, record.id, action, { [field]: text.trim() });
      notify(done, { type: 'success' });
      setOpen(false);
      setText('');
      refresh();
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button
        label={label}
        color={color}
        onClick={(e) => {
          e.stopPropagation();
          setOpen(true);
        }}
        data-testid={testId}
      >
        {icon}
      </Button>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        fullWidth
        maxWidth="sm"
        onClick={(e) => e.stopPropagation()}
      >
        <DialogTitle>{translate(title, { id: record.id })}</DialogTitle>
        <DialogContent>
          <MuiTextField
            autoFocus
            fullWidth
            multiline
            minRows={2}
            margin="dense"
            name={field}
            label={translate(fieldLabel)}
            value={text}
            onChange={(e) => setText(e.target.value)}
            error={!valid}
            helperText={valid ? ' ' : translate('swx.review.reasonRequired')}
            slotProps={{ htmlInput: { maxLength: 500 } }}
          />
        </DialogContent>
        <DialogActions>
          <Button label="swx.review.cancel" onClick={() => setOpen(false)} disabled={busy} />
          <Button
            label={label}
            variant="contained"
            color={color}
            onClick={() => void submit()}
            disabled={busy || !valid}
            data-testid={testId ? `confirm-${testId}` : undefined}
          />
        </DialogActions>
      </Dialog>
    </>
  );
}
