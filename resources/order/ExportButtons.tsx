/**
 * "Export Excel" / "Export PDF" on the order list: the server generates the file for the list's
 * current filter and sort (`GET /sp/order/export/{excel|pdf}`). The row count is asked first
 * (`GET /sp/order/export/count`), so an export above the limit is refused (710 Excel, 704 PDF)
 * before it starts; while the file is prepared a dialog shows a spinner and the row count.
 */
import { useState } from 'react';
import { useListContext, useLocaleState, useNotify, useTranslate } from 'react-admin';
import { Box, Button, CircularProgress, Dialog, DialogContent, Typography } from '@mui/material';
import GridOnIcon from '@mui/icons-material/GridOn';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import { catalogueMessage } from '../../domain/errors';
import type { QueryValue } from '../../dataProvider';
import { useSpFetch } from '../../src/hooks/useApi';
import { downloadFile } from '../../src/utils/download';

type Kind = 'excel' | 'pdf';

interface CountAnswer {
  total: number;
  max: number;
  pdfMax: number;
}

/** The list's filter and sort as the export query. */
function exportQuery(filterValues: Record<string, unknown>, sort: { field: string; order: string } | undefined): Record<string, QueryValue> {
  const q: Record<string, QueryValue> = {};
  for (const [k, v] of Object.entries(filterValues)) {
    if (Array.isArray(v)) q[k] = v as (string | number)[];
    else if (v instanceof Date) q[k] = v.toISOString();
    else if (v === null || typeof v !== 'object') q[k] = v as QueryValue;
  }
  if (sort?.field) {
    q.sort = sort.field;
    q.order = sort.order?.toUpperCase() === 'DESC' ? 'desc' : 'asc';
  }
  return q;
}

export function ExportButtons() {
  const translate = useTranslate();
  const notify = useNotify();
  const [locale] = useLocaleState();
  const fetchData = useSpFetch();
  const { filterValues, sort } = useListContext();
  const [busy, setBusy] = useState<{ kind: Kind; total: number | null } | null>(null);

  const run = async (kind: Kind) => {
    const query = exportQuery(filterValues, sort);
    setBusy({ kind, total: null });
    try {
      const c = await fetchData<CountAnswer>('order/export/count', query);
      const lang = locale === 'zh' ? 'zh' : 'en';
      if (kind === 'excel' && c.total > c.max) {
        notify(catalogueMessage(710, lang), { type: 'error' });
        return;
      }
      if (kind === 'pdf' && c.total > c.pdfMax) {
        notify(`${catalogueMessage(704, lang)} (${c.pdfMax})`, { type: 'error' });
        return;
      }
      if (c.total === 0) {
        notify('app.order_export.nothing', { type: 'info' });
        return;
      }
      setBusy({ kind, total: c.total });
      await downloadFile(`order/export/${kind}`, query, kind === 'excel' ? 'orders.xlsx' : 'orders.pdf');
      notify('app.order_export.downloaded', { type: 'success' });
    } catch (e) {
      notify((e as Error)?.message || 'app.error.load_failed', { type: 'error' });
    } finally {
      setBusy(null);
    }
  };

  return (
    <>
      <Button size="small" startIcon={<GridOnIcon />} onClick={() => void run('excel')} disabled={!!busy} data-testid="order-export-excel">
        {translate('app.order_export.export_excel')}
      </Button>
      <Button size="small" startIcon={<PictureAsPdfIcon />} onClick={() => void run('pdf')} disabled={!!busy} data-testid="order-export-pdf">
        {translate('app.order_export.export_pdf')}
      </Button>
      <Dialog open={!!busy} data-testid="order-export-progress">
        <DialogContent>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, minWidth: 280 }}>
            <CircularProgress size={28} />
            <Box>
              <Typography variant="subtitle1">{translate('app.order_export.preparing')}</Typography>
              <Typography variant="body2" color="text.secondary" data-testid="order-export-progress-rows">
                {busy?.total == null
                  ? translate('app.order_export.counting')
                  : translate('app.order_export.preparing_rows', { count: busy.total.toLocaleString(locale === 'zh' ? 'zh-CN' : 'en') })}
              </Typography>
            </Box>
          </Box>
        </DialogContent>
      </Dialog>
    </>
  );
}

export default ExportButtons;
