import { useEffect, useState } from 'react';
import {
  Alert,
  Box,
  Card,
  CardContent,
  Chip,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Tooltip,
  Typography,
} from '@mui/material';
import type { Theme } from '@mui/material/styles';
import RefreshIcon from '@mui/icons-material/Refresh';
import {
  AutocompleteInput,
  BooleanInput,
  Button,
  Create,
  DateInput,
  FormDataConsumer,
  FunctionField,
  ReferenceInput,
  SaveButton,
  SelectInput,
  Show,
  SimpleForm,
  SimpleShowLayout,
  TextField,
  TextInput,
  Toolbar,
  TopToolbar,
  required,
  useGetIdentity,
  useNotify,
  useRecordContext,
  useRedirect,
  useTranslate,
  type RaRecord,
  type TranslateFunction,
} from 'react-admin';
import { List } from '../components/List';
import { Datagrid } from '../components/Datagrid';
import { DateField } from '../components/DateField';
import { call } from '../api';
import { ReviewActions, type ApprovalSummary, type ReviewTexts } from '../components/ReviewActions';
import { StatusField } from '../components/StatusField';
import { Amount, AmountField } from '../components/Amount';
import { formatDecimal } from '../dashboard/format';
import { BOOK_CHOICES, reviewStatusChoices } from './common';
import { useFormatTime } from '../i18n/intl';
import { LEDGER_EN } from '../i18n/ledger';
import {
  HOUSE_ACCOUNTS,
  HouseAccountLabel,
  KindLabel,
  REASON_CHOICES,
  ReasonLabel,
  ledgerWord,
} from '../components/LedgerWords';

/** The house accounts an adjustment may target (the counter-account `adjustments` excluded). */
const SYSTEM_ACCOUNTS = HOUSE_ACCOUNTS.filter((account) => account !== 'adjustments');

const OWNER_TYPES = [
  { id: 'user', name: 'swx.ledger.ownerUser' },
  { id: 'system', name: 'swx.ledger.ownerSystem' },
];

/** Who holds an account: the customer's username, or the house account in words. */
const ownerText = (r: RaRecord, translate: TranslateFunction) =>
  r.ownerType === 'user'
    ? `${(r.username as string | null) ?? r.ownerId}`
    : `⌂ ${ledgerWord(translate, 'houseAccounts', String(r.ownerId))}`;
function Owner({ record }: { record: RaRecord }) {
  const translate = useTranslate();
  return <>{ownerText(record, translate)}</>;
}

/**
 * An adjustment's signed amount ("+5 USDT", "-1,250.5 USDT"), grouped as the console's figures
 * (Amount), its sign in front in Arabic too (its direction from its content). Balances, sums and
 * transfers are Amounts.
 */
const money = (value: string) => (
  <Box
    component="span"
    sx={{
      fontFamily: 'monospace',
      unicodeBidi: 'plaintext',
      color: value.startsWith('-') ? 'error.main' : undefined,
    }}
  >
    {value}
  </Box>
);

// --- invariant check ---

interface Invariant {
  ok: boolean;
  checkedAt: string;
  sums: { book: string; currency: string; total: string; accounts: number; ok: boolean }[];
  unbalancedTransfers: number;
  accountsOffLegs: number;
  emptyJournals: number;
  negativeUserBalances: number;
  violations: string[];
}

const VISUALLY_HIDDEN = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;
/**
 * The sums' table on a phone: five columns did not fit 390 px (the table scrolled sideways), so
 * each sum is a block of its own: book, currency and verdict on a line, then the sum and the count
 * of accounts each on a line, named (the column headers stay for screen readers only). From
 * 600 px up it is the table.
 */
