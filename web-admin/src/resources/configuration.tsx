import { Box } from '@mui/material';
import { Fragment } from 'react';
import {
  BooleanField,
  BooleanInput,
  Create,
  DateTimeInput,
  DeleteWithConfirmButton,
  Edit,
  EditButton,
  NumberField,
  NumberInput,
  required,
  SaveButton,
  SearchInput,
  SelectField,
  SelectInput,
  SimpleForm,
  TextField,
  TextInput,
  Toolbar,
  useLocaleState,
  useRecordContext,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import { parameterDescription } from '../i18n/parameters';
import { List } from '../components/List';
import { Datagrid } from '../components/Datagrid';
import { ConfirmSaveButton, type Change } from '../components/ConfirmSaveButton';
import { DateField } from '../components/DateField';
import { LANGUAGE_CHOICES } from './common';
import { AmountField } from '../components/Amount';
import { asText } from '../text';
import { ParameterDescriptionInput } from './parameters';

/** Saving asks for confirmation through the pessimistic mode (errors from the API stay on the form). */
const SaveToolbar = ({ deletable = false }: { deletable?: boolean }) => (
  <Toolbar sx={{ justifyContent: 'space-between' }}>
    <SaveButton />
    {deletable && <DeleteWithConfirmButton mutationMode="pessimistic" />}
  </Toolbar>
);

// --- system parameters ---

/** How a parameter's value is checked, in words. */
const PARAMETER_KINDS = ['decimal', 'ratio', 'integer', 'url', 'text'].map((id) => ({
  id,
  name: `swx.values.parameterKind.${id}`,
}));

/**
 * A parameter's description in the console's language (the database holds English only); the
 * database's text for a key the console has no words for.
 */
function ParameterDescriptionField(_props: { source: string; sortable?: boolean }) {
  const record = useRecordContext();
  const [locale] = useLocaleState();
  if (!record) return null;
  return (
    // At least a short line wide: squeezed by the table on a phone, it stood a word to a line.
    <Box component="span" sx={{ display: 'inline-block', minWidth: 240 }} data-testid="parameter-description">
      {parameterDescription(locale, String(record.key), record.description as string | null)}
    </Box>
  );
}

/**
 * A parameter's key, with a line break allowed after each underscore: the longest keys
 * (withdraw_dual_approval_threshold) made the column so wide that at 1280 px the last column (the
 * time of the change) stood past the right edge in German, Italian, Spanish, Japanese, Thai.
 */
function ParameterKeyField(_props: { source: string; label?: string }) {
  const record = useRecordContext();
  if (!record) return null;
  const parts = String(record.key).split('_');
  return (
    // Short keys stay on one line: only the long ones wrap.
    <Box component="span" sx={{ display: 'inline-block', minWidth: '11rem' }}>
      {parts.map((part, i) => (
        <Fragment key={i}>
          {part}
          {i < parts.length - 1 && (
            <>
              _<wbr />
            </>
          )}
        </Fragment>
      ))}
    </Box>
  );
}

export const ParameterList = () => (
  <List
    filters={[<SearchInput key="q" source="q" alwaysOn />]}
    sort={{ field: 'key', order: 'ASC' }}
    perPage={50}
  >
    <Datagrid rowClick="edit" bulkActionButtons={false}>
      <ParameterKeyField source="key" />
      <TextField source="value" sortable={false} sx={{ fontFamily: 'monospace' }} />
      <SelectField source="kind" choices={PARAMETER_KINDS} sortable={false} />
      <BooleanField source="public" sortable={false} />
      <ParameterDescriptionField source="description" sortable={false} />
      <DateField source="updatedAt" showTime />
    </Datagrid>
  </List>
);

/**
 * A parameter takes effect at once (fees, limits, leverages): saving asks first, naming the key and
 * the value before and after. A value out of the parameter's range is refused by the API on the field.
 */
function ParameterToolbar() {
  const translate = useTranslate();
  const title = (changes: Change[], record: RaRecord | undefined) => {
    const value = changes.find((c) => c.field === 'value');
    return value && record
      ? translate('swx.confirmSave.parameter', {
          key: record.key,
          from: asText(value.before),
          to: asText(value.after),
        })
      : undefined;
  };
  return (
    <Toolbar>
      <ConfirmSaveButton title={title} />
    </Toolbar>
  );
}

export const ParameterEdit = () => (
  <Edit mutationMode="pessimistic">
    <SimpleForm toolbar={<ParameterToolbar />}>
      <TextInput source="key" disabled />
      <SelectInput source="kind" choices={PARAMETER_KINDS} disabled />
      <TextInput source="value" validate={required()} fullWidth />
      {/* The console's description read-only for a key it knows; the database's, editable, else. */}
      <ParameterDescriptionInput />
    </SimpleForm>
  </Edit>
);

// --- content items (footer and help centre) ---

/** Where a content item is shown, and its kind, as the API codes them, in words. */
const SECTION_CHOICES = ['footer', 'help'].map((id) => ({ id, name: `swx.values.contentSection.${id}` }));
const CONTENT_TYPE_CHOICES = [1, 2, 3].map((id) => ({ id, name: `swx.values.contentType.${id}` }));

const contentFilters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput key="language" source="language" choices={LANGUAGE_CHOICES} />,
];

