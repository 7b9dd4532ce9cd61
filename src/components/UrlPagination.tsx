/**
 * Paging of a hand-built table whose page and size live in the address (`page` 1-based, `size`
 * rows): react-admin's labels, 10/20/50/100 rows. `go` writes the changed query parameters.
 */
import { TablePagination } from '@mui/material';
import { useTranslate } from 'react-admin';

export function UrlPagination({ count, page, size, go }: { count: number; page: number; size: number; go: (q: Record<string, string>) => void }) {
  const translate = useTranslate();
  return (
    <TablePagination
      component="div"
      count={count}
      page={page - 1}
      rowsPerPage={size}
      rowsPerPageOptions={[10, 20, 50, 100]}
      onPageChange={(_e, p) => go({ page: String(p + 1) })}
      onRowsPerPageChange={(e) => go({ size: e.target.value, page: '1' })}
      labelRowsPerPage={translate('ra.navigation.page_rows_per_page')}
      labelDisplayedRows={({ from, to, count: total }) => translate('ra.navigation.page_range_info', { offsetBegin: from, offsetEnd: to, total })}
    />
  );
}
