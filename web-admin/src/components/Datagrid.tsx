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

/** A text's direction from its content (a figure left to right), the alignment kept. */
export const CELL_TEXT = { unicodeBidi: 'plaintext' } as const;

/**
 * A row's Edit button stays at the end of the visible table, over the columns that scroll under it:
 * a wide list (instruments, plan products, coin networks in German) pushed it past 1280 px.
 */
const STICKY_EDIT = {
  position: 'sticky',
  insetInlineEnd: 0,
  bgcolor: 'background.paper',
  zIndex: 1,
} as const;

/**
 * react-admin's Datagrid, for every list and table of the console:
 * - its column headers sort only on the fields the API sorts the list on (sortable.ts): a header
 *   on another field would send a sort the API refuses, and the list, which remembers its sort,
 *   would stay failed;
 * - records that could not be loaded are said so (ListError, with Retry), not shown as an empty
 *   list: "No Deposits found" or a customer's loans "None" when the request failed;
 * - a row's Edit button stays on the screen when the columns are wider than it (STICKY_EDIT);
 * - a cell's text takes its direction from its content, in Arabic too: "-400000" and "+12.5 USDT"
 *   keep their sign in front (right to left, it moved behind: "400000-"), Arabic words read
 *   right to left, and the cell keeps the column's alignment.
 */
export function Datagrid({ sx, ...props }: DatagridProps) {
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
  const grid = (
    <RaDatagrid
      sx={[
        {
          '& .RaDatagrid-rowCell': CELL_TEXT,
          '& .RaDatagrid-rowCell:has(.RaEditButton-root)': STICKY_EDIT,
          '& table:has(.RaEditButton-root) .RaDatagrid-headerCell:last-of-type': {
            ...STICKY_EDIT,
            zIndex: 3,
          },
        },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
      {...props}
    >
      {children}
    </RaDatagrid>
  );
  if (error) {
    // The rows of an earlier load stay (a live queue's poll that failed once keeps its rows).
    const stale = !!data && data.length > 0;
    return (
      <>
        <ListError error={error} stale={stale} onRetry={() => void refetch?.()} />
        {stale && grid}
      </>
    );
  }
  return grid;
}
