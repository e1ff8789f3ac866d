import { useState } from 'react';
import {
  Box,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Grid,
  IconButton,
  Stack,
  TextField as MuiTextField,
  Tooltip,
  Typography,
} from '@mui/material';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import PaidIcon from '@mui/icons-material/Paid';
import {
  Button,
  FunctionField,
  ReferenceField,
  SelectField,
  SelectInput,
  Show,
  SimpleShowLayout,
  TextField,
  TextInput,
  TopToolbar,
  RecordContextProvider,
  ReferenceManyField,
  useGetIdentity,
  useDataProvider,
  useGetOne,
  useNotify,
  useRecordContext,
  useRefresh,
  useTranslate,
  type HttpError,
  type RaRecord,
} from 'react-admin';
import { List } from '../components/List';
import { Datagrid } from '../components/Datagrid';
import { DateField } from '../components/DateField';
import { useFormatTime } from '../i18n/intl';
import { ReviewActions, withdrawalDestination } from '../components/ReviewActions';
import { StatusField } from '../components/StatusField';
import type { ConsoleDataProvider } from '../dataProvider';
import { LIVE_REFRESH_MS, METHOD_CHOICES, reviewStatusChoices } from './common';
import { Balances } from './users';
import { ApprovalsField } from './ledger';
import { Amount, AmountField } from '../components/Amount';

const destination = withdrawalDestination;

/** The review states, and `completed`: approved, and its payout recorded. */
const withdrawalFilters = [
  <SelectInput
    key="status"
    source="status"
    choices={[...reviewStatusChoices, { id: 'completed', name: 'swx.status.completed' }]}
    alwaysOn
  />,
  <TextInput key="userId" source="userId" />,
];

/**
 * The destination in one line that fits the queue: method and network, and the address (or bank
 * account) cut with an ellipsis; the whole of it is in the tooltip, the row's text and the show view.
 * Left to right and isolated, in Arabic too: cut at its end, the network and the address's start
 * stay in view (right to left, the cut took the network and the start of the address).
 */
function DestinationCell() {
  const record = useRecordContext();
  if (!record) return null;
  const full = destination(record);
  return (
    <Typography
      component="span"
      variant="body2"
      title={full}
      dir="ltr"
      data-testid="destination"
      sx={{
        display: 'block',
        maxWidth: { xs: 140, lg: 170, xl: 320 },
        overflow: 'hidden',
        textOverflow: 'ellipsis',
        whiteSpace: 'nowrap',
        fontFamily: 'monospace',
        unicodeBidi: 'isolate',
      }}
    >
      {full}
    </Typography>
  );
}

/**
 * Approve / reject of a withdrawal. One that needs two approvals, approved once by this admin,
 * waits for a second, different admin: this admin's approval is disabled and says so (the API
 * refuses it too).
 */
function WithdrawalReviewActions() {
  const record = useRecordContext();
  const { identity } = useGetIdentity();
  const translate = useTranslate();
  const approvedByMe =
    !!record?.awaitingSecondApproval &&
    identity?.id !== undefined &&
    record.firstApprovedBy !== null &&
    record.firstApprovedBy !== undefined &&
    String(record.firstApprovedBy) === String(identity.id);
  return <ReviewActions approveBlocked={approvedByMe ? translate('swx.review.secondApprover') : undefined} />;
}

/** What the API takes as a payout: a transaction hash (crypto) or a bank transfer reference. */
const PAYOUT_TX_HASH = /^(0x)?[0-9a-fA-F]{32,128}$/;
const BANK_REFERENCE = /^[\x21-\x7e]{4,128}$/;

const monospaceLtr = { fontFamily: 'monospace', unicodeBidi: 'isolate', wordBreak: 'break-all' } as const;

/**
 * "Record payout" on an approved withdrawal (the money left the ledger on approval): a dialog with
 * what was paid out and where, the transaction hash or bank reference, and Confirm. The withdrawal
 * becomes completed; the API's field message lands under the input.
 */
