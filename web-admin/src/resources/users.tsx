import type { ReactNode } from 'react';
import AcUnitIcon from '@mui/icons-material/AcUnit';
import LockOpenIcon from '@mui/icons-material/LockOpen';
import SportsEsportsIcon from '@mui/icons-material/SportsEsports';
import VideogameAssetOffIcon from '@mui/icons-material/VideogameAssetOff';
import { Grid, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import {
  BooleanField,
  NumberField,
  Pagination,
  SelectField,
  ReferenceManyField,
  SearchInput,
  SelectInput,
  Show,
  SimpleShowLayout,
  TabbedShowLayout,
  TabbedShowLayoutTabs,
  TextField,
  TopToolbar,
  usePermissions,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { List } from '../components/List';
import { Datagrid } from '../components/Datagrid';
import { DateField } from '../components/DateField';
import { KindLabel } from '../components/LedgerWords';
import { hasRole, ROLES } from '../authProvider';
import { ReasonDialogButton } from '../components/ReasonDialogButton';
import { RecordDetail } from '../components/RecordDetail';
import { StatusField } from '../components/StatusField';
import {
  BOOK_CHOICES,
  DIRECTION_CHOICES,
  KYC_LEVEL_CHOICES,
  METHOD_CHOICES,
  LTR_TEXT,
  ORDER_TYPE_CHOICES,
  PLAN_KIND_CHOICES,
  ROW_OF_FIELDS,
  SIDE_CHOICES,
} from './common';
import { Amount, AmountField } from '../components/Amount';

const userFilters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput
    key="status"
    source="status"
    choices={['active', 'frozen', 'abnormal'].map((id) => ({ id, name: `swx.status.${id}` }))}
  />,
];

export const UserList = () => (
  <List filters={userFilters} sort={{ field: 'createdAt', order: 'DESC' }}>
    <Datagrid rowClick="show" bulkActionButtons={false}>
      <TextField source="username" />
      <TextField source="email" emptyText="-" />
      <TextField source="phone" emptyText="-" />
      <NumberField source="level" />
      <StatusField source="status" />
      <BooleanField source="totpEnabled" sortable={false} />
      <DateField source="createdAt" showTime />
    </Datagrid>
  </List>
);

type Line = { currency: string; kind: string; balance: string };

function BookTable({ title, lines }: { title: string; lines: Line[] }) {
  const translate = useTranslate();
  return (
    <>
      <Typography variant="subtitle1" sx={{ fontWeight: 600, mt: 1 }}>
        {title}
      </Typography>
      {lines.length === 0 ? (
        <Typography color="text.secondary">{translate('swx.users.noBalance')}</Typography>
      ) : (
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>{translate('swx.users.currency')}</TableCell>
              <TableCell>{translate('swx.users.account')}</TableCell>
              <TableCell align="right">{translate('swx.users.balance')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {lines.map((l) => (
              <TableRow key={`${l.currency}-${l.kind}`}>
                <TableCell>{l.currency}</TableCell>
                <TableCell>
                  <KindLabel kind={l.kind} />
                </TableCell>
                {/*
                  Written as every figure of the console (grouped, every decimal, digits of one
                  width); a figure of 18 decimals still wraps in its cell on a phone rather than
                  running over the panel's edge.
                */}
                <TableCell
                  align="right"
                  sx={{ '& [data-testid="amount"]': { whiteSpace: 'normal', overflowWrap: 'anywhere' } }}
                >
                  <Amount value={l.balance} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </>
  );
}

/**
 * The balances of both books of the user in context (the user detail answers them): side by side
 * on a wide page, one under the other where the panel is narrow (`stacked`: beside a withdrawal,
 * two tables of 18-decimal figures do not fit in a column).
 */
export function Balances({ stacked = false }: { stacked?: boolean }) {
  const record = useRecordContext();
  const translate = useTranslate();
  const balances = record?.balances as { real: Line[]; demo: Line[] } | undefined;
  if (!balances) return null;
  const size = stacked ? 12 : { xs: 12, md: 6 };
  return (
    <Grid container spacing={3} sx={{ p: 2 }} data-testid="balances">
      <Grid size={size} sx={{ minWidth: 0 }}>
        <BookTable title={translate('swx.users.realBook')} lines={balances.real} />
      </Grid>
      <Grid size={size} sx={{ minWidth: 0 }}>
        <BookTable title={translate('swx.users.demoBook')} lines={balances.demo} />
      </Grid>
    </Grid>
  );
}

/**
 * Freeze or unfreeze, disable or enable the demo book (operators), each with a confirmation and a
 * reason: the API refuses others, the buttons are not offered to them.
 */
function UserActions() {
  const record = useRecordContext();
  const { permissions } = usePermissions<string[]>();
  if (!record || !hasRole(permissions, ROLES.operator)) return <TopToolbar />;
  return (
    <TopToolbar>
      {record.status === 'frozen' ? (
        <ReasonDialogButton
          action="unfreeze"
          label="swx.users.unfreeze"
          title="swx.users.unfreezeTitle"
          done="swx.users.unfrozen"
          icon={<LockOpenIcon />}
          color="success"
          testId="unfreeze"
        />
      ) : (
        <ReasonDialogButton
          action="freeze"
          label="swx.users.freeze"
          title="swx.users.freezeTitle"
          done="swx.users.frozen"
          icon={<AcUnitIcon />}
          color="error"
          testId="freeze"
        />
      )}
      {record.demoEnabled === false ? (
        <ReasonDialogButton
          action="enableDemo"
          label="swx.users.enableDemo"
          title="swx.users.enableDemoTitle"
          done="swx.users.demoEnabled"
          icon={<SportsEsportsIcon />}
          color="success"
          testId="enable-demo"
        />
      ) : (
        <ReasonDialogButton
          action="disableDemo"
          label="swx.users.disableDemo"
          title="swx.users.disableDemoTitle"
          done="swx.users.demoDisabled"
          icon={<VideogameAssetOffIcon />}
          color="warning"
          testId="disable-demo"
        />
      )}
    </TopToolbar>
  );
}

/** The resources with a detail page of their own; the others expand in place. */
const WITH_SHOW = ['kyc', 'recharges', 'withdrawals'];

/** A tab of the user's records from another admin list, filtered on the user (userId). */
const Related = ({ reference, children }: { reference: string; children: ReactNode }) => (
  <ReferenceManyField
    reference={reference}
    target="userId"
    sort={{ field: 'id', order: 'DESC' }}
    perPage={10}
    pagination={<Pagination rowsPerPageOptions={[10, 25]} />}
  >
    <Datagrid
      bulkActionButtons={false}
      rowClick={WITH_SHOW.includes(reference) ? 'show' : 'expand'}
      expand={WITH_SHOW.includes(reference) ? undefined : <RecordDetail />}
    >
      {children}
    </Datagrid>
  </ReferenceManyField>
);

export const UserShow = () => {
  const { permissions } = usePermissions<string[]>();
  const reviewer = hasRole(permissions, ROLES.reviewer);
  return (
    <Show actions={<UserActions />}>
      {/* The tabs scroll, with arrows, when they are wider than the card: react-admin's standard tabs
          cut them off at the right edge (at 1280 px from "Coin-Orders" on), out of reach. */}
      <TabbedShowLayout
        tabs={<TabbedShowLayoutTabs variant="scrollable" scrollButtons="auto" allowScrollButtonsMobile />}
      >
        <TabbedShowLayout.Tab label="swx.users.summary">
          <SimpleShowLayout direction="row" spacing={0} sx={{ ...ROW_OF_FIELDS, p: 0 }}>
            <TextField source="username" />
            <TextField source="email" emptyText="-" />
            <TextField source="phone" emptyText="-" />
            <StatusField source="status" />
            <NumberField source="level" />
            <TextField source="inviteCode" />
            <BooleanField source="totpEnabled" />
            <BooleanField source="demoEnabled" />
            <DateField source="demoDisabledAt" showTime emptyText="-" />
            <DateField source="createdAt" showTime />
            <TextField source="id" sx={LTR_TEXT} dir="ltr" data-testid="user-id" />
          </SimpleShowLayout>
          <Balances />
        </TabbedShowLayout.Tab>
        {reviewer && (
          <TabbedShowLayout.Tab label="swx.users.tabs.kyc" path="kyc">
            <Related reference="kyc">
              <TextField source="id" />
              <SelectField source="level" choices={KYC_LEVEL_CHOICES} />
              <StatusField source="status" />
              <TextField source="reason" emptyText="-" />
              <DateField source="createdAt" showTime />
            </Related>
          </TabbedShowLayout.Tab>
        )}
        {reviewer && (
          <TabbedShowLayout.Tab label="swx.users.tabs.deposits" path="recharges">
            <Related reference="recharges">
              <TextField source="id" />
              <AmountField source="amount" currencySource="coin" />
              <StatusField source="status" />
              <DateField source="createdAt" showTime />
            </Related>
          </TabbedShowLayout.Tab>
        )}
        {reviewer && (
          <TabbedShowLayout.Tab label="swx.users.tabs.withdrawals" path="withdrawals">
            <Related reference="withdrawals">
              <TextField source="id" />
              <AmountField source="amount" currencySource="coin" />
              <SelectField source="method" choices={METHOD_CHOICES} />
              <StatusField source="status" />
              <DateField source="createdAt" showTime />
            </Related>
          </TabbedShowLayout.Tab>
        )}
        {reviewer && (
          <TabbedShowLayout.Tab label="swx.users.tabs.loans" path="loans">
            <Related reference="loans">
              <TextField source="id" />
              <AmountField source="amount" currencySource="currency" />
              <AmountField source="termDays" />
              <StatusField source="status" />
              <DateField source="repaymentDate" showTime />
            </Related>
          </TabbedShowLayout.Tab>
        )}
        <TabbedShowLayout.Tab label="swx.users.tabs.plans" path="plans">
          <Related reference="plans">
            <TextField source="id" />
            <SelectField source="kind" choices={PLAN_KIND_CHOICES} />
            <TextField source="productName" />
            <AmountField source="amount" currencySource="currency" />
            <AmountField source="earned" />
            <StatusField source="status" />
            <DateField source="endsAt" showTime />
          </Related>
        </TabbedShowLayout.Tab>
        <TabbedShowLayout.Tab label="swx.users.tabs.uOrders" path="u-orders">
          <Related reference="u-orders">
            <TextField source="orderNo" />
            <SelectField source="book" choices={BOOK_CHOICES} />
            <TextField source="code" />
            <SelectField source="direction" choices={DIRECTION_CHOICES} />
            <AmountField source="margin" />
            <AmountField source="profit" />
            <StatusField source="state" />
            <DateField source="createdAt" showTime />
          </Related>
        </TabbedShowLayout.Tab>
        <TabbedShowLayout.Tab label="swx.users.tabs.optionsOrders" path="options-orders">
          <Related reference="options-orders">
            <TextField source="orderNo" />
            <SelectField source="book" choices={BOOK_CHOICES} />
            <TextField source="code" />
            <SelectField source="direction" choices={DIRECTION_CHOICES} />
            <AmountField source="amount" currencySource="currency" />
            <AmountField source="periodSeconds" />
            <AmountField source="profit" />
            <StatusField source="state" />
            <DateField source="openTime" showTime />
          </Related>
        </TabbedShowLayout.Tab>
        <TabbedShowLayout.Tab label="swx.users.tabs.spotOrders" path="spot-orders">
          <Related reference="spot-orders">
            <TextField source="id" />
            <SelectField source="book" choices={BOOK_CHOICES} />
            <TextField source="symbol" />
            <SelectField source="side" choices={SIDE_CHOICES} />
            <SelectField source="type" choices={ORDER_TYPE_CHOICES} />
            <AmountField source="price" />
            <AmountField source="quantity" />
            <AmountField source="filled" />
            <StatusField source="state" />
            <DateField source="createdAt" showTime />
          </Related>
        </TabbedShowLayout.Tab>
      </TabbedShowLayout>
    </Show>
  );
};
