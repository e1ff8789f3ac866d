import type { Theme } from '@mui/material/styles';
import {
  CreateButton,
  FilterButton,
  List as RaList,
  TopToolbar,
  useFilterContext,
  useListContext,
  useResourceDefinition,
  type ListProps,
  type RaRecord,
} from 'react-admin';
import { ExportButton } from './ExportButton';

/**
 * react-admin's list actions (filters, Create, Export) with the console's Export, which exports
 * every record of the list (react-admin's stopped at 1,000 without a word).
 */
export function ListActions() {
  const { exporter } = useListContext();
  const { hasCreate } = useResourceDefinition();
  const filters = useFilterContext();
  return (
    <TopToolbar>
      {filters && filters.length > 0 && <FilterButton />}
      {hasCreate && <CreateButton />}
      {exporter !== false && <ExportButton />}
    </TopToolbar>
  );
}

/**
 * Below md react-admin's Create button floats over the page's bottom end (56 px high, 60 px above the
 * bottom): room under the list, so that its last row can scroll above the button (at 390 px it
 * covered the last row's Edit button).
 */
const ROOM_FOR_CREATE = (theme: Theme) => ({
  [theme.breakpoints.down('md')]: { paddingBottom: theme.spacing(16) },
});

/**
 * The console's List: react-admin's, whose actions export every record (ListActions). Every list of
 * the console is this one (a list of react-admin's own would export 1,000 records at most); a list
 * with actions of its own puts ExportButton in them where it exports. A list whose resource can be
 * created keeps room under it for the floating Create button on a phone (ROOM_FOR_CREATE).
 */
export function List<RecordType extends RaRecord = RaRecord>({ sx, ...props }: ListProps<RecordType>) {
  const { hasCreate } = useResourceDefinition(props);
  return (
    <RaList<RecordType>
      actions={<ListActions />}
      sx={[hasCreate ? ROOM_FOR_CREATE : {}, ...(Array.isArray(sx) ? sx : [sx])]}
      {...props}
    />
  );
}
