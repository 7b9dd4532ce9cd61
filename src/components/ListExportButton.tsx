/**
 * The export button of a list (docs/exports.md): downloads `GET /sp/<resource>/export` with the
 * list's current filters and sort; the server writes the sheet in the user's language and time
 * zone (the request's headers, src/utils/download.ts) from the labels the list shows, and answers
 * 704 / 710 above its row cap, shown as a notification. Disabled while the list is empty.
 */
import { useState } from 'react';
import { Button, useListContext, useNotify, useTranslate } from 'react-admin';
import { CircularProgress } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import { downloadFile } from '../utils/download';
import type { QueryValue } from '../../dataProvider/httpClient';

/**
 * @param resource the list's API path (`card-user` → `/sp/card-user/export`).
 * @param label translation key of the button (react-admin's "Export" by default).
 * @param testId `data-testid` of the button (`<resource>-export` by default).
 */
export function ListExportButton({ resource, label = 'ra.action.export', testId }: { resource: string; label?: string; testId?: string }) {
  const translate = useTranslate();
  const notify = useNotify();
  const { filterValues, sort, total } = useListContext();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      await downloadFile(`${resource}/export`, { ...(filterValues as Record<string, QueryValue>), sort: sort.field, order: sort.order }, `${resource}.xlsx`);
    } catch (e) {
      notify((e as Error)?.message || 'app.error.load_failed', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button label={translate(label)} onClick={() => void run()} disabled={busy || !total} data-testid={testId ?? `${resource}-export`}>
      {busy ? <CircularProgress size={14} /> : <DownloadIcon />}
    </Button>
  );
}
