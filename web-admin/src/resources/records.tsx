import type { MouseEvent } from 'react';
import { Box, Button as MuiButton, Stack } from '@mui/material';
import {
  FunctionField,
  SearchInput,
  SelectInput,
  TextField,
  TextInput,
  useNotify,
  usePermissions,
  TopToolbar,
  FilterButton,
  useGetOne,
  useRecordContext,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import { ExportButton } from '../components/ExportButton';
import { List } from '../components/List';
import { Datagrid } from '../components/Datagrid';
import { DateField } from '../components/DateField';
import { API_URL, fetchBlobUrl, httpClient } from '../api';
import { ReasonDialogButton } from '../components/ReasonDialogButton';
import { RecordDetail } from '../components/RecordDetail';
import { StatusField } from '../components/StatusField';
import { sumDecimals } from '../dashboard/format';
import { statusChoices, UserField } from './common';
import { AmountField } from '../components/Amount';
import { asText } from '../text';

// --- audit log (read-only) ---

const auditFilters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <TextInput key="action" source="action" />,
  <TextInput key="targetType" source="targetType" />,
  <TextInput key="targetId" source="targetId" />,
  <TextInput key="adminId" source="adminId" />,
];

/** A code of the audit trail in words, when the console knows it ('' otherwise). */
function auditWords(translate: (key: string, options?: object) => string, group: string, code: unknown) {
  if (typeof code !== 'string' || !/^[A-Za-z_]+(\.[A-Za-z0-9_]+)?$/.test(code)) return '';
  const words = translate(`swx.visual.${group}.${code}`, { _: '' });
  return typeof words === 'string' && words !== `swx.visual.${group}.${code}` ? words : '';
}

/**
 * An entry's action or target in words in the console's language, its code under it (as filtered on
 * and exported): the trail read as code words (kyc.verified, support_conversation) in every language.
 */
function AuditCode({
  source,
  group,
}: {
  source: string;
  group: 'auditActions' | 'auditTargets';
  sortable?: boolean;
}) {
  const record = useRecordContext();
  const translate = useTranslate();
  const code: unknown = record?.[source];
  if (code === null || code === undefined || code === '') return <span>-</span>;
  const words = auditWords(translate, group, code);
  const codeText = (
    <Box
      component="span"
      dir="ltr"
      sx={{
        display: words ? 'block' : 'inline',
        fontFamily: words ? 'monospace' : undefined,
        fontSize: words ? 12 : undefined,
        color: words ? 'text.secondary' : undefined,
        unicodeBidi: 'isolate',
      }}
    >
      {asText(code)}
    </Box>
  );
  return words ? (
    <span data-testid={`audit-${group === 'auditActions' ? 'action' : 'target'}-words`}>
      {words}
      {codeText}
    </span>
  ) : (
    codeText
  );
}

