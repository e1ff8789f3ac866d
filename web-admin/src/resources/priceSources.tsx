import { Alert, Box } from '@mui/material';
import {
  FunctionField,
  SearchInput,
  SelectField,
  SelectInput,
  TextField,
  useListContext,
  useTranslate,
} from 'react-admin';
import { List } from '../components/List';
import { Datagrid } from '../components/Datagrid';
import { StatusField } from '../components/StatusField';
import { AmountField } from '../components/Amount';

/** Market types as the API numbers them (as on the instruments screen). */
const TYPE_CHOICES = [
  { id: 1, name: 'Forex' },
  { id: 2, name: 'Crypto' },
  { id: 4, name: 'Futures' },
  { id: 5, name: 'ETF' },
  { id: 6, name: 'Stocks' },
  { id: 7, name: 'Metals' },
];
const SOURCE_CHOICES = [
  { id: 'simulator', name: 'swx.priceSources.source.simulator' },
  { id: 'exchange', name: 'swx.priceSources.source.exchange' },
  { id: 'none', name: 'swx.priceSources.source.none' },
];

/** Where the assignment comes from: the deployment's MARKET_SOURCES, first matching entry wins. */
function SettingNotice() {
  const translate = useTranslate();
  const { data } = useListContext();
  const setting = (data?.[0] as { setting?: string } | undefined)?.setting;
  return (
    <Box sx={{ px: 2, pt: 2 }}>
      <Alert severity="info" data-testid="price-source-setting">
        {translate('swx.priceSources.help')}
        {setting !== undefined && (
          <Box component="code" sx={{ display: 'block', mt: 1 }}>
            MARKET_SOURCES={setting || 'none'}
          </Box>
        )}
      </Alert>
    </Box>
  );
}

/** Which price source feeds which instrument (operators, read-only). */
export const PriceSourceList = () => (
  <List
    filters={[
      <SearchInput key="q" source="q" alwaysOn />,
      <SelectInput key="source" source="source" choices={SOURCE_CHOICES} alwaysOn />,
      <SelectInput
        key="status"
        source="status"
        choices={[
          { id: 'active', name: 'swx.status.active' },
          { id: 'suspended', name: 'swx.status.suspended' },
        ]}
      />,
    ]}
    sort={{ field: 'id', order: 'ASC' }}
    exporter={false}
  >
    <SettingNotice />
    <Datagrid bulkActionButtons={false} rowClick={false}>
      <TextField source="id" />
      <TextField source="code" />
      <TextField source="appName" sortable={false} />
      <SelectField source="type" choices={TYPE_CHOICES} />
      <StatusField source="status" />
      <FunctionField
        source="source"
        render={(r: { source: string | null }) => (
          <span data-testid={`source-${r.source ?? 'none'}`}>
            <SourceName source={r.source} />
          </span>
        )}
      />
      <TextField source="rule" sortable={false} emptyText="-" />
      <AmountField source="lastPrice" sortable={false} />
    </Datagrid>
  </List>
);

function SourceName({ source }: { source: string | null }) {
  const translate = useTranslate();
  return <>{translate(`swx.priceSources.source.${source ?? 'none'}`)}</>;
}
