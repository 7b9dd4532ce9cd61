/**
 * The operator logo field: a preview and an upload button; the file is checked client-side
 * (JPG/PNG ≤ 200 KB → the 714 message) and sent to `POST /sp/company/logo`, whose `{ logo }` URL
 * becomes the form's `logo` value.
 */
import { useRef, useState } from 'react';
import { useInput, useLocaleState, useNotify, useTranslate } from 'react-admin';
import { Avatar, Button, CircularProgress, FormHelperText, Stack } from '@mui/material';
import UploadIcon from '@mui/icons-material/Upload';
import { catalogueMessage } from '../../domain/errors';
import { LOGO_LIMITS, checkImage, uploadImage } from '../../src/utils/uploadImage';

export function LogoInput() {
  const translate = useTranslate();
  const notify = useNotify();
  const [locale] = useLocaleState();
  const { field } = useInput<string | null>({ source: 'logo' });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const ref = useRef<HTMLInputElement>(null);
  const pick = async (file: File | undefined) => {
    if (!file) return;
    setError(undefined);
    if (!(await checkImage(file, LOGO_LIMITS))) {
      setError(catalogueMessage(714, locale === 'zh' ? 'zh' : 'en'));
      return;
    }
    setBusy(true);
    try {
      const { logo } = await uploadImage<{ logo: string }>('company/logo', file);
      field.onChange(logo);
      notify('resources.company.messages.logo_uploaded', { type: 'success' });
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
      if (ref.current) ref.current.value = '';
    }
  };
  return (
    <Stack spacing={0.5} sx={{ mb: 2 }}>
      <Stack direction="row" spacing={2} alignItems="center">
        <Avatar variant="rounded" src={field.value || undefined} sx={{ width: 64, height: 64 }} data-testid="operator-logo-preview" />
        <Button component="label" variant="outlined" size="small" startIcon={busy ? <CircularProgress size={14} /> : <UploadIcon />} disabled={busy}>
          {translate('resources.company.actions.upload_logo')}
          <input ref={ref} hidden type="file" accept="image/png,image/jpeg" data-testid="operator-logo-file" onChange={(e) => void pick(e.target.files?.[0])} />
        </Button>
        {field.value && (
          <Button size="small" onClick={() => field.onChange(null)}>
            {translate('resources.company.actions.remove_logo')}
          </Button>
        )}
      </Stack>
      <FormHelperText error={!!error} data-testid="operator-logo-error">
        {error ?? translate('resources.company.helpers.logo')}
      </FormHelperText>
    </Stack>
  );
}