export const ContentList = () => (
  <List filters={contentFilters}>
    <Datagrid rowClick="edit" bulkActionButtons={false}>
      <TextField source="id" />
      <TextField source="title" />
      <TextField source="language" />
      <SelectField source="section" choices={SECTION_CHOICES} />
      <SelectField source="type" choices={CONTENT_TYPE_CHOICES} />
      <TextField source="slug" emptyText="-" sortable={false} />
      <NumberField source="sortOrder" />
      <BooleanField source="published" sortable={false} />
      <EditButton />
    </Datagrid>
  </List>
);

const ContentForm = ({ deletable }: { deletable?: boolean }) => (
  <SimpleForm toolbar={<SaveToolbar deletable={deletable} />}>
    <TextInput source="title" validate={required()} fullWidth />
    <SelectInput source="language" choices={LANGUAGE_CHOICES} validate={required()} />
    <SelectInput source="section" choices={SECTION_CHOICES} />
    <SelectInput source="type" choices={CONTENT_TYPE_CHOICES} validate={required()} />
    <TextInput source="slug" />
    <NumberInput source="sortOrder" />
    <BooleanInput source="published" />
    <TextInput source="body" multiline minRows={8} fullWidth validate={required()} />
  </SimpleForm>
);

export const ContentEdit = () => (
  <Edit mutationMode="pessimistic">
    <ContentForm deletable />
  </Edit>
);
export const ContentCreate = () => (
  <Create redirect="list">
    <ContentForm />
  </Create>
);

// --- announcements ---

export const AnnouncementList = () => (
  <List
    filters={[
      <SearchInput key="q" source="q" alwaysOn />,
      <SelectInput key="language" source="language" choices={LANGUAGE_CHOICES} />,
    ]}
  >
    <Datagrid rowClick="edit" bulkActionButtons={false}>
      <TextField source="id" />
      <TextField source="title" />
      <TextField source="language" />
      <DateField source="publishedAt" showTime />
      <BooleanField source="active" />
      <EditButton />
    </Datagrid>
  </List>
);

const AnnouncementForm = ({ deletable }: { deletable?: boolean }) => (
  <SimpleForm toolbar={<SaveToolbar deletable={deletable} />}>
    <TextInput source="title" validate={required()} fullWidth />
    <SelectInput source="language" choices={LANGUAGE_CHOICES} validate={required()} />
    <DateTimeInput source="publishedAt" parse={(v: string) => (v ? new Date(v).toISOString() : undefined)} />
    <BooleanInput source="active" />
    <TextInput source="content" multiline minRows={8} fullWidth validate={required()} />
  </SimpleForm>
);

export const AnnouncementEdit = () => (
  <Edit mutationMode="pessimistic">
    <AnnouncementForm deletable />
  </Edit>
);
export const AnnouncementCreate = () => (
  <Create redirect="list">
    <AnnouncementForm />
  </Create>
);

// --- VIP levels ---

export const LevelList = () => (
  <List sort={{ field: 'level', order: 'ASC' }}>
    <Datagrid rowClick="edit" bulkActionButtons={false}>
      <NumberField source="level" />
      <TextField source="name" />
      <AmountField source="minDeposit" />
      <AmountField source="minVolume" />
      <TextField source="feeDiscount" />
      <TextField source="benefits.en" sortable={false} />
      <EditButton />
    </Datagrid>
  </List>
);

/** A level's thresholds and fee discount apply to every customer at once: saving asks first. */
const LevelToolbar = ({ deletable = false }: { deletable?: boolean }) => (
  <Toolbar sx={{ justifyContent: 'space-between' }}>
    <ConfirmSaveButton />
    {deletable && <DeleteWithConfirmButton mutationMode="pessimistic" />}
  </Toolbar>
);

const LevelForm = ({ creating, deletable }: { creating?: boolean; deletable?: boolean }) => (
  <SimpleForm toolbar={<LevelToolbar deletable={deletable} />}>
    <NumberInput source="level" disabled={!creating} validate={required()} min={0} max={99} />
    <TextInput source="name" validate={required()} />
    <TextInput source="minDeposit" validate={required()} />
    <TextInput source="minVolume" validate={required()} />
    <TextInput source="feeDiscount" validate={required()} />
    <TextInput source="benefits.en" validate={required()} fullWidth />
    <TextInput source="benefits.zh" fullWidth />
  </SimpleForm>
);

export const LevelEdit = () => (
  <Edit mutationMode="pessimistic">
    <LevelForm deletable />
  </Edit>
);
export const LevelCreate = () => (
  <Create redirect="list">
    <LevelForm creating />
  </Create>
);
