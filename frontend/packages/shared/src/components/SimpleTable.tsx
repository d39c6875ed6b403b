// A small table of rows already loaded (a detail page's guests, nights, log): no paging.
import type { ReactNode } from 'react';
import { Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import { FormattedMessage } from 'react-intl';

export interface SimpleColumn<T> {
  key: string;
  /** Message id of the header. */
  title: string;
  render: (row: T) => ReactNode;
}

export function SimpleTable<T>({ columns, rows, testId }: { columns: SimpleColumn<T>[]; rows: T[]; testId?: string }) {
  return (
    <Table size="small" data-testid={testId}>
      <TableHead>
        <TableRow>
          {columns.map((c) => (
            <TableCell key={c.key} sx={{ fontWeight: 600 }}>
              <FormattedMessage id={c.title} />
            </TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.length === 0 && (
          <TableRow>
            <TableCell colSpan={columns.length} align="center">
              <FormattedMessage id="table.empty" />
            </TableCell>
          </TableRow>
        )}
        {rows.map((row, i) => (
          <TableRow key={i}>
            {columns.map((c) => (
              <TableCell key={c.key}>{c.render(row)}</TableCell>
            ))}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