/** The expand panel: where the request came from and the entry's detail (long values wrap). */
function AuditDetail() {
  const record = useRecordContext();
  const translate = useTranslate();
  return (
    <Box data-testid="audit-detail" sx={{ fontSize: 12, overflowWrap: 'anywhere' }}>
      <Box sx={{ mb: 0.5, color: 'text.secondary' }}>
        {translate('resources.audit.fields.ip')}: {record?.ip ?? '-'}
      </Box>
      {/* JSON, left to right in every language (in Arabic its braces and quotes were turned round). */}
      <Box component="pre" dir="ltr" sx={{ m: 0, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {JSON.stringify(record?.detail ?? {}, null, 2)}
      </Box>
    </Box>
  );
}

/** Super-admins: walks the hash chain on the server and tells whether a row was edited or removed. */
function VerifyChainButton() {
  const notify = useNotify();
  const translate = useTranslate();
  const { permissions } = usePermissions<string[]>();
  if (!Array.isArray(permissions) || !permissions.includes('super_admin')) return null;
  const verify = async () => {
    try {
      const { json } = await httpClient(`${API_URL}/audit/verify`);
      const report = json as {
        ok: boolean;
        checked: number;
        firstBroken: { id: string; reason: string } | null;
      };
      if (report.ok) notify(translate('swx.audit.chainOk', { checked: report.checked }), { type: 'success' });
      else
        notify(
          translate('swx.audit.chainBroken', {
            id: report.firstBroken?.id ?? '?',
            reason: report.firstBroken?.reason ?? '',
          }),
          { type: 'error', autoHideDuration: 15000 },
        );
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    }
  };
  return (
    <MuiButton size="small" onClick={() => void verify()}>
      {translate('swx.audit.verify')}
    </MuiButton>
  );
}

export const AuditList = () => (
  <List
    filters={auditFilters}
    sort={{ field: 'id', order: 'DESC' }}
    perPage={50}
    actions={
      <TopToolbar>
        <FilterButton />
        <VerifyChainButton />
        {/* The trail as an auditor takes it away: every entry matching the filters. */}
        <ExportButton />
      </TopToolbar>
    }
  >
    {/* Narrower at 1280 px: the address it came from is in the expand panel, and long e-mails,
        actions and target ids wrap. A full log is still wider than the page (1,365 px in CI). */}
    <Datagrid
      bulkActionButtons={false}
      expand={<AuditDetail />}
      rowClick="expand"
      sx={{
        '& th': { whiteSpace: 'nowrap' },
        '& td.column-adminEmail > *': { display: 'block', maxWidth: 300, overflowWrap: 'break-word' },
        '& td.column-targetId > *': { display: 'block', maxWidth: 140, overflowWrap: 'break-word' },
        '& td.column-action': { overflowWrap: 'break-word' },
      }}
    >
      <TextField source="id" />
      <DateField source="createdAt" showTime />
      <TextField source="adminEmail" sortable={false} emptyText="-" />
      <AuditCode source="action" group="auditActions" />
      <AuditCode source="targetType" group="auditTargets" sortable={false} />
      <TextField source="targetId" sortable={false} emptyText="-" />
    </Datagrid>
  </List>
);

// --- outbox of the embedded e-mail / SMS default ---

function OutboxBody() {
  const record = useRecordContext();
  return (
    <Box component="pre" sx={{ m: 0, fontSize: 12, whiteSpace: 'pre-wrap' }}>
      {String(record?.body ?? '')}
    </Box>
  );
}

export const OutboxList = () => (
  <List
    filters={[
      <SearchInput key="q" source="q" alwaysOn />,
      <SelectInput
        key="channel"
        source="channel"
        choices={[
          { id: 'email', name: 'email' },
          { id: 'sms', name: 'sms' },
        ]}
      />,
      <TextInput key="recipient" source="recipient" />,
    ]}
    sort={{ field: 'id', order: 'DESC' }}
  >
    <Datagrid bulkActionButtons={false} expand={<OutboxBody />} rowClick="expand">
      <TextField source="id" />
      <DateField source="createdAt" showTime />
      <TextField source="channel" />
      <TextField source="recipient" />
      <TextField source="subject" sortable={false} emptyText="-" />
    </Datagrid>
  </List>
);

// --- loans: records, overdue ones, repayments received outside the platform ---

/**
 * What marking a loan repaid records (it moves the money in the ledger, from outside the platform):
 * the customer, the principal and the interest accrued so far, and their sum, exactly.
 */
function MarkRepaidSummary({ record }: { record: RaRecord }) {
  const translate = useTranslate();
  const { data: user } = useGetOne('users', { id: record.userId as string }, { enabled: !!record.userId });
  const principal = String(record.amount);
  const interest = String(record.accruedInterest ?? '0');
  return (
    <>
      {translate('swx.loans.markRepaidSummary', {
        user: (user?.username as string | undefined) ?? String(record.userId),
        total: sumDecimals([principal, interest]),
        currency: record.currency,
        principal,
        interest,
      })}
    </>
  );
}

function LoanActions() {
  const record = useRecordContext();
  const translate = useTranslate();
  const notify = useNotify();
  if (!record) return null;
  const open = async (e: MouseEvent) => {
    e.stopPropagation();
    try {
      window.open(await fetchBlobUrl(`${API_URL}/loans/${record.id}/agreement`), '_blank', 'noopener');
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    }
  };
  return (
    <Stack direction="row" spacing={1}>
      <MuiButton size="small" onClick={(e) => void open(e)}>
        {translate('swx.loans.agreement')}
      </MuiButton>
      {record.status !== 'repaid' && (
        <ReasonDialogButton
          action="markRepaid"
          field="note"
          fieldLabel="swx.loans.note"
          label="swx.loans.markRepaid"
          title="swx.loans.markRepaidTitle"
          done="swx.loans.markedRepaid"
          color="success"
          testId="mark-repaid"
          summary={(r) => <MarkRepaidSummary record={r} />}
        />
      )}
    </Stack>
  );
}

export const LoanList = () => (
  <List
    filters={[
      <SelectInput
        key="status"
        source="status"
        alwaysOn
        choices={statusChoices(['repaying', 'expired', 'repaid'])}
      />,
      <TextInput key="userId" source="userId" />,
    ]}
    sort={{ field: 'id', order: 'DESC' }}
  >
    <Datagrid bulkActionButtons={false} rowClick="expand" expand={<RecordDetail />}>
      <TextField source="id" />
      <UserField source="userId" sortable={false} />
      <AmountField source="amount" currencySource="currency" />
      <AmountField source="termDays" sortable={false} />
      <FunctionField source="dailyRatePercent" sortable={false} render={(r) => `${r.dailyRatePercent}%`} />
      <AmountField source="accruedInterest" sortable={false} />
      <StatusField source="status" />
      <DateField source="repaymentDate" sortable={false} showTime />
      <DateField source="createdAt" showTime />
      <LoanActions />
    </Datagrid>
  </List>
);
