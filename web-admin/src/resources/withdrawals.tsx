import { Box, Grid, Typography } from '@mui/material';
import {
  Datagrid,
  FunctionField,
  List,
  ReferenceField,
  SelectField,
  Show,
  SimpleShowLayout,
  TextField,
  TopToolbar,
  RecordContextProvider,
  ReferenceManyField,
  useGetIdentity,
  useGetOne,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { DateField } from '../components/DateField';
import { ReviewActions, withdrawalDestination } from '../components/ReviewActions';
import { StatusField } from '../components/StatusField';
import { LIVE_REFRESH_MS, reviewFilters } from './common';
import { Balances } from './users';
import { ApprovalsField } from './ledger';

const destination = withdrawalDestination;

const METHOD_CHOICES = [
  { id: 'crypto', name: 'swx.values.method.crypto' },
  { id: 'bank', name: 'swx.values.method.bank' },
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

/**
 * The queue fits a 1280 px screen beside the menu: fee and method are in the show view (the
 * destination starts with the network or the bank), the destination is one cut line, and the
 * approve / reject buttons stay in view.
 */
export const WithdrawalList = () => (
  <List
    filters={reviewFilters}
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
      <FunctionField source="amount" render={(r) => `${r.amount} ${r.coin}`} sx={{ whiteSpace: 'nowrap' }} />
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
      <WithdrawalReviewActions />
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
            <Balances />
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
            <FunctionField source="amount" render={(r) => `${r.amount} ${r.currency}`} />
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
            <FunctionField source="amount" render={(r) => `${r.amount} ${r.coin}`} />
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
            <FunctionField source="amount" render={(r) => `${r.amount} ${r.coin}`} />
            <StatusField source="status" />
            <DateField source="createdAt" />
          </Datagrid>
        </ReferenceManyField>
      </Grid>
    </Grid>
  );
}

function Empty() {
  const translate = useTranslate();
  return <Typography color="text.secondary">{translate('swx.review.none')}</Typography>;
}

export const WithdrawalShow = () => (
  <Show
    actions={
      <TopToolbar>
        <WithdrawalReviewActions />
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
          <FunctionField source="amount" render={(r) => `${r.amount} ${r.coin}`} />
          <FunctionField source="fee" render={(r) => `${r.fee} ${r.coin}`} />
          <FunctionField
            label="swx.review.destination"
            render={(r) => (
              <Box component="span" dir="ltr" sx={{ unicodeBidi: 'isolate' }}>
                {destination(r)}
              </Box>
            )}
            sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}
          />
          <SelectField source="method" choices={METHOD_CHOICES} />
          <StatusField source="status" />
          <ApprovalsField label="swx.ledger.approvals" />
          <TextField source="reason" emptyText="-" />
          <DateField source="createdAt" showTime />
          <DateField source="reviewedAt" showTime emptyText="-" />
        </SimpleShowLayout>
      </Grid>
      <Grid size={{ xs: 12, md: 8 }}>
        <UserContext />
      </Grid>
    </Grid>
  </Show>
);
