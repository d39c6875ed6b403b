// The list table of every page: server paging (`page`, `resultNum`), the envelope's `sizeAll`,
// a loading state, and an empty row. Cells keep half MUI's side padding, so the widest lists (a
// dozen columns and an actions column) fit a 1440 px screen beside the sidebar.
import { useEffect, useState, type ReactNode } from 'react';
import {
  Box,
  LinearProgress,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  Paper,
} from '@mui/material';
import { FormattedMessage, useIntl } from 'react-intl';
import type { Page } from '../api';

export interface Column<T> {
  key: string;
  /** Message id of the header. */
  title: string;
  render?: (row: T) => ReactNode;
  width?: number;
}

export interface DataTableProps<T> {
  columns: Column<T>[];
  /** Loads a page (1-based) of `size` rows. */
  load: (page: number, size: number) => Promise<Page<T>>;
  /** Changing it reloads from the first page (the filters). */
  reloadKey?: unknown;
  rowKey: (row: T) => string | number;
  testId?: string;
  /** Message id of what an empty table says ("No data" by default). */
  empty?: string;
}

export function DataTable<T>({ columns, load, reloadKey, rowKey, testId, empty = 'table.empty' }: DataTableProps<T>) {
  const intl = useIntl();
  // What is asked: new filters (reloadKey) start again from the first page, in the same render,
  // so an answer for the old page with the new filters is never asked for.
  const [query, setQuery] = useState({ page: 0, size: 20, key: reloadKey });
  if (query.key !== reloadKey) setQuery({ page: 0, size: query.size, key: reloadKey });
  const [result, setResult] = useState<{ rows: T[]; total: number; for: typeof query | null }>({ rows: [], total: 0, for: null });

  useEffect(() => {
    let live = true;
    load(query.page + 1, query.size).then(
      (res) => live && setResult({ rows: res?.results ?? [], total: res?.sizeAll ?? 0, for: query }),
      // The API client has told the user.
      () => live && setResult({ rows: [], total: 0, for: query }),
    );
    return () => {
      live = false;
    };
  }, [load, query]);

  const loading = result.for !== query;
  const { rows, total } = result;
  const page = query.page;
  const size = query.size;

  return (
    <Paper variant="outlined" data-testid={testId}>
      <Box sx={{ height: 4 }}>{loading && <LinearProgress />}</Box>
      <TableContainer>
        <Table size="small" sx={{ '& .MuiTableCell-root': { px: 1 } }}>
          <TableHead>
            <TableRow>
              {columns.map((c) => (
                <TableCell key={c.key} sx={{ width: c.width, fontWeight: 600 }}>
                  <FormattedMessage id={c.title} />
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.length === 0 && !loading && (
              <TableRow>
                <TableCell colSpan={columns.length} align="center" data-testid={testId ? `${testId}-empty` : undefined}>
                  <FormattedMessage id={empty} />
                </TableCell>
              </TableRow>
            )}
            {rows.map((row) => (
              <TableRow key={rowKey(row)} hover>
                {columns.map((c) => (
                  <TableCell key={c.key}>
                    {c.render ? c.render(row) : String((row as Record<string, unknown>)[c.key] ?? '--')}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <TablePagination
        component="div"
        count={total}
        page={page}
        rowsPerPage={size}
        rowsPerPageOptions={[10, 20, 50, 100]}
        labelRowsPerPage={intl.formatMessage({ id: 'table.rowsPerPage' })}
        labelDisplayedRows={({ from, to, count }) => intl.formatMessage({ id: 'table.range' }, { from, to, count })}
        onPageChange={(_, p) => setQuery({ ...query, page: p })}
        onRowsPerPageChange={(e) => setQuery({ ...query, page: 0, size: Number(e.target.value) })}
      />
    </Paper>
  );
}
