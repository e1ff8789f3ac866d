import { useState } from 'react';
import { Stack, Tooltip, Typography } from '@mui/material';
import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import {
  Button,
  Confirm,
  useDataProvider,
  useGetOne,
  useNotify,
  useRecordContext,
  useRefresh,
  useResourceContext,
  useTranslate,
  type RaRecord,
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
  /** The values of approveContent's placeholders (the house account's name...), translated. */
  approveContentOptions?: (translate: ReturnType<typeof useTranslate>) => Record<string, string>;
}

const REQUEST_TEXTS: ReviewTexts = {
  approveTitle: 'swx.review.approveTitle',
  approveContent: 'swx.review.approveContent',
  rejectTitle: 'swx.review.rejectTitle',
  reasonLabel: 'swx.review.reason',
  approved: 'swx.review.approved',
};

/** What approving a request does, in one line: `user` is the customer's username (or their id). */
export type ApprovalSummary = (
  record: RaRecord,
  user: string,
  translate: ReturnType<typeof useTranslate>,
) => string;

/** Where a withdrawal's money goes: the address on its network, or the bank account and holder. */
export const withdrawalDestination = (r: RaRecord) =>
  r.method === 'bank'
    ? `${r.bankType ?? ''} ${r.bankAccount ?? ''} (${r.holderName ?? ''})`
    : `${r.network ?? ''} ${r.address ?? ''}`;

/** The approval's line for the queues with money: what is paid out or credited, and to whom. */
const SUMMARIES: Record<string, ApprovalSummary> = {
  withdrawals: (r, user, translate) =>
    translate('swx.review.summary.withdrawals', {
      amount: r.amount,
      coin: r.coin,
      fee: r.fee,
      user,
      // Isolated left to right: in Arabic the network and address keep their order.
      destination: `\u2066${withdrawalDestination(r)}\u2069`,
    }),
  recharges: (r, user, translate) =>
    translate('swx.review.summary.recharges', { amount: r.amount, coin: r.coin, network: r.network, user }),
};

/**
 * Approve / reject of a pending request (deposit, withdrawal, KYC, a ledger adjustment): each asks
 * for confirmation, rejecting asks for the reason (shown to the user for a request), and the API's
 * message is shown when it refuses. The approval's dialog says what is approved (amount, coin,
 * customer: `summary`, by default the resource's). `approveBlocked` (translated) disables the
 * approval and says why.
 */
export function ReviewActions({
  resource: fixedResource,
  texts = REQUEST_TEXTS,
  approveBlocked,
  summary: fixedSummary,
  testIdSuffix = '',
}: {
  /** Default: the resource of the context. */
  resource?: string;
  texts?: ReviewTexts;
  approveBlocked?: string;
  summary?: ApprovalSummary;
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
  const summary = fixedSummary ?? SUMMARIES[resource];
  // The customer's name for the dialog, once it opens (the row's user field has it cached mostly).
  const userId = record?.userId as string | undefined;
  const { data: user } = useGetOne(
    'users',
    { id: userId ?? '' },
    { enabled: dialog === 'approve' && !!summary && !!userId },
  );
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
    // Wraps: in a crowded queue (a large amount with every decimal, two approvals) Reject goes under
    // Approve instead of past the right edge of a 1280 px screen.
    <Stack
      direction="row"
      spacing={1}
      useFlexGap
      onClick={(e) => e.stopPropagation()}
      sx={{ alignItems: 'center', flexWrap: 'wrap' }}
    >
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
        content={
          summary ? (
            <>
              <Typography sx={{ mb: 1, fontWeight: 600 }} data-testid={`approve-summary${testIdSuffix}`}>
                {summary(record, (user?.username as string | undefined) ?? userId ?? '', translate)}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {translate(texts.approveContent, texts.approveContentOptions?.(translate))}
              </Typography>
            </>
          ) : (
            translate(texts.approveContent, texts.approveContentOptions?.(translate))
          )
        }
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
