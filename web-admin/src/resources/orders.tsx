import { SelectField, SelectInput, TextField, TextInput, useRecordContext, useTranslate } from 'react-admin';
import { List } from '../components/List';
import { Datagrid } from '../components/Datagrid';
import { DateField } from '../components/DateField';
import { RecordDetail } from '../components/RecordDetail';
import { StatusField } from '../components/StatusField';
import {
  BOOK_CHOICES,
  DIRECTION_CHOICES,
  ORDER_TYPE_CHOICES,
  PLAN_KIND_CHOICES,
  SIDE_CHOICES,
  statusChoices,
  UserField,
} from './common';
import { AmountField } from '../components/Amount';

// Orders of every kind, read only: no admin opens, closes or prices a position.

const PLACED_BY_CHOICES = [
  { id: 'customers', name: 'swx.values.customers' },
  { id: 'market_maker', name: 'swx.values.marketMaker' },
];

/** The house's market maker (its orders have no user), or the customer. */
function OrderOwner(_: { source?: string; sortable?: boolean }) {
  const record = useRecordContext();
  const translate = useTranslate();
  if (!record) return null;
  return record.marketMaker ? <span>{translate('swx.values.marketMaker')}</span> : <UserField />;
}

const userAndBook = [
  <TextInput key="userId" source="userId" />,
  <SelectInput key="book" source="book" choices={BOOK_CHOICES} alwaysOn />,
];

export const UOrderList = () => (
  <List
    filters={[
      <SelectInput
        key="state"
        source="state"
        choices={statusChoices(['waiting', 'open', 'closed', 'cancelled'])}
        alwaysOn
      />,
      ...userAndBook,
      <TextInput key="code" source="code" />,
    ]}
    sort={{ field: 'id', order: 'DESC' }}
  >
    <Datagrid bulkActionButtons={false} rowClick="expand" expand={<RecordDetail />}>
      <TextField source="orderNo" sortable={false} />
      <UserField source="userId" sortable={false} />
      <SelectField source="book" choices={BOOK_CHOICES} sortable={false} />
      <TextField source="code" />
      <SelectField source="direction" choices={DIRECTION_CHOICES} sortable={false} />
      <AmountField source="lots" sortable={false} />
      <AmountField source="leverage" sortable={false} suffix="×" />
      <AmountField source="margin" />
      <AmountField source="openPrice" sortable={false} />
      <AmountField source="closePrice" sortable={false} />
      <AmountField source="profit" />
      <StatusField source="state" />
      <DateField source="createdAt" showTime />
    </Datagrid>
  </List>
);

export const OptionsOrderList = () => (
  <List
    filters={[
      <SelectInput
        key="state"
        source="state"
        choices={statusChoices(['open', 'won', 'lost', 'draw'])}
        alwaysOn
      />,
      ...userAndBook,
      <TextInput key="code" source="code" />,
    ]}
    sort={{ field: 'id', order: 'DESC' }}
  >
    <Datagrid bulkActionButtons={false} rowClick="expand" expand={<RecordDetail />}>
      <TextField source="orderNo" sortable={false} />
      <UserField source="userId" sortable={false} />
      <SelectField source="book" choices={BOOK_CHOICES} sortable={false} />
      <TextField source="code" sortable={false} />
      <SelectField source="direction" choices={DIRECTION_CHOICES} sortable={false} />
      <AmountField source="amount" currencySource="currency" />
      <AmountField source="periodSeconds" sortable={false} />
      <AmountField source="openPrice" sortable={false} />
      <AmountField source="settlePrice" sortable={false} />
      <AmountField source="profit" sortable={false} />
      <StatusField source="state" />
      <DateField source="openTime" showTime sortable={false} />
    </Datagrid>
  </List>
);

export const SpotOrderList = () => (
  <List
    filters={[
      <SelectInput
        key="state"
        source="state"
        choices={statusChoices(['pending', 'open', 'partial', 'filled', 'cancelled'])}
        alwaysOn
      />,
      // The market maker's quotes outnumber the customers' orders: the list opens on the customers'.
      <SelectInput key="placedBy" source="placedBy" choices={PLACED_BY_CHOICES} alwaysOn />,
      ...userAndBook,
      <TextInput key="symbol" source="symbol" />,
      <SelectInput key="side" source="side" choices={SIDE_CHOICES} />,
    ]}
    filterDefaultValues={{ placedBy: 'customers' }}
    sort={{ field: 'id', order: 'DESC' }}
  >
    <Datagrid bulkActionButtons={false} rowClick="expand" expand={<RecordDetail />}>
      <TextField source="id" />
      <OrderOwner source="userId" sortable={false} />
      <SelectField source="book" choices={BOOK_CHOICES} sortable={false} />
      <TextField source="symbol" sortable={false} />
      <SelectField source="side" choices={SIDE_CHOICES} sortable={false} />
      <SelectField source="type" choices={ORDER_TYPE_CHOICES} sortable={false} />
      <AmountField source="price" sortable={false} />
      <AmountField source="quantity" sortable={false} />
      <AmountField source="filled" sortable={false} />
      <AmountField source="fee" sortable={false} />
      <StatusField source="state" />
      <DateField source="createdAt" showTime />
    </Datagrid>
  </List>
);

export const SpotTradeList = () => (
  <List
    filters={[
      <SelectInput key="book" source="book" choices={BOOK_CHOICES} alwaysOn />,
      <TextInput key="symbol" source="symbol" />,
      <TextInput key="takerOrderId" source="takerOrderId" />,
      <TextInput key="makerOrderId" source="makerOrderId" />,
    ]}
    sort={{ field: 'id', order: 'DESC' }}
  >
    <Datagrid bulkActionButtons={false} rowClick="expand" expand={<RecordDetail />}>
      <TextField source="id" />
      <SelectField source="book" choices={BOOK_CHOICES} sortable={false} />
      <TextField source="symbol" sortable={false} />
      <SelectField source="takerSide" choices={SIDE_CHOICES} sortable={false} />
      <AmountField source="price" sortable={false} />
      <AmountField source="quantity" sortable={false} />
      <AmountField source="quoteAmount" sortable={false} />
      <TextField source="takerOrderId" sortable={false} />
      <TextField source="makerOrderId" sortable={false} />
      <DateField source="createdAt" showTime />
    </Datagrid>
  </List>
);

export const PlanList = () => (
  <List
    filters={[
      <SelectInput key="kind" source="kind" choices={PLAN_KIND_CHOICES} alwaysOn />,
      <SelectInput
        key="status"
        source="status"
        choices={statusChoices(['earning', 'completed', 'exited'])}
        alwaysOn
      />,
      <TextInput key="userId" source="userId" />,
    ]}
    sort={{ field: 'id', order: 'DESC' }}
  >
    <Datagrid bulkActionButtons={false} rowClick="expand" expand={<RecordDetail />}>
      <TextField source="id" />
      <UserField source="userId" sortable={false} />
      <SelectField source="kind" choices={PLAN_KIND_CHOICES} sortable={false} />
      <TextField source="productName" sortable={false} />
      <AmountField source="amount" currencySource="currency" />
      <AmountField source="cycleDays" sortable={false} />
      <AmountField source="dailyYield" sortable={false} ratio />
      <AmountField source="earned" sortable={false} />
      <AmountField source="daysPaid" sortable={false} />
      <StatusField source="status" />
      <DateField source="startedAt" showTime sortable={false} />
      <DateField source="endsAt" showTime />
    </Datagrid>
  </List>
);
