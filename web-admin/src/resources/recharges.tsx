import { Grid } from '@mui/material';
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
import { AuthImage } from '../components/AuthImage';
import { ReviewActions } from '../components/ReviewActions';
import { StatusField } from '../components/StatusField';
import { LIVE_REFRESH_MS, reviewFilters } from './common';

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
      <FunctionField source="amount" render={(r) => `${r.amount} ${r.coin}`} />
      <TextField source="network" />
      <TextField source="txHash" sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }} />
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
          <FunctionField source="amount" render={(r) => `${r.amount} ${r.coin}`} />
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
