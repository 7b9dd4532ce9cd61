/**
 * A paged table of a nested list read with `useGetList(path)` (newest first by `sortField`,
 * 20 rows a page, no retry), with its own page state: the error with a retry, skeleton rows while
 * loading, the empty message, the header (labels `<labelPrefix>.<column>`; `right` columns
 * right-aligned) and the page controls. `filter` narrows the list; `refreshMs` re-reads it while
 * it answers a delay for the rows shown (live lists). Used by an app user's orders, a holder's
 * balance records and a charger's diagnostics requests.
 */
import { useState, type ReactNode } from 'react';
import { useGetList, useTranslate, type RaRecord } from 'react-admin';
import { Box, Skeleton, Table, TableBody, TableCell, TableContainer, TableHead, TablePagination, TableRow } from '@mui/material';
import { EmptyState, ErrorState } from './common';
import { ROWS_PER_PAGE } from './filterInputs';

export interface PagedTableProps<T extends RaRecord> {
  /** The list's API path (`app-user/7/orders`). */
  path: string;
  /** Sorted on, descending. */
  sortField: string;
  columns: readonly string[];
  /** i18n prefix of the column labels (`resources.order.fields`). */
  labelPrefix: string;
  right?: readonly string[];
  testId: string;
  emptyMessage: string;
  /** Skeleton rows while loading. */
  skeletons?: number;
  /** List filters sent with the page (`{ chargerId: 7 }`). */
  filter?: Record<string, unknown>;
  /** Re-read every so many ms while this answers a number for the rows shown (false: stop). */
  refreshMs?: (rows: T[]) => number | false;
  /** The table rows of one page. */
  children: (rows: T[]) => ReactNode;
}

export function PagedTable<T extends RaRecord>({
  path,
  sortField,
  columns,
  labelPrefix,
  right = [],
  testId,
  emptyMessage,
  skeletons = 2,
  filter,
  refreshMs,
  children,
}: PagedTableProps<T>) {
  const translate = useTranslate();
  const [page, setPage] = useState(0);
  const [perPage, setPerPage] = useState(20);
  const { data, total, isPending, error, refetch } = useGetList<T>(
    path,
    { pagination: { page: page + 1, perPage }, sort: { field: sortField, order: 'DESC' }, filter },
    { retry: false, refetchInterval: refreshMs ? (q) => refreshMs(q.state.data?.data ?? []) : false },
  );
  if (error) return <ErrorState error={error as Error} onRetry={() => void refetch()} />;
  if (isPending)
    return (
      <Box sx={{ p: 2 }}>
        {Array.from({ length: skeletons }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: loading placeholders, all alike
          <Skeleton key={i} height={32} />
        ))}
      </Box>
    );
  if (!data?.length) return <EmptyState message={emptyMessage} />;
  return (
    <>
      <TableContainer sx={{ overflowX: 'auto' }}>
        <Table size="small" data-testid={testId}>
          <TableHead>
            <TableRow>
              {columns.map((k) => (
                <TableCell key={k} align={right.includes(k) ? 'right' : 'left'} sx={{ whiteSpace: 'nowrap' }}>
                  {translate(`${labelPrefix}.${k}`)}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>{children(data)}</TableBody>
        </Table>
      </TableContainer>
      <TablePagination
        component="div"
        count={total ?? 0}
        page={page}
        rowsPerPage={perPage}
        rowsPerPageOptions={ROWS_PER_PAGE}
        onPageChange={(_e, p) => setPage(p)}
        onRowsPerPageChange={(e) => {
          setPerPage(Number(e.target.value));
          setPage(0);
        }}
        labelRowsPerPage={translate('ra.navigation.page_rows_per_page')}
        labelDisplayedRows={({ from, to, count }) => translate('ra.navigation.page_range_info', { offsetBegin: from, offsetEnd: to, total: count })}
      />
    </>
  );
}
