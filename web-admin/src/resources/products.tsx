import { useState } from 'react';
import {
  Accordion,
  AccordionDetails,
  AccordionSummary,
  Box,
  Stack,
  Tooltip,
  Typography,
} from '@mui/material';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import {
  BooleanField,
  BooleanInput,
  Create,
  Edit,
  EditButton,
  FunctionField,
  NullableBooleanInput,
  NumberField,
  NumberInput,
  required,
  SelectField,
  SelectInput,
  SimpleForm,
  TextField,
  TextInput,
  Toolbar,
  useRecordContext,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import { List } from '../components/List';
import { Datagrid } from '../components/Datagrid';
import { useWatch } from 'react-hook-form';
import { ConfirmSaveButton } from '../components/ConfirmSaveButton';
import { PLAN_NAME_LANGUAGES } from '../i18n/payouts';
import { PLAN_KIND_CHOICES } from './common';
import { AmountField } from '../components/Amount';
import { asText } from '../text';

// Products and coin networks (operators). Amounts and rates stay strings: the API keeps them exact.

const DECIMAL = /^\d{1,20}(\.\d{1,18})?$/;
const decimal =
  (message = 'swx.validation.decimal') =>
  (value: unknown) =>
    value === undefined || value === null || value === '' || DECIMAL.test(asText(value))
      ? undefined
      : message;

/** The cycles parse to a list of whole days once they read like "7, 15, 30". */
const cyclesValid = (value: unknown) => (Array.isArray(value) ? undefined : 'swx.validation.cycles');

/** Rates, minimums and fees take effect at once: saving lists the changes and asks first. */
const SaveOnly = ({
  prepare,
  fieldOf,
}: {
  prepare?: (values: RaRecord) => RaRecord;
  fieldOf?: Record<string, string>;
}) => (
  <Toolbar>
    <ConfirmSaveButton prepare={prepare} fieldOf={fieldOf} />
  </Toolbar>
);

// --- smart-plan and mining products ---

type Names = Partial<Record<(typeof PLAN_NAME_LANGUAGES)[number], string>>;

/**
 * The names in other languages as the API takes them: the languages filled in, trimmed (an empty
 * one is left out: the user sees the English name there).
 */
const cleanNames = (names: unknown): Names =>
  Object.fromEntries(
    Object.entries((names ?? {}) as Record<string, unknown>)
      .filter(([, v]) => typeof v === 'string' && v.trim() !== '')
      .map(([k, v]) => [k, (v as string).trim()]),
  );

const planProductTransform = (data: RaRecord) =>
  'names' in data ? { ...data, names: cleanNames(data.names) } : data;

/** The product's translated names: the languages' codes, each name in its tooltip and text. */
function PlanNames({ record }: { record: RaRecord }) {
  const translate = useTranslate();
  const names = cleanNames(record.names);
  const codes = PLAN_NAME_LANGUAGES.filter((code) => names[code]);
  if (codes.length === 0) return <span>-</span>;
  return (
    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5, maxWidth: 200 }} data-testid="plan-names">
      {codes.map((code) => (
        <Tooltip key={code} title={`${translate(`swx.planNames.language.${code}`)}: ${names[code]}`}>
          <Box
            component="span"
            sx={{ px: 0.5, borderRadius: 1, bgcolor: 'action.selected', fontSize: 12 }}
            data-name={names[code]}
          >
            {code}
          </Box>
        </Tooltip>
      ))}
    </Stack>
  );
}

/**
 * The name in each other language (zh ... th), in a group that opens by itself when the product
 * has translations; an empty one is left out (the API refuses empty names).
 */
function PlanNamesInput() {
  const translate = useTranslate();
  const record = useRecordContext();
  const names = useWatch({ name: 'names' }) as Record<string, unknown> | undefined;
  const filled = Object.keys(cleanNames(names)).length;
  const [expanded, setExpanded] = useState(Object.keys(cleanNames(record?.names)).length > 0);
  return (
    <Accordion
      expanded={expanded}
      onChange={(_, open) => setExpanded(open)}
      disableGutters
      variant="outlined"
      sx={{ width: '100%', maxWidth: 640, mb: 2 }}
      data-testid="plan-names-group"
    >
      <AccordionSummary expandIcon={<ExpandMoreIcon />}>
        <Typography>
          {translate('resources.planProducts.fields.names')}
          {filled > 0 ? ` (${filled})` : ''}
        </Typography>
      </AccordionSummary>
      <AccordionDetails>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {translate('swx.planNames.help')}
        </Typography>
        {PLAN_NAME_LANGUAGES.map((code) => (
          <TextInput
            key={code}
            source={`names.${code}`}
            label={`swx.planNames.language.${code}`}
            fullWidth
            helperText={false}
            slotProps={{ htmlInput: { maxLength: 80, dir: code === 'ar' ? 'rtl' : 'auto', lang: code } }}
          />
        ))}
      </AccordionDetails>
    </Accordion>
  );
}

