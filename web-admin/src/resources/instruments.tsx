import {
  Create,
  Edit,
  EditButton,
  NumberField,
  NumberInput,
  required,
  SearchInput,
  SelectField,
  SelectInput,
  SimpleForm,
  TextField,
  TextInput,
  Toolbar,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { List } from '../components/List';
import { Datagrid } from '../components/Datagrid';
import { ConfirmSaveButton } from '../components/ConfirmSaveButton';
import { DateField } from '../components/DateField';

/** Market types as the API numbers them, in words. */
const TYPE_CHOICES = [1, 2, 4, 5, 6, 7].map((id) => ({ id, name: `swx.values.instrumentType.${id}` }));
const STATUS_CHOICES = [
  { id: 'active', name: 'swx.status.active' },
  { id: 'suspended', name: 'swx.status.suspended' },
];
const DECIMAL = /^\d+(\.\d+)?$/;

const decimal = (value: unknown) =>
  typeof value === 'string' && DECIMAL.test(value.trim()) ? undefined : 'swx.instruments.decimal';

/** Leverages are edited as "1, 5, 10, 20". */
const formatLeverages = (value: unknown) => (Array.isArray(value) ? value.join(', ') : '');
const parseLeverages = (text: string) =>
  text
    .split(/[\s,]+/)
    .filter(Boolean)
    .map((part) => (/^\d+$/.test(part) ? Number(part) : part));
const validLeverages = (value: unknown) =>
  Array.isArray(value) && value.length > 0 && value.every((v) => Number.isInteger(v) && (v as number) >= 1)
    ? undefined
    : 'swx.instruments.leverages';

/** Trading hours are edited as JSON: {"alwaysOpen": true} or weekly sessions in a time zone (UTC by default). */
const formatHours = (value: unknown) =>
  value && typeof value === 'object'
    ? JSON.stringify(value, null, 2)
    : typeof value === 'string'
      ? value
      : '';
const parseHours = (text: string): unknown => {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
};
const validHours = (value: unknown) =>
  value && typeof value === 'object' && !Array.isArray(value) ? undefined : 'swx.instruments.hours';

// `label` is read by the Datagrid for the column header.
function HoursField(_props: { label?: string }) {
  const record = useRecordContext();
  const translate = useTranslate();
  const hours = record?.tradingHours as { alwaysOpen?: boolean; sessions?: unknown[] } | undefined;
  if (!hours) return null;
  return (
    <span>
      {hours.alwaysOpen
        ? translate('swx.values.hours.alwaysOpen')
        : translate('swx.values.hours.sessions', { count: hours.sessions?.length ?? 0 })}
    </span>
  );
}

export const InstrumentList = () => (
  <List
    filters={[
      <SearchInput key="q" source="q" alwaysOn />,
      <SelectInput key="type" source="type" choices={TYPE_CHOICES} />,
      <SelectInput key="status" source="status" choices={STATUS_CHOICES} />,
    ]}
    sort={{ field: 'sortOrder', order: 'ASC' }}
    perPage={50}
  >
    <Datagrid rowClick="edit" bulkActionButtons={false}>
      <TextField source="code" />
      <TextField source="appName" />
      <SelectField source="type" choices={TYPE_CHOICES} />
      <NumberField source="pricePrecision" sortable={false} />
      <TextField source="spread" sortable={false} />
      <TextField source="contractSize" sortable={false} />
      <HoursField label="resources.instruments.fields.tradingHours" />
      <NumberField source="sortOrder" />
      <SelectField source="status" choices={STATUS_CHOICES} />
      <DateField source="createdAt" />
      <EditButton />
    </Datagrid>
  </List>
);

/**
 * No delete: the API keeps instruments (orders and candles refer to them); suspend instead. The
 * spread, contract size, leverages and hours apply to every order at once: saving lists the changes
 * and asks first.
 */
const SaveOnly = () => (
  <Toolbar>
    <ConfirmSaveButton />
  </Toolbar>
);

const InstrumentForm = ({ creating }: { creating?: boolean }) => (
  <SimpleForm toolbar={<SaveOnly />}>
    <TextInput source="code" disabled={!creating} validate={required()} />
    <SelectInput source="type" choices={TYPE_CHOICES} disabled={!creating} validate={required()} />
    <TextInput source="appName" validate={required()} />
    <TextInput source="logo" fullWidth />
    <NumberInput source="pricePrecision" min={0} max={12} step={1} validate={required()} />
    <TextInput source="contractSize" validate={[required(), decimal]} />
    <TextInput source="spread" validate={[required(), decimal]} />
    <TextInput
      source="leverages"
      format={formatLeverages}
      parse={parseLeverages}
      validate={validLeverages}
      helperText="swx.instruments.leveragesHelp"
    />
    <TextInput
      source="tradingHours"
      format={formatHours}
      parse={parseHours}
      validate={validHours}
      multiline
      minRows={3}
      fullWidth
      helperText="swx.instruments.hoursHelp"
      // JSON, left to right in every language (in Arabic its braces and quotes were turned round).
      slotProps={{ htmlInput: { dir: 'ltr' } }}
    />
    <TextInput source="referencePrice" disabled={!creating} validate={[required(), decimal]} />
    <TextInput source="volatility" validate={[required(), decimal]} />
    <NumberInput source="sortOrder" min={0} step={1} />
    <SelectInput source="status" choices={STATUS_CHOICES} helperText="swx.instruments.statusHelp" />
  </SimpleForm>
);

export const InstrumentEdit = () => (
  <Edit mutationMode="pessimistic">
    <InstrumentForm />
  </Edit>
);
export const InstrumentCreate = () => (
  <Create
    redirect="list"
    record={{ tradingHours: { alwaysOpen: true }, leverages: [1, 5, 10, 20], status: 'active' }}
  >
    <InstrumentForm creating />
  </Create>
);
