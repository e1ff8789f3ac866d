import { Children, cloneElement, isValidElement } from 'react';
import { alpha, type Theme } from '@mui/material/styles';
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

/** What a cell of the sticky Edit column is: the Edit button's cell, or the last header cell. */
const EDIT_CELL = '.RaDatagrid-rowCell:has(.RaEditButton-root)';
const EDIT_HEADER = 'table:has(.RaEditButton-root) .RaDatagrid-headerCell:last-of-type';

/**
 * A row's Edit button stays at the end of the visible table, over the columns that scroll under it:
 * a wide list (instruments, plan products, coin networks in German) pushed it past 1280 px. Its
 * header cell sticks there too, over the headers that scroll under it. Both are opaque: the header
 * cell as react-admin paints its header row, the row cells in the card's paint (in the dark theme a
 * card is lighter than background.paper by its elevation's overlay, which MUI hands its children as
 * --Paper-overlay), a row's hover and selection shown on its Edit cell as on the rest of the row.
 * A line and a soft shadow on the side the columns pass under (flipped right to left).
 */
const stickyEdit = (theme: Theme) => {
  const shadow = alpha(theme.palette.common.black, theme.palette.mode === 'dark' ? 0.7 : 0.2);
  const sticky = {
    position: 'sticky',
    insetInlineEnd: 0,
    backgroundColor: theme.palette.background.paper,
    boxShadow: `inset 1px 0 0 ${theme.palette.divider}, -8px 0 8px -8px ${shadow}`,
  } as const;
  const cardPaint = (state?: string) =>
    state ? `linear-gradient(${state}, ${state}), var(--Paper-overlay, none)` : 'var(--Paper-overlay, none)';
  const selected = alpha(theme.palette.primary.main, theme.palette.action.selectedOpacity);
  return {
    [`& ${EDIT_CELL}`]: { ...sticky, backgroundImage: cardPaint(), zIndex: 1 },
    // Above the row cells and react-admin's header cells (sticky to the top, z-index 2).
    [`& ${EDIT_HEADER}`]: { ...sticky, zIndex: 3 },
    [`& .MuiTableRow-hover:hover > ${EDIT_CELL}`]: { backgroundImage: cardPaint(theme.palette.action.hover) },
    [`& .Mui-selected > ${EDIT_CELL}`]: { backgroundImage: cardPaint(selected) },
  };
};

/**
 * react-admin's Datagrid, for every list and table of the console:
 * - its column headers sort only on the fields the API sorts the list on (sortable.ts): a header
 *   on another field would send a sort the API refuses, and the list, which remembers its sort,
 *   would stay failed;
 * - records that could not be loaded are said so (ListError, with Retry), not shown as an empty
 *   list: "No Deposits found" or a customer's loans "None" when the request failed;
 * - a row's Edit button stays on the screen when the columns are wider than it (stickyEdit);
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
    return sortsOn(resource, sortBy ?? source) ? child : cloneElement(child, { sortable: false });
  });
  const grid = (
    <RaDatagrid
      sx={[
        {
          '& .RaDatagrid-rowCell': CELL_TEXT,
        },
        stickyEdit,
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