function RecordPayoutButton() {
  const record = useRecordContext();
  const translate = useTranslate();
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const [reference, setReference] = useState('');
  const [serverError, setServerError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (!record || record.status !== 'approved') return null;

  const crypto = record.method !== 'bank';
  const value = reference.trim();
  const valid = (crypto ? PAYOUT_TX_HASH : BANK_REFERENCE).test(value);
  const invalid = value !== '' && !valid;
  const close = () => {
    if (busy) return;
    setOpen(false);
    setReference('');
    setServerError(null);
  };
  const confirm = async () => {
    setBusy(true);
    setServerError(null);
    try {
      await dataProvider.act('withdrawals', record.id, 'complete', { reference: value });
      notify('swx.payout.recorded', { type: 'success' });
      setOpen(false);
      setReference('');
      refresh();
    } catch (error) {
      const fieldError = (error as HttpError).body?.errors?.reference as string | undefined;
      if (fieldError) setServerError(fieldError);
      else notify((error as Error).message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  const helper = serverError
    ? translate(serverError, { _: serverError })
    : invalid
      ? translate(crypto ? 'swx.payout.invalidHash' : 'swx.payout.invalidBank')
      : crypto
        ? translate('swx.payout.hashHelp', { network: record.network ?? '' })
        : translate('swx.payout.bankHelp');

  return (
    <Box component="span" onClick={(e) => e.stopPropagation()}>
      <Button
        label="swx.payout.record"
        variant="contained"
        onClick={() => setOpen(true)}
        data-testid="record-payout"
        sx={{ whiteSpace: 'nowrap' }}
      >
        <PaidIcon />
      </Button>
      <Dialog
        open={open}
        onClose={close}
        fullWidth
        maxWidth="sm"
        onClick={(e) => e.stopPropagation()}
        data-testid="payout-dialog"
      >
        <DialogTitle>{translate('swx.payout.title', { id: record.id })}</DialogTitle>
        <DialogContent>
          <Stack spacing={1} sx={{ mb: 2 }}>
            <Box>
              <Typography variant="caption" color="text.secondary">
                {translate('swx.payout.amount')}
              </Typography>
              <Typography sx={{ fontWeight: 600 }} data-testid="payout-amount">
                <Amount value={record.amount} currency={record.coin} />
              </Typography>
            </Box>
            <Box>
              <Typography variant="caption" color="text.secondary">
                {translate('swx.payout.destination')}
              </Typography>
              <Typography data-testid="payout-destination">
                <Box component="span" dir="ltr" sx={monospaceLtr}>
                  {destination(record)}
                </Box>
              </Typography>
            </Box>
          </Stack>
          <MuiTextField
            autoFocus
            fullWidth
            margin="dense"
            name="reference"
            label={translate(crypto ? 'swx.payout.hash' : 'swx.payout.bankReference')}
            value={reference}
            onChange={(e) => {
              setReference(e.target.value);
              setServerError(null);
            }}
            error={invalid || serverError !== null}
            helperText={helper}
            slotProps={{
              htmlInput: { maxLength: 140, dir: 'ltr', spellCheck: false, autoComplete: 'off' },
            }}
            sx={{ '& input': { fontFamily: 'monospace' } }}
          />
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {translate('swx.payout.content')}
          </Typography>
        </DialogContent>
        <DialogActions>
          <Button label="swx.review.cancel" onClick={close} disabled={busy} />
          <Button
            label="ra.action.confirm"
            variant="contained"
            onClick={() => void confirm()}
            disabled={busy || !valid}
            data-testid="confirm-payout"
          />
        </DialogActions>
      </Dialog>
    </Box>
  );
}

/** A pending withdrawal's approve / reject, an approved one's "Record payout". */
function WithdrawalActions() {
  return (
    <>
      <WithdrawalReviewActions />
      <RecordPayoutButton />
    </>
  );
}

/** The payout's transaction hash or bank reference: left to right, monospace, with a copy button. */
function PayoutReference({ record }: { record: RaRecord }) {
  const translate = useTranslate();
  const notify = useNotify();
  const reference = record.payoutReference as string | null | undefined;
  if (!reference) return <span>-</span>;
  return (
    // In the text's flow: the copy button follows the reference's last line, never over it.
    <Box component="span" sx={{ display: 'block' }}>
      <Box component="span" dir="ltr" sx={monospaceLtr} data-testid="payout-reference">
        {reference}
      </Box>
      <Tooltip title={translate('swx.payout.copy')}>
        <IconButton
          size="small"
          aria-label={translate('swx.payout.copy')}
          data-testid="copy-payout-reference"
          sx={{ ml: 0.5, p: 0.25, verticalAlign: 'text-bottom' }}
          onClick={() =>
            void navigator.clipboard
              ?.writeText(reference)
              .then(() => notify('swx.payout.copied', { type: 'info' }))
              .catch(() => undefined)
          }
        >
          <ContentCopyIcon fontSize="inherit" />
        </IconButton>
      </Tooltip>
    </Box>
  );
}

/**
 * The queue fits a 1280 px screen beside the menu: fee and method are in the show view (the
 * destination starts with the network or the bank), the destination is one cut line, and the
 * approve / reject buttons stay in view.
 */
export const WithdrawalList = () => (
  <List
    filters={withdrawalFilters}
    filterDefaultValues={{ status: 'pending' }}
    sort={{ field: 'id', order: 'DESC' }}
    queryOptions={{ refetchInterval: LIVE_REFRESH_MS }}
  >
    <Datagrid
      rowClick="show"
      bulkActionButtons={false}
      size="small"
      sx={{ '& .RaDatagrid-headerCell, & .RaDatagrid-rowCell': { px: 1 } }}
    >
      <TextField source="id" />
      <ReferenceField source="userId" reference="users" link="show">
        <TextField source="username" />
      </ReferenceField>
      <AmountField source="amount" currencySource="coin" />
      <FunctionField label="swx.review.destination" render={() => <DestinationCell />} />
      <StatusField source="status" />
      <FunctionField
        label="swx.ledger.approvals"
        render={() => (
          // The chip's text wraps in the queue ("Two approvals needed (0/2)" is wider than the rest).
          <Box
            sx={{
              maxWidth: 130,
              '& .MuiChip-root': { height: 'auto', py: 0.25 },
              '& .MuiChip-label': { whiteSpace: 'normal' },
            }}
          >
            <ApprovalsField />
          </Box>
        )}
      />
      <DateField source="createdAt" showTime sx={{ display: 'block', maxWidth: 110 }} />
      <WithdrawalActions />
    </Datagrid>
  </List>
);

/**
 * What the reviewer weighs beside the request: the user's balances, loans (an open one blocks the
 * withdrawal) and recent deposits and withdrawals.
 */
function UserContext() {
  const record = useRecordContext();
  const translate = useTranslate();
  const { data: user } = useGetOne('users', { id: record?.userId as string }, { enabled: !!record?.userId });
  if (!record) return null;
  const recent = { field: 'id', order: 'DESC' } as const;
  return (
    <Grid container spacing={2} sx={{ p: 2 }} data-testid="withdrawal-context">
      <Grid size={12}>
        {user && (
          <RecordContextProvider value={user}>
            <Balances stacked />
          </RecordContextProvider>
        )}
      </Grid>
      <Grid size={12}>
        <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>
          {translate('swx.review.userLoans')}
        </Typography>
        <ReferenceManyField reference="loans" target="userId" source="userId" sort={recent} perPage={5}>
          <Datagrid bulkActionButtons={false} rowClick={false} empty={<Empty />}>
            <TextField source="id" />
            <AmountField source="amount" currencySource="currency" />
            <StatusField source="status" />
            <DateField source="repaymentDate" />
          </Datagrid>
        </ReferenceManyField>
      </Grid>
      <Grid size={12}>
        <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>
          {translate('swx.review.userDeposits')}
        </Typography>
        <ReferenceManyField reference="recharges" target="userId" source="userId" sort={recent} perPage={5}>
          <Datagrid bulkActionButtons={false} rowClick="show" empty={<Empty />}>
            <TextField source="id" />
            <AmountField source="amount" currencySource="coin" />
            <StatusField source="status" />
            <DateField source="createdAt" />
          </Datagrid>
        </ReferenceManyField>
      </Grid>
      <Grid size={12}>
        <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>
          {translate('swx.review.userWithdrawals')}
        </Typography>
        <ReferenceManyField reference="withdrawals" target="userId" source="userId" sort={recent} perPage={5}>
          <Datagrid bulkActionButtons={false} rowClick="show" empty={<Empty />}>
            <TextField source="id" />
            <AmountField source="amount" currencySource="coin" />
            <StatusField source="status" />
            <DateField source="createdAt" />
          </Datagrid>
        </ReferenceManyField>
      </Grid>
    </Grid>
  );
}

interface DestinationCheckValue {
  inAddressBook: boolean;
  label: string | null;
  savedAt: string | null;
  whitelistOn: boolean;
}

/**
 * A crypto destination as of now: saved in the user's address book (how and since when) or typed
 * in, which the user may do while the whitelist is off, and which deserves the closer look.
 */
function DestinationCheck({ check }: { check?: DestinationCheckValue | null }) {
  const translate = useTranslate();
  const formatTime = useFormatTime();
  if (!check) return <Typography variant="body2">-</Typography>;
  return (
    <Stack spacing={0.5} alignItems="flex-start" data-testid="destination-check">
      <Chip
        size="small"
        color={check.inAddressBook ? 'success' : 'warning'}
        sx={{ height: 'auto', py: 0.25, '& .MuiChip-label': { whiteSpace: 'normal' } }}
        label={
          check.inAddressBook
            ? translate('swx.destinationCheck.saved', {
                label: check.label ?? '',
                date: check.savedAt ? formatTime(check.savedAt) : '',
              })
            : translate('swx.destinationCheck.typed')
        }
      />
      <Typography variant="body2" color="text.secondary">
        {translate(
          check.whitelistOn ? 'swx.destinationCheck.whitelistOn' : 'swx.destinationCheck.whitelistOff',
        )}
      </Typography>
    </Stack>
  );
}

function Empty() {
  const translate = useTranslate();
  return <Typography color="text.secondary">{translate('swx.review.none')}</Typography>;
}

/**
 * How many approvals the withdrawal takes: the two-approval chip, or words for one (the label
 * stood alone over nothing when a single approval pays the withdrawal out).
 */
function WithdrawalApprovals(_: { label?: string }) {
  const record = useRecordContext();
  const translate = useTranslate();
  if (!record) return null;
  if (Number(record.approvalsRequired ?? 1) >= 2) return <ApprovalsField />;
  return (
    <Typography variant="body2" data-testid="one-approval">
      {translate('swx.visual.oneApproval')}
    </Typography>
  );
}

export const WithdrawalShow = () => (
  <Show
    actions={
      <TopToolbar>
        <WithdrawalActions />
      </TopToolbar>
    }
  >
    <Grid container>
      <Grid size={{ xs: 12, md: 4 }}>
        <SimpleShowLayout>
          <TextField source="id" />
          <ReferenceField source="userId" reference="users" link="show">
            <TextField source="username" />
          </ReferenceField>
          <AmountField source="amount" currencySource="coin" />
          <AmountField source="fee" currencySource="coin" />
          <FunctionField
            label="swx.review.destination"
            render={(r) => (
              <Box component="span" dir="ltr" sx={{ unicodeBidi: 'isolate' }}>
                {destination(r)}
              </Box>
            )}
            sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}
          />
          <FunctionField
            label="swx.destinationCheck.label"
            render={(r) => <DestinationCheck check={r.destinationCheck as DestinationCheckValue} />}
          />
          <SelectField source="method" choices={METHOD_CHOICES} />
          <StatusField source="status" />
          <WithdrawalApprovals label="swx.ledger.approvals" />
          <TextField source="reason" emptyText="-" />
          <DateField source="createdAt" showTime />
          <DateField source="reviewedAt" showTime emptyText="-" />
          <FunctionField source="payoutReference" render={(r) => <PayoutReference record={r} />} />
          <DateField source="completedAt" showTime emptyText="-" />
        </SimpleShowLayout>
      </Grid>
      <Grid size={{ xs: 12, md: 8 }}>
        <UserContext />
      </Grid>
    </Grid>
  </Show>
);
