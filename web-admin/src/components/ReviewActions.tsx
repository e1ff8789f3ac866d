import { useState } from 'react';
import { Stack, Tooltip } from '@mui/material';
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
import { ReasonDialog } from './ReasonDialog';

/** The texts of a review: the dialogs' titles, the approval's question, the reason's label. */
export interface ReviewTexts {
  approveTitle: string;
  approveContent: string;
  rejectTitle: string;
  reasonLabel: string;
  approved: string;
}

const REQUEST_TEXTS: ReviewTexts = {
  approveTitle: 'swx.review.approveTitle',
  approveContent: 'swx.review.approveContent',
  rejectTitle: 'swx.review.rejectTitle',
  reasonLabel: 'swx.review.reason',
  approved: 'swx.review.approved',
};

/**
 * Approve / reject of a pending request (deposit, withdrawal, KYC, a ledger adjustment): each asks
 * for confirmation, rejecting asks for the reason (shown to the user for a request), and the API's
 * message is shown when it refuses. `approveBlocked` (translated) disables the approval and says why.
 */
export function ReviewActions({
  resource: fixedResource,
  texts = REQUEST_TEXTS,
  approveBlocked,
  testIdSuffix = '',
}: {
  /** Default: the resource of the context. */
  resource?: string;
  texts?: ReviewTexts;
  approveBlocked?: string;
  testIdSuffix?: string;
}) {
  const record = useRecordContext();
  const contextResource = useResourceContext() ?? '';
  const resource = fixedResource ?? contextResource;
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
      notify(decision === 'approve' ? texts.approved : 'swx.review.rejected', { type: 'success' });
      setDialog(null);
      setReason('');
      refresh();
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  const approve = (
    <Button
      label="swx.review.approve"
      variant="contained"
      color="success"
      onClick={() => setDialog('approve')}
      disabled={busy || approveBlocked !== undefined}
      data-testid={`approve${testIdSuffix}`}
    >
      <CheckIcon />
    </Button>
  );
  return (
    <Stack direction="row" spacing={1} onClick={(e) => e.stopPropagation()} sx={{ alignItems: 'center' }}>
      {approveBlocked === undefined ? (
        approve
      ) : (
        // A disabled button takes no pointer events: the span carries the tooltip.
        <Tooltip title={approveBlocked}>
          <span>{approve}</span>
        </Tooltip>
      )}
      <Button
        label="swx.review.reject"
        variant="outlined"
        color="error"
        onClick={() => setDialog('reject')}
        disabled={busy}
        data-testid={`reject${testIdSuffix}`}
      >
        <CloseIcon />
      </Button>
      <Confirm
        isOpen={dialog === 'approve'}
        loading={busy}
        title={texts.approveTitle}
        titleTranslateOptions={{ what, id: record.id }}
        content={texts.approveContent}
        confirm="swx.review.approve"
        onConfirm={() => void run('approve')}
        onClose={() => setDialog(null)}
      />
      <ReasonDialog
        open={dialog === 'reject'}
        title={translate(texts.rejectTitle, { what, id: record.id })}
        fieldLabel={texts.reasonLabel}
        minLength={1}
        value={reason}
        onChange={setReason}
        confirmLabel="swx.review.reject"
        color="error"
        busy={busy}
        testId={`confirm-reject${testIdSuffix}`}
        onConfirm={() => void run('reject')}
        onClose={() => setDialog(null)}
      />
    </Stack>
  );
}