const KIND_CHOICES = PLAN_KIND_CHOICES;

export const PlanProductList = () => (
  <List
    filters={[
      <SelectInput key="kind" source="kind" choices={KIND_CHOICES} alwaysOn />,
      <NullableBooleanInput key="active" source="active" />,
    ]}
    sort={{ field: 'sort', order: 'ASC' }}
  >
    <Datagrid rowClick="edit" bulkActionButtons={false}>
      <TextField source="id" />
      <SelectField source="kind" choices={KIND_CHOICES} />
      <TextField source="name" />
      <FunctionField source="names" sortable={false} render={(r) => <PlanNames record={r} />} />
      <TextField source="currency" sortable={false} />
      <AmountField source="dailyYield" sortable={false} ratio />
      <AmountField source="minAmount" sortable={false} />
      <AmountField source="maxAmount" sortable={false} />
      <FunctionField source="cycles" sortable={false} render={(r) => (r.cycles as number[]).join(', ')} />
      <BooleanField source="allowRepeat" sortable={false} />
      <BooleanField source="active" sortable={false} />
      <NumberField source="sort" />
      <EditButton />
    </Datagrid>
  </List>
);

const PlanProductForm = ({ creating }: { creating?: boolean }) => (
  <SimpleForm toolbar={<SaveOnly prepare={planProductTransform} />}>
    <SelectInput source="kind" choices={KIND_CHOICES} validate={required()} disabled={!creating} />
    <TextInput source="name" validate={required()} />
    <PlanNamesInput />
    <TextInput source="currency" validate={required()} defaultValue="USDT" />
    <TextInput source="dailyYield" validate={[required(), decimal()]} helperText="swx.help.dailyYield" />
    <TextInput source="minAmount" validate={[required(), decimal()]} />
    <TextInput source="maxAmount" validate={[required(), decimal()]} />
    <TextInput
      source="cycles"
      validate={[required(), cyclesValid]}
      helperText="swx.help.cycles"
      format={(v: unknown) => (Array.isArray(v) ? v.join(', ') : ((v as string | undefined) ?? ''))}
      parse={(v: string) =>
        /^\s*\d+(\s*,\s*\d+)*\s*$/.test(v) ? v.split(',').map((d) => Number(d.trim())) : v
      }
    />
    <BooleanInput source="allowRepeat" defaultValue={false} />
    <BooleanInput source="active" defaultValue />
    <NumberInput source="sort" defaultValue={0} />
  </SimpleForm>
);

export const PlanProductEdit = () => (
  <Edit mutationMode="pessimistic" transform={planProductTransform}>
    <PlanProductForm />
  </Edit>
);
export const PlanProductCreate = () => (
  <Create redirect="list" transform={planProductTransform}>
    <PlanProductForm creating />
  </Create>
);

// --- options products ---

export const OptionsProductList = () => (
  <List
    filters={[<NullableBooleanInput key="active" source="active" />]}
    sort={{ field: 'sort', order: 'ASC' }}
  >
    <Datagrid rowClick="edit" bulkActionButtons={false}>
      <TextField source="id" />
      <TextField source="name" />
      <NumberField source="periodSeconds" />
      <FunctionField source="payoutRate" render={(r) => `${r.payoutPercent}%`} />
      <TextField source="currency" sortable={false} />
      <AmountField source="minAmount" sortable={false} />
      <AmountField source="maxAmount" sortable={false} />
      <BooleanField source="active" sortable={false} />
      <NumberField source="sort" />
      <EditButton />
    </Datagrid>
  </List>
);

const OptionsProductForm = () => (
  <SimpleForm toolbar={<SaveOnly />}>
    <TextInput source="name" validate={required()} />
    <NumberInput source="periodSeconds" min={1} validate={required()} />
    <TextInput source="payoutRate" validate={[required(), decimal()]} helperText="swx.help.payoutRate" />
    <TextInput source="minAmount" validate={[required(), decimal()]} />
    <TextInput source="maxAmount" validate={[required(), decimal()]} />
    <BooleanInput source="active" defaultValue />
    <NumberInput source="sort" defaultValue={0} />
  </SimpleForm>
);

export const OptionsProductEdit = () => (
  <Edit mutationMode="pessimistic">
    <OptionsProductForm />
  </Edit>
);
export const OptionsProductCreate = () => (
  <Create redirect="list">
    <OptionsProductForm />
  </Create>
);

// --- loan products ---

export const LoanProductList = () => (
  <List sort={{ field: 'termDays', order: 'ASC' }}>
    <Datagrid rowClick="edit" bulkActionButtons={false}>
      <TextField source="id" />
      <NumberField source="termDays" />
      <FunctionField source="dailyRate" render={(r) => `${r.dailyRate}%`} />
      <AmountField source="minAmount" sortable={false} />
      <AmountField source="maxAmount" sortable={false} />
      <BooleanField source="active" sortable={false} />
      <EditButton />
    </Datagrid>
  </List>
);

