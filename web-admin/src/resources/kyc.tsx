import { Box, Grid, Table, TableBody, TableCell, TableRow, Typography } from '@mui/material';
import {
  FunctionField,
  ReferenceField,
  SelectInput,
  Show,
  SimpleShowLayout,
  TextField,
  TextInput,
  TopToolbar,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { List } from '../components/List';
import { Datagrid } from '../components/Datagrid';
import { DateField } from '../components/DateField';
import { AuthImage } from '../components/AuthImage';
import { ReviewActions } from '../components/ReviewActions';
import { StatusField } from '../components/StatusField';
import { useIntlLocale } from '../i18n/intl';
import { LIVE_REFRESH_MS, ROW_OF_FIELDS } from './common';
import { asText } from '../text';

const kycFilters = [
  <SelectInput
    key="status"
    source="status"
    alwaysOn
    choices={[
      { id: 'pending', name: 'swx.status.pending' },
      { id: 'verified', name: 'swx.status.verified' },
      { id: 'failed', name: 'swx.status.failed' },
    ]}
  />,
  <SelectInput
    key="level"
    source="level"
    alwaysOn
    choices={[
      { id: 'basic', name: 'swx.level.basic' },
      { id: 'advanced', name: 'swx.level.advanced' },
    ]}
  />,
  <TextInput key="userId" source="userId" />,
];

const LevelField = (_: { label?: string }) => {
  const record = useRecordContext();
  const translate = useTranslate();
  // body2 as the fields beside it (a bare span was written larger than them in the detail).
  return record ? (
    <Typography component="span" variant="body2">
      {translate(`swx.level.${record.level}`, { _: String(record.level) })}
    </Typography>
  ) : null;
};

export const KycList = () => (
  <List
    filters={kycFilters}
    filterDefaultValues={{ status: 'pending' }}
    sort={{ field: 'id', order: 'DESC' }}
    queryOptions={{ refetchInterval: LIVE_REFRESH_MS }}
  >
    <Datagrid rowClick="show" bulkActionButtons={false}>
      <TextField source="id" />
      <ReferenceField source="userId" reference="users" link="show">
        <TextField source="username" />
      </ReferenceField>
      <LevelField label="resources.kyc.fields.level" />
      <FunctionField
        label="swx.review.submitted"
        render={(r) => [r.data?.firstName, r.data?.lastName, r.data?.country].filter(Boolean).join(' · ')}
      />
      <StatusField source="status" />
      <DateField source="createdAt" showTime />
    </Datagrid>
  </List>
);

/** The submitted fields whose values are codes (sex, document type...), said in words. */
const CODED_FIELDS = ['sex', 'documentType', 'sourceOfWealth'];

/**
 * The order the fields are read in, as on the document: the name first, then who and where the
 * person is, then the document (the API's order put the sex and phone above the name). Fields not
 * named here follow in the API's order.
 */
const FIELD_ORDER = [
  'firstName',
  'lastName',
  'sex',
  'birthdate',
  'country',
  'address',
  'phone',
  'documentType',
  'documentNumber',
];
const fieldRank = (key: string) => {
  const rank = FIELD_ORDER.indexOf(key);
  return rank === -1 ? FIELD_ORDER.length : rank;
};

/** A country code in words in the console's language, the code kept: "United Kingdom (GB)". */
function countryName(code: string, locale: string): string {
  try {
    const name = new Intl.DisplayNames([locale], { type: 'region' }).of(code.toUpperCase());
    return name && name !== code.toUpperCase() ? `${name} (${code.toUpperCase()})` : code;
  } catch {
    return code;
  }
}

/** A date of birth (YYYY-MM-DD) as the console writes dates: 10/12/1990, 1990/12/10... */
function birthDate(value: string, locale: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return value;
  const date = new Date(`${value}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? value : date.toLocaleDateString(locale, { timeZone: 'UTC' });
}

/**
 * The submitted fields beside the documents and photos, so that they are compared at a glance:
 * the fields' names, the coded values and the documents' names in the console's language.
 */
function FieldsAndDocuments() {
  const record = useRecordContext();
  const translate = useTranslate();
  const locale = useIntlLocale();
  if (!record) return null;
  const field = (key: string) => translate(`swx.kyc.fields.${key}`, { _: key });
  const shown = (key: string, value: unknown) => {
    const text = asText(value);
    return typeof value === 'object'
      ? text
      : CODED_FIELDS.includes(key)
        ? translate(`swx.kyc.${key}.${text}`, { _: text })
        : key === 'country'
          ? countryName(text, locale)
          : key === 'birthdate'
            ? birthDate(text, locale)
            : text;
  };
  const slot = (name: string) => translate(`swx.kyc.documents.${name}`, { _: name });
  const data = (record.data ?? {}) as Record<string, unknown>;
  const documents = (record.documents ?? {}) as Record<string, string>;
  return (
    <Grid container spacing={2} sx={{ p: 2 }}>
      <Grid size={{ xs: 12, md: 5 }}>
        <Typography variant="h6" gutterBottom>
          {translate('swx.review.submitted')}
        </Typography>
        <Table size="small" data-testid="kyc-fields">
          <TableBody>
            {Object.entries(data)
              .sort(([a], [b]) => fieldRank(a) - fieldRank(b))
              .map(([key, value]) => (
                <TableRow key={key}>
                  <TableCell component="th" sx={{ fontWeight: 600, width: '40%' }}>
                    {field(key)}
                  </TableCell>
                  <TableCell sx={{ wordBreak: 'break-word' }} data-testid={`kyc-value-${key}`}>
                    {shown(key, value)}
                  </TableCell>
                </TableRow>
              ))}
          </TableBody>
        </Table>
      </Grid>
      <Grid size={{ xs: 12, md: 7 }}>
        <Typography variant="h6" gutterBottom>
          {translate('swx.review.documents')}
        </Typography>
        <Grid container spacing={1}>
          {Object.entries(documents).map(([name, url]) => (
            <Grid key={name} size={{ xs: 12, sm: 6 }}>
              <Box sx={{ fontSize: 13, fontWeight: 600, mb: 0.5 }}>{slot(name)}</Box>
              <AuthImage src={url} alt={slot(name)} testId={`document-${name}`} />
            </Grid>
          ))}
          {Object.keys(documents).length === 0 && (
            <Typography color="text.secondary">{translate('swx.review.noDocument')}</Typography>
          )}
        </Grid>
      </Grid>
    </Grid>
  );
}

export const KycShow = () => (
  <Show
    actions={
      <TopToolbar>
        <ReviewActions />
      </TopToolbar>
    }
  >
    <SimpleShowLayout direction="row" spacing={0} sx={ROW_OF_FIELDS}>
      <TextField source="id" />
      <ReferenceField source="userId" reference="users" link="show">
        <TextField source="username" />
      </ReferenceField>
      <LevelField label="resources.kyc.fields.level" />
      <StatusField source="status" />
      <TextField source="reason" emptyText="-" />
      <DateField source="createdAt" showTime />
      <DateField source="reviewedAt" showTime emptyText="-" />
    </SimpleShowLayout>
    <FieldsAndDocuments />
  </Show>
);
