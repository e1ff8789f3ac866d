import { Children, cloneElement, isValidElement, type ReactElement } from 'react';
import {
  Datagrid as RaDatagrid,
  useListContextWithProps,
  useResourceContext,
  type DatagridProps,
} from 'react-admin';
import { sortsOn } from '../sortable';
import { ListError } from './ListError';

type ColumnProps = { source?: string; sortBy?: string; sortable?: boolean };

/**
 * react-admin's Datagrid, for every list and table of the console:
 * - its column headers sort only on the fields the API sorts the list on (sortable.ts): a header
 *   on another field would send a sort the API refuses, and the list, which remembers its sort,
 *   would stay failed;
 * - records that could not be loaded are said so (ListError, with Retry), not shown as an empty
 *   list: "No Deposits found" or a customer's loans "None" when the request failed.
 */
export function Datagrid(props: DatagridProps) {
  const resource = useResourceContext(props);
  const { error, data, refetch } = useListContextWithProps(props);
  const children = Children.map(props.children, (child) => {
    if (!isValidElement<ColumnProps>(child)) return child;
    const { source, sortBy, sortable } = child.props;
    if (sortable === false || (source === undefined && sortBy === undefined)) return child;
    return sortsOn(resource, sortBy ?? source)
      ? child
      : cloneElement(child as ReactElement<ColumnProps>, { sortable: false });
  });
  if (error) {
    // The rows of an earlier load stay (a live queue's poll that failed once keeps its rows).
    const stale = !!data && data.length > 0;
    return (
      <>
        <ListError error={error} stale={stale} onRetry={() => void refetch?.()} />
        {stale && <RaDatagrid {...props}>{children}</RaDatagrid>}
      </>
    );
  }
  return <RaDatagrid {...props}>{children}</RaDatagrid>;
}
