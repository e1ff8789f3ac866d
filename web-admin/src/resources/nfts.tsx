import { useEffect, useState } from 'react';
import { Box, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import {
  BooleanField,
  BooleanInput,
  Create,
  DateTimeInput,
  DeleteWithConfirmButton,
  Edit,
  EditButton,
  ImageField,
  NullableBooleanInput,
  NumberField,
  RecordContextProvider,
  ReferenceField,
  ReferenceInput,
  required,
  SaveButton,
  SearchInput,
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
import { DateField } from '../components/DateField';
import { utcOffset } from '../i18n/intl';
import { call } from '../api';
import { StatusField } from '../components/StatusField';
import { ListError } from '../components/ListError';
import { statusChoices, UserField } from './common';
import { useFormatTime } from '../i18n/intl';
import { AmountField } from '../components/Amount';
import { asText } from '../text';

// The charity NFT catalogue (operators): list, edit while listed, withdraw; bids shown per item.

const AMOUNT = /^\d{1,20}(\.\d{1,18})?$/;
const amount = (value: unknown) =>
  value === undefined || value === null || value === '' || AMOUNT.test(asText(value))
    ? undefined
    : 'swx.validation.decimal';

/**
 * Which zone the auction's end is typed in: the browser's, written as the lists write it (the form
 * showed "11/28/2026, 11:57 PM" beside a list reading "28/11/2026, 23:57:09 UTC").
 */
function BrowserZone() {
  const translate = useTranslate();
  return <>{translate('swx.visual.browserZone', { zone: utcOffset(new Date()) })}</>;
}

export const NftList = () => (
  <List
    filters={[
      <SearchInput key="q" source="q" alwaysOn />,
      <SelectInput
        key="status"
        source="status"
        choices={statusChoices(['listed', 'sold', 'ended', 'withdrawn'])}
        alwaysOn
      />,
      <ReferenceInput key="charityId" source="charityId" reference="charities">
        <SelectInput optionText="name" />
      </ReferenceInput>,
    ]}
    sort={{ field: 'id', order: 'DESC' }}
  >
    <Datagrid rowClick="edit" bulkActionButtons={false}>
      <TextField source="id" />
      <ImageField source="imageUrl" sortable={false} sx={{ '& img': { maxWidth: 48, maxHeight: 48 } }} />
      <TextField source="name" />
      <TextField source="chain" />
      <ReferenceField source="charityId" reference="charities" sortable={false}>
        <TextField source="name" />
      </ReferenceField>
      <AmountField source="price" />
      <AmountField source="startBid" sortable={false} />
      <AmountField source="currentBid" />
      <NumberField source="bidCount" sortable={false} />
      <DateField source="endTime" showTime sortable={false} />
      <StatusField source="status" />
      <EditButton />
    </Datagrid>
  </List>
);

type Bid = { id: string; userId: string; amount: string; status: string; createdAt: string };

/** Every bid on the item, highest state first as the API answers them; bids that could not be loaded say so. */
function Bids() {
  const formatTime = useFormatTime();
  const record = useRecordContext();
  const translate = useTranslate();
  const [bids, setBids] = useState<Bid[] | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!record?.id) return;
    let live = true;
    call<Bid[]>(`/nfts/${encodeURIComponent(String(record.id))}/bids`).then(
      (rows) => {
        if (!live) return;
        setBids(rows);
        setError(null);
      },
      (e: unknown) => live && setError(e),
    );
    return () => {
      live = false;
    };
  }, [record?.id, attempt]);
  if (!record) return null;
  return (
    <Box sx={{ p: 2 }} data-testid="nft-bids">
      <Typography variant="h6">{translate('swx.nft.bids')}</Typography>
      {error ? (
        <ListError
          error={error}
          stale={false}
          onRetry={() => {
            setError(null);
            setAttempt((n) => n + 1);
          }}
        />
      ) : bids && bids.length === 0 ? (
        <Typography color="text.secondary">{translate('swx.nft.noBids')}</Typography>
      ) : (
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>#</TableCell>
              <TableCell>{translate('resources.nfts.fields.ownerId')}</TableCell>
              <TableCell>{translate('resources.nfts.fields.currentBid')}</TableCell>
              <TableCell>{translate('resources.nfts.fields.status')}</TableCell>
              <TableCell>{translate('resources.nfts.fields.createdAt')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {(bids ?? []).map((b) => (
              <TableRow key={b.id} data-testid="nft-bid">
                <TableCell>{b.id}</TableCell>
                <TableCell>
                  {/* The bidder by name, linking to their detail. */}
                  <RecordContextProvider value={{ ...b, id: b.id }}>
                    <UserField />
                  </RecordContextProvider>
                </TableCell>
                <TableCell sx={{ fontFamily: 'monospace' }}>{b.amount}</TableCell>
                <TableCell>{translate(`swx.values.bidStatus.${b.status}`, { _: b.status })}</TableCell>
                <TableCell>{formatTime(b.createdAt)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Box>
  );
}

const NftToolbar = () => {
  const record = useRecordContext();
  return (
    <Toolbar sx={{ justifyContent: 'space-between' }}>
      <SaveButton />
      {record?.status === 'listed' && (
        <DeleteWithConfirmButton
          mutationMode="pessimistic"
          label="swx.nft.withdraw"
          confirmTitle="swx.nft.withdrawTitle"
          confirmContent="swx.nft.withdrawContent"
        />
      )}
    </Toolbar>
  );
};

const NftForm = ({ creating }: { creating?: boolean }) => (
  <SimpleForm toolbar={creating ? undefined : <NftToolbar />}>
    <TextInput source="name" validate={required()} fullWidth />
    <TextInput source="description" multiline minRows={3} fullWidth />
    <TextInput source="imageUrl" validate={required()} fullWidth helperText="swx.help.imageUrl" />
    <TextInput source="contractAddress" validate={required()} fullWidth />
    <TextInput source="tokenId" validate={required()} />
    <TextInput source="creator" validate={required()} />
    <TextInput source="chain" validate={required()} defaultValue="Ethereum" />
    <ReferenceInput source="charityId" reference="charities">
      <SelectInput optionText="name" validate={required()} />
    </ReferenceInput>
    <TextInput source="price" validate={amount} parse={(v: string) => (v === '' ? null : v)} />
    <TextInput source="startBid" validate={[required(), amount]} />
    <DateTimeInput
      source="endTime"
      validate={required()}
      parse={(v: string) => (v ? new Date(v).toISOString() : undefined)}
      helperText={<BrowserZone />}
    />
  </SimpleForm>
);

export const NftEdit = () => (
  <Edit mutationMode="pessimistic">
    <NftForm />
    <Bids />
  </Edit>
);
export const NftCreate = () => (
  <Create redirect="list">
    <NftForm creating />
  </Create>
);

// --- charities ---

export const CharityList = () => (
  <List
    filters={[
      <SearchInput key="q" source="q" alwaysOn />,
      <NullableBooleanInput key="active" source="active" />,
    ]}
    sort={{ field: 'id', order: 'ASC' }}
  >
    <Datagrid rowClick="edit" bulkActionButtons={false}>
      <TextField source="id" />
      <TextField source="name" />
      <TextField source="website" sortable={false} emptyText="-" />
      <AmountField source="donated" />
      <BooleanField source="active" />
      <DateField source="createdAt" showTime />
      <EditButton />
    </Datagrid>
  </List>
);

const CharityForm = () => (
  <SimpleForm>
    <TextInput source="name" validate={required()} fullWidth />
    <TextInput source="description" multiline minRows={3} fullWidth />
    <TextInput source="website" fullWidth parse={(v: string) => (v === '' ? null : v)} />
    <BooleanInput source="active" defaultValue />
  </SimpleForm>
);

export const CharityEdit = () => (
  <Edit mutationMode="pessimistic">
    <CharityForm />
  </Edit>
);
export const CharityCreate = () => (
  <Create redirect="list">
    <CharityForm />
  </Create>
);
