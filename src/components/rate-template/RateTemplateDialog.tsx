/**
 * The rate-template editor in a dialog, opened from the station form's pricing section (requirements §3
 * "Station", §5 "Pricing": on the station screen a template has 1 to 4 tax rows). `mode`:
 * - `create`: a new template of the station's company (fixed) and, by default, of the station's
 *   pricing-model type, activated;
 * - `edit`: the stored template `id`, loaded here (loading and error states with retry); a free
 *   template opens read-only (811) with a note.
 * Problems are checked, and the save sent, in the `station` context (`?context=station`).
 * `onSaved` receives the stored record; the dialog closes itself after a save.
 */
import { useRef } from 'react';
import { useGetOne, useLocaleState, useTranslate } from 'react-admin';
import { Box, CircularProgress, Dialog, DialogContent, DialogTitle, IconButton, Typography } from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import { MAX_TAXES_STATION, type RateTemplateType } from '../../../domain/rate-template';
import { ErrorState } from '../common';
import { emptyState, serverErrorText, stateOf } from './editorModel';
import type { RateTemplateRecord } from '../../../domain/entities/rate-template';
import { RateTemplateForm } from './RateTemplateForm';

/** What the dialog edits: a new template for a station, or a stored one. */
export type RateTemplateDialogMode = { kind: 'create'; companyCode: string; type: RateTemplateType } | { kind: 'edit'; id: number };

export interface RateTemplateDialogProps {
  /** null: closed. */
  mode: RateTemplateDialogMode | null;
  onClose: () => void;
  /** After a save, with the stored record (the dialog then closes). */
  onSaved: (record: RateTemplateRecord) => void;
}

/** The station-context note under the title (the tax limit of the station screen). */
function StationNote() {
  const translate = useTranslate();
  return (
    <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }} data-testid="rt-dialog-note">
      {translate('resources.rate-template.dialog.station_note', { max: MAX_TAXES_STATION })}
    </Typography>
  );
}

function EditBody({ id, onClose, onSaved }: { id: number; onClose: () => void; onSaved: (r: RateTemplateRecord) => void }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const { data, isPending, error, refetch } = useGetOne<RateTemplateRecord>('rate-template', { id }, { refetchOnWindowFocus: false, staleTime: 0 });
  if (isPending) {
    return (
      <Box sx={{ py: 6, display: 'flex', justifyContent: 'center' }} data-testid="rt-dialog-loading">
        <CircularProgress size={32} aria-label={translate('ra.page.loading')} />
      </Box>
    );
  }
  if (error || !data) {
    const shown = error ? new Error(serverErrorText(error, locale === 'zh' ? 'zh' : 'en').text) : null;
    return <ErrorState error={shown} onRetry={() => refetch()} />;
  }
  const free = data.type === 'FREE';
  return (
    <RateTemplateForm
      key={data.id}
      bare
      initial={stateOf(data)}
      id={data.id}
      readOnly={free}
      context="station"
      readOnlyNote={translate('resources.rate-template.dialog.free_note')}
      onSaved={onSaved}
      onCancel={onClose}
    />
  );
}

/** The editor dialog of the station form; see the module comment. */
export function RateTemplateDialog({ mode, onClose, onSaved }: RateTemplateDialogProps) {
  const translate = useTranslate();
  // While the dialog fades out (mode already null) it keeps showing what it showed.
  const last = useRef<RateTemplateDialogMode | null>(mode);
  if (mode) last.current = mode;
  const m = mode ?? last.current;
  const saved = (r: RateTemplateRecord) => {
    onSaved(r);
    onClose();
  };
  const title = m?.kind === 'edit' ? 'resources.rate-template.dialog.edit_title' : 'resources.rate-template.create_title';
  return (
    <Dialog open={mode !== null} onClose={onClose} maxWidth="md" fullWidth scroll="paper" data-testid="rt-dialog" aria-labelledby="rt-dialog-title">
      <DialogTitle id="rt-dialog-title" sx={{ pr: 6 }}>
        {translate(title)}
        <StationNote />
        <IconButton aria-label={translate('ra.action.close')} onClick={onClose} sx={{ position: 'absolute', right: 8, top: 8 }} data-testid="rt-dialog-close">
          <CloseIcon />
        </IconButton>
      </DialogTitle>
      <DialogContent dividers>
        {m?.kind === 'edit' && <EditBody id={m.id} onClose={onClose} onSaved={saved} />}
        {m?.kind === 'create' && (
          <RateTemplateForm
            bare
            lockCompany
            context="station"
            initial={{ ...emptyState(m.companyCode), type: m.type, activated: true }}
            onSaved={saved}
            onCancel={onClose}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}