const LoanProductForm = () => (
  <SimpleForm toolbar={<SaveOnly />}>
    <NumberInput source="termDays" min={1} max={3650} validate={required()} />
    <TextInput source="dailyRate" validate={[required(), decimal()]} helperText="swx.help.dailyRate" />
    <TextInput source="minAmount" validate={[required(), decimal()]} />
    <TextInput source="maxAmount" validate={[required(), decimal()]} />
    <BooleanInput source="active" defaultValue />
  </SimpleForm>
);

export const LoanProductEdit = () => (
  <Edit mutationMode="pessimistic">
    <LoanProductForm />
  </Edit>
);
export const LoanProductCreate = () => (
  <Create redirect="list">
    <LoanProductForm />
  </Create>
);

// --- coins and networks ---

/** What users meet: the network's own minimum, or the coin's parameter where higher (shown with *). */
const minimum = (r: Record<string, string>, which: 'Deposit' | 'Withdrawal') =>
  r[`effectiveMin${which}`] === r[`min${which}`] ? r[`min${which}`] : `${r[`effectiveMin${which}`]} *`;

export const CoinNetworkList = () => (
  <List filters={[<TextInput key="coin" source="coin" alwaysOn />]} sort={{ field: 'id', order: 'ASC' }}>
    <Datagrid rowClick="edit" bulkActionButtons={false}>
      <TextField source="id" />
      <TextField source="coin" />
      <TextField source="network" />
      <TextField source="confirmations" sortable={false} />
      <FunctionField source="minDeposit" sortable={false} render={(r) => minimum(r, 'Deposit')} />
      <FunctionField source="minWithdrawal" sortable={false} render={(r) => minimum(r, 'Withdrawal')} />
      <FunctionField
        source="withdrawFeeRate"
        sortable={false}
        render={(r) => `${r.withdrawFeeRate}%${r.withdrawFeeRateOverride === null ? ' *' : ''}`}
      />
      <BooleanField source="depositEnabled" sortable={false} />
      <BooleanField source="withdrawEnabled" sortable={false} />
      <EditButton />
    </Datagrid>
  </List>
);

/** A network's own fee rate as the API takes it: a percent under 100, at most 6 decimals. */
const FEE_PERCENT = /^\d{1,2}(\.\d{1,6})?$/;
const feePercent = (value: unknown) =>
  value === undefined || value === null || value === '' || FEE_PERCENT.test(asText(value))
    ? undefined
    : 'swx.validation.percentUnder100';

/** How many confirmations a network may ask, as the API takes them (coin-network.entity.ts). */
const MAX_CONFIRMATIONS = 100_000;
const confirmationsCount = (value: unknown) =>
  value === undefined ||
  value === null ||
  value === '' ||
  (Number.isInteger(value) && (value as number) >= 1 && (value as number) <= MAX_CONFIRMATIONS)
    ? undefined
    : 'swx.validation.confirmationsCount';

/** The form edits the network's own fee rate (the override); the API calls it withdrawFeeRate. */
const coinNetworkTransform = ({ withdrawFeeRateOverride, ...rest }: Record<string, unknown>) => ({
  ...rest,
  withdrawFeeRate: withdrawFeeRateOverride ?? null,
});

export const CoinNetworkEdit = () => (
  <Edit mutationMode="pessimistic" transform={coinNetworkTransform}>
    <SimpleForm toolbar={<SaveOnly fieldOf={{ withdrawFeeRate: 'withdrawFeeRateOverride' }} />}>
      <TextInput source="coin" disabled />
      <TextInput source="network" disabled />
      {/* A count the user app puts into its own sentence ("network confirmations needed: 12"). */}
      <NumberInput
        source="confirmations"
        min={1}
        max={MAX_CONFIRMATIONS}
        step={1}
        helperText="swx.help.confirmations"
        validate={[required(), confirmationsCount]}
      />
      <TextInput
        source="minDeposit"
        helperText="swx.help.minDepositFloor"
        validate={[required(), decimal()]}
      />
      <TextInput
        source="minWithdrawal"
        helperText="swx.help.minWithdrawalFloor"
        validate={[required(), decimal()]}
      />
      <TextInput
        source="withdrawFeeRateOverride"
        helperText="swx.help.feeOverride"
        // Empty (the system parameter applies), its long label would sit in the field at full size
        // and end in "…" on a phone (de, it); above the field, small, it reads whole.
        slotProps={{ inputLabel: { shrink: true } }}
        parse={(v: string) => (v === '' ? null : v)}
        validate={feePercent}
      />
      <BooleanInput source="depositEnabled" />
      <BooleanInput source="withdrawEnabled" />
    </SimpleForm>
  </Edit>
);
