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
 * The console's List: react-admin's, whose actions export every record (ListActions). Every list of
 * the console is this one (a list of react-admin's own would export 1,000 records at most); a list
 * with actions of its own puts ExportButton in them where it exports.
 */
export function List<RecordType extends RaRecord = RaRecord>(props: ListProps<RecordType>) {
  return <RaList<RecordType> actions={<ListActions />} {...props} />;
}