const SUMS_ON_A_PHONE = (theme: Theme) => ({
  '& .cell-label': { display: 'none' },
  [theme.breakpoints.down('sm')]: {
    display: 'block',
    '& thead': VISUALLY_HIDDEN,
    '& tbody': { display: 'block' },
    '& tr': {
      display: 'flex',
      flexWrap: 'wrap',
      alignItems: 'center',
      columnGap: theme.spacing(2),
      rowGap: theme.spacing(0.5),
      paddingBlock: theme.spacing(1),
      borderBottom: `1px solid ${theme.palette.divider}`,
    },
    '& td': { display: 'block', border: 'none', padding: 0, textAlign: 'start', minWidth: 0 },
    // The verdict on the first line, after the currency; the sum and the count under them.
    '& td.sum, & td.accounts': { order: 1, flexBasis: '100%', overflowWrap: 'anywhere' },
    '& td.verdict': { marginInlineStart: 'auto' },
    '& .cell-label': { display: 'inline', color: theme.palette.text.secondary },
  },
});

/** The double-entry check: per book and currency the balances sum to zero, nothing unbalanced or negative. */
export function InvariantPanel() {
  const formatTime = useFormatTime();
  const translate = useTranslate();
  const [report, setReport] = useState<Invariant | null>(null);
  const [error, setError] = useState<string | null>(null);
  // Busy from the start: the first check runs on mount.
  const [busy, setBusy] = useState(true);
  const check = () =>
    call<Invariant>('/ledger/invariant')
      .then(
        (answer) => {
          setReport(answer);
          setError(null);
        },
        (e: unknown) => setError((e as Error).message),
      )
      .finally(() => setBusy(false));
  const load = () => {
    setBusy(true);
    void check();
  };
  useEffect(() => {
    void check();
  }, []);
  const counters: [string, number][] = report
    ? [
        ['swx.ledger.unbalancedTransfers', report.unbalancedTransfers],
        ['swx.ledger.accountsOffLegs', report.accountsOffLegs],
        ['swx.ledger.emptyJournals', report.emptyJournals],
        ['swx.ledger.negativeUserBalances', report.negativeUserBalances],
      ]
    : [];
  return (
    <Card sx={{ mb: 2 }} data-testid="invariant-panel">
      <CardContent>
        {/* Wraps on a narrow screen: the verdict, the button and the time go to the next lines. */}
        <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
          <Typography variant="h6">{translate('swx.ledger.invariantTitle')}</Typography>
          {report && (
            <Chip
              color={report.ok ? 'success' : 'error'}
              label={translate(report.ok ? 'swx.ledger.invariantOk' : 'swx.ledger.invariantBroken')}
              data-testid={report.ok ? 'invariant-ok' : 'invariant-broken'}
              // The verdict is a sentence: on a phone it wraps inside the chip instead of ending in "…".
              sx={{
                height: 'auto',
                maxWidth: '100%',
                '& .MuiChip-label': { whiteSpace: 'normal', py: 0.5 },
              }}
            />
          )}
          <Button label="swx.ledger.check" onClick={load} disabled={busy}>
            <RefreshIcon />
          </Button>
          {report && (
            <Typography variant="body2" color="text.secondary">
              {translate('swx.ledger.checkedAt', { time: formatTime(report.checkedAt) })}
            </Typography>
          )}
        </Stack>
        {error && <Alert severity="error">{error}</Alert>}
        {report && (
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={3}>
            <Box sx={{ overflowX: 'auto', maxWidth: 560 }}>
              <Table size="small" sx={SUMS_ON_A_PHONE}>
                <TableHead>
                  <TableRow>
                    <TableCell>{translate('swx.ledger.book')}</TableCell>
                    <TableCell>{translate('swx.ledger.currency')}</TableCell>
                    <TableCell align="right">{translate('swx.ledger.sum')}</TableCell>
                    <TableCell align="right">{translate('swx.ledger.accounts')}</TableCell>
                    <TableCell />
                  </TableRow>
                </TableHead>
                <TableBody>
                  {report.sums.map((s) => (
                    <TableRow key={`${s.book}-${s.currency}`} data-testid={`sum-${s.book}-${s.currency}`}>
                      <TableCell>{translate(`swx.book.${s.book}`, { _: s.book })}</TableCell>
                      <TableCell>{s.currency}</TableCell>
                      <TableCell align="right" className="sum">
                        <span className="cell-label">{translate('swx.ledger.sum')}: </span>
                        <Amount value={s.total} />
                      </TableCell>
                      <TableCell align="right" className="accounts">
                        <span className="cell-label">{translate('swx.ledger.accounts')}: </span>
                        {s.accounts}
                      </TableCell>
                      <TableCell className="verdict">
                        <Chip
                          size="small"
                          color={s.ok ? 'success' : 'error'}
                          label={translate(s.ok ? 'swx.ledger.zero' : 'swx.ledger.notZero')}
                        />
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </Box>
            <Box>
              {counters.map(([label, count]) => (
                <Typography key={label} variant="body2" sx={{ color: count ? 'error.main' : undefined }}>
                  {translate(label)}: <b>{count}</b>
                </Typography>
              ))}
              {report.violations.map((v) => (
                <Alert key={v} severity="error" sx={{ mt: 1 }}>
                  {v}
                </Alert>
              ))}
            </Box>
          </Stack>
        )}
      </CardContent>
    </Card>
  );
}

// --- accounts ---

/**
 * The customer search's label names what it searches (name, e-mail, phone): written small above the
 * field (as a field's label is once it holds a value), so that it is whole in every language in a
 * field narrow enough for the bar; the field itself says "Search". The selects and the currency are
 * no wider than their words (react-admin's selects are 160 px at least), so that at 1280 px the
 * four filters and the bar's actions stand on one row, in German too. On a phone each filter has
 * a line of its own.
 */
function CustomerSearchInput(props: { source: string; label: string; alwaysOn?: boolean }) {
  const translate = useTranslate();
  return (
    <TextInput
      {...props}
      placeholder={translate('ra.action.search')}
      InputLabelProps={{ shrink: true }}
      sx={{ width: { xs: '100%', sm: '18rem' } }}
    />
  );
}

const narrowSelect = { minWidth: 0, width: '7.5rem', '& .MuiInputBase-root': { minWidth: 0 } };

const accountFilters = [
  <CustomerSearchInput key="q" source="q" label="swx.ledger.searchUser" alwaysOn />,
  <SelectInput key="ownerType" source="ownerType" choices={OWNER_TYPES} alwaysOn sx={narrowSelect} />,
  <TextInput key="currency" source="currency" alwaysOn sx={{ width: '6rem' }} />,
  <SelectInput key="book" source="book" choices={BOOK_CHOICES} alwaysOn sx={narrowSelect} />,
  <SelectInput
    key="kind"
    source="kind"
    choices={Object.keys(LEDGER_EN.swx.ledger.kinds).map((id) => ({ id, name: `swx.ledger.kinds.${id}` }))}
  />,
  <TextInput key="userId" source="userId" />,
  <BooleanInput key="nonZero" source="nonZero" label="swx.ledger.nonZero" />,
];

export const LedgerAccountList = () => (
  <>
    <InvariantPanel />
    <List
      filters={accountFilters}
      sort={{ field: 'id', order: 'ASC' }}
      perPage={25}
      title="swx.ledger.accountsTitle"
    >
      <Datagrid rowClick={false} bulkActionButtons={false}>
        <TextField source="id" />
        <FunctionField source="ownerType" render={(r) => <Owner record={r} />} sortable={false} />
        <FunctionField source="book" render={(r) => bookLabel(r.book as string)} sortable={false} />
        <TextField source="currency" />
        <FunctionField source="kind" render={(r) => <KindLabel kind={r.kind as string} />} sortable={false} />
        {/* Grouped with every decimal, as the user's balances (1234567.891 read 1,234,567.891). */}
        <AmountField source="balance" />
        <TextField source="shards" sortable={false} />
        <DateField source="updatedAt" showTime />
        <TransfersLink />
      </Datagrid>
    </List>
  </>
);

const bookLabel = (book: string) => <BookLabel book={book} />;
function BookLabel({ book }: { book: string }) {
  const t = useTranslate();
  return <>{t(`swx.book.${book}`, { _: book })}</>;
}

/** Opens the transfers of one account. */
function TransfersLink() {
  const record = useRecordContext();
  if (!record) return null;
  const filter = encodeURIComponent(JSON.stringify({ accountId: record.id }));
  return (
    <Button
      label="swx.ledger.transfers"
      href={`/admin/ledger-transfers?filter=${filter}`}
      onClick={(e) => e.stopPropagation()}
    />
  );
}

// --- transfers ---

const transferFilters = [
  <TextInput key="refId" source="refId" alwaysOn />,
  <TextInput key="refType" source="refType" alwaysOn />,
  <SelectInput key="reason" source="reason" choices={REASON_CHOICES} alwaysOn />,
  <TextInput key="accountId" source="accountId" />,
  <TextInput key="userId" source="userId" />,
  <TextInput key="journalId" source="journalId" />,
  <TextInput key="currency" source="currency" />,
  <SelectInput key="book" source="book" choices={BOOK_CHOICES} />,
  <DateInput key="from" source="from" />,
  <DateInput key="to" source="to" />,
];

export const LedgerTransferList = () => (
  <List
    filters={transferFilters}
    sort={{ field: 'id', order: 'DESC' }}
    perPage={25}
    title="swx.ledger.transfersTitle"
  >
    <Datagrid rowClick={false} bulkActionButtons={false}>
      <TextField source="id" />
      <TextField source="journalId" sortable={false} />
      <DateField source="createdAt" showTime />
      <FunctionField source="book" render={(r) => bookLabel(r.book as string)} sortable={false} />
      <AmountField source="amount" currencySource="currency" />
      <FunctionField
        source="debit"
        sortable={false}
        render={(r) => <AccountLabel side={r.debit as Side} />}
      />
      <FunctionField
        source="credit"
        sortable={false}
        render={(r) => <AccountLabel side={r.credit as Side} />}
      />
      <FunctionField
        source="reason"
        sortable={false}
        render={(r) => <ReasonLabel reason={r.reason as string} />}
      />
      <FunctionField
        source="refId"
        sortable={false}
        render={(r) => (r.refType ? `${r.refType as string} #${(r.refId as string | null) ?? ''}` : '-')}
      />
      <TextField source="key" sortable={false} sx={{ fontFamily: 'monospace', fontSize: 12 }} />
    </Datagrid>
  </List>
);

interface Side {
  accountId: string;
  ownerType: string;
  ownerId: string;
  username: string | null;
  kind: string;
}
/** One side of a transfer: whose account (the customer, or the house account) and its kind, in words. */
function AccountLabel({ side }: { side: Side }) {
  return (
    <Tooltip title={`#${side.accountId} ${side.ownerId} ${side.kind}`}>
      <span>
        {side.ownerType === 'user' ? (
          (side.username ?? side.ownerId)
        ) : (
          <HouseAccountLabel account={side.ownerId} />
        )}
        {' · '}
        <KindLabel kind={side.kind} />
      </span>
    </Tooltip>
  );
}

// --- adjustments (maker-checker) ---

const adjustmentFilters = [
  <SelectInput key="status" source="status" choices={reviewStatusChoices} alwaysOn />,
  <TextInput key="ownerId" source="ownerId" />,
  <TextInput key="currency" source="currency" />,
];

const signed = (r: RaRecord) =>
  money(`${r.direction === 'debit' ? '-' : '+'}${formatDecimal(String(r.amount))} ${r.currency as string}`);

export const AdjustmentList = () => (
  <List
    filters={adjustmentFilters}
    filterDefaultValues={{ status: 'pending' }}
    sort={{ field: 'id', order: 'DESC' }}
    title="swx.ledger.adjustmentsTitle"
  >
    <Datagrid rowClick="show" bulkActionButtons={false}>
      <TextField source="id" />
      <FunctionField
        source="ownerId"
        sortable={false}
        render={(r) => (
          <>
            <Owner record={r} />
            <Typography variant="caption" color="text.secondary" component="div">
              {bookLabel(r.book as string)} · <KindLabel kind={r.kind as string} />
            </Typography>
          </>
        )}
      />
      <FunctionField source="amount" render={signed} />
      <TextField source="reason" sortable={false} sx={{ display: 'block', minWidth: 200 }} />
      <StatusField source="status" />
      <FunctionField
        source="createdByEmail"
        sortable={false}
        render={(r) => (
          <>
            {r.createdByEmail as string}
            {r.decidedByEmail ? (
              <Typography variant="caption" color="text.secondary" component="div">
                → {r.decidedByEmail as string}
              </Typography>
            ) : null}
          </>
        )}
      />
      <AdjustmentActions />
    </Datagrid>
  </List>
);

export const AdjustmentShow = () => (
  <Show
    actions={
      <TopToolbar>
        <AdjustmentActions />
      </TopToolbar>
    }
  >
    <SimpleShowLayout>
      <TextField source="id" />
      <FunctionField
        source="ownerId"
        render={(r) => (
          <>
            <Owner record={r} /> ({r.ownerId as string})
          </>
        )}
      />
      <FunctionField source="book" render={(r) => bookLabel(r.book as string)} />
      <FunctionField source="kind" render={(r) => <KindLabel kind={r.kind as string} />} />
      <FunctionField source="amount" render={signed} />
      <TextField source="reason" />
      <StatusField source="status" />
      <TextField source="createdByEmail" />
      <DateField source="createdAt" showTime />
      <TextField source="decidedByEmail" emptyText="-" />
      <DateField source="decidedAt" showTime emptyText="-" />
      <TextField source="decisionReason" emptyText="-" />
      <TextField source="journalId" emptyText="-" />
    </SimpleShowLayout>
  </Show>
);

const ADJUSTMENT_TEXTS: ReviewTexts = {
  approveTitle: 'swx.ledger.approveTitle',
  approveContent: 'swx.ledger.approveContent',
  rejectTitle: 'swx.ledger.rejectTitle',
  reasonLabel: 'swx.review.reasonInternal',
  approved: 'swx.ledger.adjustmentApproved',
  // The house account on the other side, in words as on the ledger pages (not its code).
  approveContentOptions: (translate) => ({ account: ledgerWord(translate, 'houseAccounts', 'adjustments') }),
};

/** What approving an adjustment moves: credit or debit, amount, whose account (house or customer). */
const adjustmentSummary: ApprovalSummary = (r, _user, translate) =>
  translate(`swx.review.summary.${r.direction === 'debit' ? 'debit' : 'credit'}`, {
    amount: r.amount,
    currency: r.currency,
    owner: ownerText(r, translate),
    book: translate(`swx.book.${r.book}`, { _: String(r.book) }),
    kind: ledgerWord(translate, 'kinds', String(r.kind)),
  });

/**
 * Approve / reject of a pending adjustment. The maker's own request cannot be approved by them:
 * the button is disabled and says why (the API refuses it too, 403).
 */
export function AdjustmentActions() {
  const record = useRecordContext();
  const { identity } = useGetIdentity();
  const translate = useTranslate();
  const isMaker = identity?.id !== undefined && identity.id === record?.createdBy;
  return (
    <ReviewActions
      resource="adjustments"
      texts={ADJUSTMENT_TEXTS}
      approveBlocked={isMaker ? translate('swx.ledger.makerCannotApprove') : undefined}
      summary={adjustmentSummary}
      testIdSuffix="-adjustment"
    />
  );
}

const CreateToolbar = () => (
  <Toolbar>
    <SaveButton label="swx.ledger.submitForApproval" />
  </Toolbar>
);

const amountFormat = (value: string) =>
  /^\d{1,20}(\.\d{1,18})?$/.test(value ?? '') && Number(value) > 0 ? undefined : 'swx.validation.decimal';

/** A super-admin asks for an adjustment; nothing moves until a different super-admin approves it. */
export const AdjustmentCreate = () => {
  const notify = useNotify();
  const redirect = useRedirect();
  return (
    <Create
      title="swx.ledger.createTitle"
      mutationOptions={{
        onSuccess: () => {
          notify('swx.ledger.adjustmentCreated', { type: 'success' });
          redirect('list', 'adjustments');
        },
      }}
    >
      <SimpleForm
        toolbar={<CreateToolbar />}
        defaultValues={{ ownerType: 'user', book: 'real', currency: 'USDT' }}
      >
        <Alert severity="info" sx={{ mb: 2 }}>
          <AdjustmentHint />
        </Alert>
        <SelectInput source="ownerType" choices={OWNER_TYPES} validate={required()} />
        <OwnerInput />
        <SelectInput source="book" choices={BOOK_CHOICES} validate={required()} />
        <TextInput source="currency" validate={required()} />
        <SelectInput
          source="direction"
          choices={[
            { id: 'credit', name: 'swx.ledger.credit' },
            { id: 'debit', name: 'swx.ledger.debit' },
          ]}
          validate={required()}
        />
        <TextInput source="amount" validate={[required(), amountFormat]} />
        <TextInput source="reason" multiline minRows={2} validate={required()} fullWidth />
      </SimpleForm>
    </Create>
  );
};

/** The house account on the other side of every adjustment, in words as on the ledger pages. */
function AdjustmentHint() {
  const translate = useTranslate();
  return (
    <>
      {translate('swx.ledger.createHint', { account: ledgerWord(translate, 'houseAccounts', 'adjustments') })}
    </>
  );
}

/** The customer (searched by name) or the house account, following the owner type chosen above. */
function OwnerInput() {
  return (
    <FormDataConsumer>
      {({ formData }) =>
        formData.ownerType === 'system' ? (
          <SelectInput
            key="system"
            source="ownerId"
            label="swx.ledger.systemAccount"
            choices={SYSTEM_ACCOUNTS.map((id) => ({ id, name: `swx.ledger.houseAccounts.${id}` }))}
            validate={required()}
          />
        ) : (
          <ReferenceInput
            key="user"
            source="ownerId"
            reference="users"
            sort={{ field: 'username', order: 'ASC' }}
          >
            <AutocompleteInput
              label="swx.ledger.customer"
              optionText="username"
              filterToQuery={(q: string) => ({ q })}
              validate={required()}
            />
          </ReferenceInput>
        )
      }
    </FormDataConsumer>
  );
}

/**
 * A withdrawal above withdraw_dual_approval_threshold: how many approvals it has of the two it
 * needs ("approved once" waits for a different admin). Nothing for withdrawals that need one.
 */
export function ApprovalsField(_props: { label?: string }) {
  const record = useRecordContext();
  const translate = useTranslate();
  if (!record || Number(record.approvalsRequired ?? 1) < 2) return null;
  if (record.awaitingSecondApproval) {
    return (
      <Tooltip title={translate('swx.ledger.approvedOnce')}>
        <Chip
          size="small"
          color="warning"
          variant="outlined"
          label={translate('swx.ledger.needsSecondApproval')}
          data-testid="awaiting-second-approval"
        />
      </Tooltip>
    );
  }
  return (
    <Chip
      size="small"
      variant="outlined"
      label={`${translate('swx.ledger.twoApprovals')} (${String(record.approvals ?? 0)}/2)`}
      data-testid="two-approvals"
    />
  );
}
