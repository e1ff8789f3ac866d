import { Box, Grid } from '@mui/material';
import {
  FunctionField,
  Labeled,
  ReferenceField,
  Show,
  SimpleShowLayout,
  TextField,
  TopToolbar,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { List } from '../components/List';
import { Datagrid } from '../components/Datagrid';
import { DateField } from '../components/DateField';
import { API_URL } from '../api';
import { AmountField } from '../components/Amount';
import { AuthImage } from '../components/AuthImage';
import { ReviewActions } from '../components/ReviewActions';
import { StatusField } from '../components/StatusField';
import { LIVE_REFRESH_MS, reviewFilters } from './common';

/**
 * A transaction hash in a list: its start and its last six characters on one line (the voucher
 * shows the last six), the whole hash in the detail and on hover. Whole, a hash took four lines
 * of the queue's row.
 */
function ShortHash({ value }: { value?: string }) {
  if (!value) return <span>-</span>;
  const short = value.length > 20 ? `${value.slice(0, 10)}…${value.slice(-6)}` : value;
  return (
    <Box
      component="span"
      title={value}
      dir="ltr"
      data-testid="tx-hash"
      sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap', unicodeBidi: 'isolate' }}
    >
      {short}
    </Box>
  );
}

export const RechargeList = () => (
  <List
    filters={reviewFilters}
    filterDefaultValues={{ status: 'pending' }}
    sort={{ field: 'id', order: 'DESC' }}
    queryOptions={{ refetchInterval: LIVE_REFRESH_MS }}
  >
    <Datagrid rowClick="show" bulkActionButtons={false}>
      <TextField source="id" />
      <ReferenceField source="userId" reference="users" link="show">
        <TextField source="username" />
      </ReferenceField>
      <AmountField source="amount" currencySource="coin" />
      <TextField source="network" />
      <FunctionField source="txHash" render={(r) => <ShortHash value={r.txHash} />} />
      <StatusField source="status" />
      <DateField source="createdAt" showTime />
      <ReviewActions />
    </Datagrid>
  </List>
);

function VoucherImage() {
  const record = useRecordContext();
  const translate = useTranslate();
  if (!record) return null;
  return (
    <Labeled label={translate('swx.review.voucher')} fullWidth>
      <AuthImage src={`${API_URL}/recharges/${record.id}/voucher`} alt="voucher" testId="voucher" />
    </Labeled>
  );
}

export const RechargeShow = () => (
  <Show
    actions={
      <TopToolbar>
        <ReviewActions />
      </TopToolbar>
    }
  >
    <Grid container spacing={2}>
      <Grid size={{ xs: 12, md: 6 }}>
        <SimpleShowLayout>
          <TextField source="id" />
          <ReferenceField source="userId" reference="users" link="show">
            <TextField source="username" />
          </ReferenceField>
          <AmountField source="amount" currencySource="coin" />
          <TextField source="network" />
          <TextField source="txHash" sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }} />
          <TextField source="last6" />
          <StatusField source="status" />
          <TextField source="reason" emptyText="-" />
          <DateField source="createdAt" showTime />
          <DateField source="reviewedAt" showTime emptyText="-" />
        </SimpleShowLayout>
      </Grid>
      <Grid size={{ xs: 12, md: 6 }} sx={{ p: 2 }}>
        <VoucherImage />
      </Grid>
    </Grid>
  </Show>
);
