import { Children, cloneElement, isValidElement, type ReactElement } from 'react';
import { Datagrid as RaDatagrid, useResourceContext, type DatagridProps } from 'react-admin';
import { sortsOn } from '../sortable';

type ColumnProps = { source?: string; sortBy?: string; sortable?: boolean };

/**
 * react-admin's Datagrid whose column headers sort only on the fields the API sorts the list on
 * (sortable.ts): a header on another field would send a sort the API refuses, and the list, which
 * remembers its sort, would stay failed.
 */
export function Datagrid(props: DatagridProps) {
  const resource = useResourceContext(props);
  const children = Children.map(props.children, (child) => {
    if (!isValidElement<ColumnProps>(child)) return child;
    const { source, sortBy, sortable } = child.props;
    if (sortable === false || (source === undefined && sortBy === undefined)) return child;
    return sortsOn(resource, sortBy ?? source)
      ? child
      : cloneElement(child as ReactElement<ColumnProps>, { sortable: false });
  });
  return <RaDatagrid {...props}>{children}</RaDatagrid>;
}
