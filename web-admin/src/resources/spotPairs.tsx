import { BooleanField, TextField } from 'react-admin';
import { List } from '../components/List';
import { Datagrid } from '../components/Datagrid';
import { DateField } from '../components/DateField';

/**
 * The coin pairs of the spot market with their tick and lot sizes, read-only: one pair per crypto
 * instrument against USDT, created from the instrument catalogue and never re-sized.
 */
export const SpotPairList = () => (
  <List sort={{ field: 'symbol', order: 'ASC' }} exporter={false}>
    <Datagrid bulkActionButtons={false} rowClick={false}>
      <TextField source="symbol" />
      <TextField source="base" sortable={false} />
      <TextField source="quote" sortable={false} />
      <TextField source="tickSize" sortable={false} />
      <TextField source="lotSize" sortable={false} />
      <BooleanField source="active" sortable={false} />
      <DateField source="createdAt" showTime />
    </Datagrid>
  </List>
);
