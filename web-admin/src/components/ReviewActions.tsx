import { useState } from 'react';
import {
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  TextField as MuiTextField,
} from '@mui/material';
import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import {
  Button,
  Confirm,
  useDataProvider,
  useNotify,
  useRecordContext,
  useRefresh,
  useResourceContext,
  useTranslate,
} from 'react-admin';
import type { ConsoleDataProvider } from '../dataProvider';

/**
 * Approve / reject of a pending request (deposit, withdrawal, KYC): each asks for confirmation,
 * rejecting asks for the reason shown to the user, and the API's message is shown when it refuses.
 */
export function ReviewActions() {
  const record = useRecordContext();
  const resource = useResourceContext() ?? '';
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const translate = useTranslate();
  const [dialog, setDialog] = useState<'approve' | 'reject' | null>(null);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  if (!record || record.status !== 'pending') return null;

  const what = translate(`swx.review.what.${resource}`, { _: resource });
  const run = async (decision: 'approve' | 'reject') => {
    setBusy(true);
    try {
      if (decision === 'approve') await dataProvider.approve(resource, record.id);
      else await dataProvider.reject(resource, record.id, reason.trim());
      notify(decision === 'approve' ? 'swx.review.approved' : 'swx.review.rejected', { type: 'success' });
      setDialog(null);
      setReason('');
      refresh();
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack direction="row" spacing={1} onClick={(e) => e.stopPropagation()}>
      <Button
        label="swx.review.approve"
        variant="contained"
        color="success"
        onClick={() => setDialog('approve')}
        disabled={busy}
        data-testid="approve"
      >
        <CheckIcon />
      </Button>
      <Button
        label="swx.review.reject"
        variant="outlined"
        color="error"
        onClick={() => setDialog('reject')}
        disabled={busy}
        data-testid="reject"
      >
        <CloseIcon />
      </Button>
      <Confirm
        isOpen={dialog === 'approve'}
        loading={busy}
        title="swx.review.approveTitle"
        titleTranslateOptions={{ what, id: record.id }}
        content="swx.review.approveContent"
        confirm="swx.review.approve"
        onConfirm={() => void run('approve')}
        onClose={() => setDialog(null)}
      />
      <Dialog open={dialog === 'reject'} onClose={() => setDialog(null)} fullWidth maxWidth="sm">
        <DialogTitle>{translate('swx.review.rejectTitle', { what, id: record.id })}</DialogTitle>
        <DialogContent>
          <MuiTextField
            autoFocus
            fullWidth
            multiline
            minRows={2}
            margin="dense"
            name="reason"
            label={translate('swx.review.reason')}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            error={!reason.trim()}
            helperText={reason.trim() ? ' ' : translate('swx.review.reasonRequired')}
            slotProps={{ htmlInput: { maxLength: 500 } }}
          />
        </DialogContent>
        <DialogActions>
          <Button label="swx.review.cancel" onClick={() => setDialog(null)} disabled={busy} />
          <Button
            label="swx.review.reject"
            variant="contained"
            color="error"
            onClick={() => void run('reject')}
            disabled={busy || !reason.trim()}
            data-testid="confirm-reject"
          />
        </DialogActions>
      </Dialog>
    </Stack>
  );
}
