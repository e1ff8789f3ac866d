import { Alert, Box } from '@mui/material';
import {
  Create,
  DeleteWithConfirmButton,
  Edit,
  EditButton,
  FunctionField,
  required,
  SaveButton,
  SearchInput,
  SelectField,
  SelectInput,
  SimpleForm,
  TextField,
  TextInput,
  Toolbar,
  useTranslate,
} from 'react-admin';
import { List } from '../components/List';
import { Datagrid } from '../components/Datagrid';
import { DateField } from '../components/DateField';

/** Market types as the API numbers them, in words (as on the instruments screen). */
const TYPE_CHOICES = [1, 2, 4, 5, 6, 7].map((id) => ({ id, name: `swx.values.instrumentType.${id}` }));

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const validDay = (value: unknown) =>
  typeof value === 'string' && DAY.test(value) ? undefined : 'swx.closures.dayFormat';
const validTime = (value: unknown) =>
  value === null || value === undefined || value === '' || (typeof value === 'string' && TIME.test(value))
    ? undefined
    : 'swx.closures.timeFormat';
/** Today's date on the operator's calendar, as the API reads dates (`2026-12-25`). */
const today = () => {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
};

/** An empty early-close time is null for the API: closed all day. */
const parseTime = (value: string) => (value.trim() === '' ? null : value.trim());

/** What a closure is, in the operator's language (dates and times are the market's own). */
function Help() {
  const translate = useTranslate();
  return (
    <Box sx={{ px: 2, pt: 2 }}>
      <Alert severity="info" data-testid="closures-help">
        {translate('swx.closures.help')}
      </Alert>
    </Box>
  );
}

function ClosesAt({ closesAt }: { closesAt: string | null }) {
  const translate = useTranslate();
  return <span dir="ltr">{closesAt ?? translate('swx.closures.allDay')}</span>;
}

/**
 * Exchange holidays and early closes per market (instrument type), for operators: on a closure the
 * market's instruments do not trade (orders get "not in tradable time") and the feed does not tick.
 */
export const ClosureList = () => (
  <List
    filters={[
      <SearchInput key="q" source="q" alwaysOn />,
      <SelectInput key="type" source="type" choices={TYPE_CHOICES} alwaysOn />,
      <TextInput key="from" source="from" placeholder="2026-01-01" validate={validDay} />,
      <TextInput key="to" source="to" placeholder="2026-12-31" validate={validDay} />,
    ]}
    sort={{ field: 'day', order: 'ASC' }}
    // The coming closures first: the past ones stay a filter away.
    filterDefaultValues={{ from: today() }}
    perPage={50}
  >
    <Help />
    <Datagrid rowClick="edit" bulkActionButtons={false}>
      <FunctionField
        source="day"
        render={(r: { day: string }) => (
          // One line on a phone too (the browser breaks a date at its hyphens).
          <span dir="ltr" style={{ whiteSpace: 'nowrap' }}>
            {r.day}
          </span>
        )}
      />
      <SelectField source="type" choices={TYPE_CHOICES} />
      <FunctionField
        source="closesAt"
        sortable={false}
        render={(r: { closesAt: string | null }) => <ClosesAt closesAt={r.closesAt} />}
      />
      <TextField source="name" />
      <DateField source="updatedAt" sortable={false} />
      <EditButton />
    </Datagrid>
  </List>
);

const EditToolbar = () => (
  <Toolbar sx={{ justifyContent: 'space-between' }}>
    <SaveButton />
    <DeleteWithConfirmButton mutationMode="pessimistic" />
  </Toolbar>
);

const ClosureForm = ({ editing }: { editing?: boolean }) => (
  <SimpleForm toolbar={editing ? <EditToolbar /> : undefined}>
    <SelectInput source="type" choices={TYPE_CHOICES} validate={required()} />
    <TextInput
      source="day"
      placeholder="2026-12-25"
      validate={[required(), validDay]}
      slotProps={{ htmlInput: { dir: 'ltr' } }}
    />
    <TextInput
      source="closesAt"
      placeholder="13:00"
      parse={parseTime}
      format={(value: unknown) => (typeof value === 'string' ? value : '')}
      validate={validTime}
      helperText="swx.closures.closesAtHelp"
      slotProps={{ htmlInput: { dir: 'ltr' } }}
    />
    <TextInput source="name" validate={required()} fullWidth />
  </SimpleForm>
);

export const ClosureEdit = () => (
  <Edit mutationMode="pessimistic">
    <ClosureForm editing />
  </Edit>
);

export const ClosureCreate = () => (
  <Create redirect="list" record={{ closesAt: null }}>
    <ClosureForm />
  </Create>
);
