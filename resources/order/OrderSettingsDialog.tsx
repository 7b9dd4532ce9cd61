/**
 * "Settings" on the order list: a dialog editing the company's order export settings
 * (`GET/PUT /sp/order-export-setting`): operator company name (≤ 500), address (≤ 1000), logo
 * (JPEG/PNG ≤ 200 KB, sent as a data URL, previewed), service and electricity fee titles (≤ 50)
 * and notes. A company that has none yet (813) starts from an empty form. The settings are
 * company-wide: accounts that are not the operator's administrators see them read-only (R6.8).
 */
import { useEffect, useState, type ChangeEvent } from 'react';
import { useListContext, useNotify, useTranslate } from 'react-admin';
import { Alert, Box, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, MenuItem, Stack, TextField, Typography } from '@mui/material';
import SettingsIcon from '@mui/icons-material/Settings';
import { useSpCall, useSpFetch } from '../../src/hooks/useApi';
import { useCompanies } from '../../src/hooks/useCompanies';
import { useMayEditCompanySettings } from '../../src/hooks/useCompanySettingsAccess';

interface SettingForm {
  operatorCompanyName: string;
  address: string;
  logo: string;
  serviceFeeTitle: string;
  electricityFeeTitle: string;
  notes: string;
}

const EMPTY: SettingForm = { operatorCompanyName: '', address: '', logo: '', serviceFeeTitle: '', electricityFeeTitle: '', notes: '' };
const MAX: Record<keyof SettingForm, number> = {
  operatorCompanyName: 500,
  address: 1000,
  logo: Infinity,
  serviceFeeTitle: 50,
  electricityFeeTitle: 50,
  notes: 2000,
};
const REQUIRED: (keyof SettingForm)[] = ['operatorCompanyName', 'address', 'logo', 'serviceFeeTitle', 'electricityFeeTitle'];
export const LOGO_MAX_BYTES = 200 * 1024;

/** Translation key of the first problem of `form[field]`, or null. */
export function settingError(form: SettingForm, field: keyof SettingForm): { key: string; max?: number } | null {
  const v = form[field].trim();
  if (REQUIRED.includes(field) && !v) return { key: 'app.order_export.required' };
  if (form[field].length > MAX[field]) return { key: 'app.order_export.too_long', max: MAX[field] };
  return null;
}

/** The MIME type of a file's first bytes: PNG or JPEG, else null. */
export function logoTypeOf(bytes: Uint8Array): 'image/png' | 'image/jpeg' | null {
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length >= 8 && png.every((b, i) => bytes[i] === b)) return 'image/png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  return null;
}

function SettingsForm({ onClose, onSaved, initialCompany }: { onClose: () => void; onSaved?: () => void; initialCompany?: string }) {
  const translate = useTranslate();
  const notify = useNotify();
  const call = useSpCall();
  const fetchData = useSpFetch();
  const options = useCompanies();
  const readOnly = !useMayEditCompanySettings();
  const [companyCode, setCompanyCode] = useState<string>(initialCompany ?? '');
  const [form, setForm] = useState<SettingForm>(EMPTY);
  const [loading, setLoading] = useState(false);
  const [missing, setMissing] = useState(false);
  const [saving, setSaving] = useState(false);
  const [touched, setTouched] = useState(false);
  const [logoError, setLogoError] = useState<string | null>(null);

  useEffect(() => {
    if (!companyCode && options.length) setCompanyCode(options[0].companyCode);
  }, [companyCode, options]);

  useEffect(() => {
    if (!companyCode) return;
    let live = true;
    setLoading(true);
    setMissing(false);
    fetchData<SettingForm & { notes: string | null }>('order-export-setting', { companyCode })
      .then((d) => {
        if (live) setForm({ ...EMPTY, ...d, notes: d.notes ?? '' });
      })
      .catch((e: { body?: { code?: number }; message?: string }) => {
        if (!live) return;
        setForm(EMPTY);
        if (e?.body?.code === 813) setMissing(true);
        else notify(e?.message || 'app.error.load_failed', { type: 'error' });
      })
      .finally(() => {
        if (live) setLoading(false);
      });
    return () => {
      live = false;
    };
  }, [companyCode, fetchData, notify]);

  const set = (field: keyof SettingForm) => (e: ChangeEvent<HTMLInputElement>) => setForm((f) => ({ ...f, [field]: e.target.value }));

  const pickLogo = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    const bytes = new Uint8Array(await file.arrayBuffer());
    const type = logoTypeOf(bytes);
    if (!type) {
      setLogoError('app.order_export.logo_type');
      return;
    }
    if (bytes.length > LOGO_MAX_BYTES) {
      setLogoError('app.order_export.logo_size');
      return;
    }
    setLogoError(null);
    const url = await new Promise<string>((resolve, reject) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result).replace(/^data:[^;]*;/, `data:${type};`));
      reader.onerror = () => reject(reader.error);
      reader.readAsDataURL(file);
    });
    setForm((f) => ({ ...f, logo: url }));
  };

  const fields: (keyof SettingForm)[] = ['operatorCompanyName', 'address', 'logo', 'serviceFeeTitle', 'electricityFeeTitle', 'notes'];
  const invalid = fields.some((f) => settingError(form, f));
  const help = (field: keyof SettingForm) => {
    const err = touched ? settingError(form, field) : null;
    return err ? translate(err.key, { max: err.max }) : undefined;
  };

  const save = async () => {
    setTouched(true);
    if (invalid) return;
    setSaving(true);
    try {
      await call('PUT', 'order-export-setting', { ...form, companyCode: companyCode || undefined, notes: form.notes || null });
      notify('app.order_export.settings_saved', { type: 'success' });
      onSaved?.();
      onClose();
    } catch (e) {
      notify((e as Error)?.message || 'app.error.load_failed', { type: 'error' });
    } finally {
      setSaving(false);
    }
  };

  const field = (name: keyof SettingForm, extra: { multiline?: boolean; required?: boolean } = {}) => (
    <TextField
      label={translate(`resources.order-export-setting.fields.${name}`)}
      value={form[name]}
      onChange={set(name)}
      required={extra.required ?? true}
      multiline={extra.multiline}
      minRows={extra.multiline ? 2 : undefined}
      error={!!help(name)}
      helperText={help(name)}
      size="small"
      fullWidth
      disabled={readOnly}
      slotProps={{ htmlInput: { 'data-testid': `order-setting-${name}`, readOnly } }}
    />
  );

  return (
    <>
      <DialogTitle>{translate('app.order_export.settings_title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Typography variant="body2" color="text.secondary">
            {translate('app.order_export.settings_hint')}
          </Typography>
          {options.length > 1 && (
            <TextField
              select
              size="small"
              label={translate('resources.order-export-setting.fields.companyCode')}
              value={companyCode}
              onChange={(e) => setCompanyCode(e.target.value)}
              slotProps={{ htmlInput: { 'data-testid': 'order-setting-company' } }}
            >
              {options.map((c) => (
                <MenuItem key={c.companyCode} value={c.companyCode}>
                  {c.companyName}
                </MenuItem>
              ))}
            </TextField>
          )}
          {readOnly && (
            <Alert severity="info" data-testid="order-setting-read-only">
              {translate('app.order_export.settings_read_only')}
            </Alert>
          )}
          {missing && (
            <Alert severity="info" data-testid="order-setting-missing">
              {translate('app.order_export.settings_missing')}
            </Alert>
          )}
          {loading ? (
            <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
              <CircularProgress size={28} />
            </Box>
          ) : (
            <>
              {field('operatorCompanyName')}
              {field('address', { multiline: true })}
              <Box>
                <Typography variant="body2" color={touched && !form.logo ? 'error' : 'text.secondary'} gutterBottom>
                  {translate('resources.order-export-setting.fields.logo')} * · {translate('app.order_export.logo_hint')}
                </Typography>
                <Stack direction="row" spacing={2} alignItems="center">
                  <Box
                    sx={{
                      width: 160,
                      height: 72,
                      border: '1px dashed',
                      borderColor: 'divider',
                      borderRadius: 1,
                      display: 'flex',
                      alignItems: 'center',
                      justifyContent: 'center',
                      bgcolor: 'grey.50',
                    }}
                  >
                    {form.logo ? (
                      <img
                        src={form.logo}
                        alt={translate('app.order_export.logo_preview')}
                        style={{ maxWidth: 150, maxHeight: 64 }}
                        data-testid="order-setting-logo-preview"
                      />
                    ) : (
                      <Typography variant="caption" color="text.secondary">
                        —
                      </Typography>
                    )}
                  </Box>
                  <Button component="label" variant="outlined" size="small" disabled={readOnly}>
                    {translate('app.order_export.logo_pick')}
                    <input hidden type="file" accept="image/png,image/jpeg" onChange={(e) => void pickLogo(e)} data-testid="order-setting-logo" />
                  </Button>
                </Stack>
                {logoError && (
                  <Typography variant="caption" color="error" data-testid="order-setting-logo-error">
                    {translate(logoError)}
                  </Typography>
                )}
              </Box>
              {field('electricityFeeTitle')}
              {field('serviceFeeTitle')}
              {field('notes', { multiline: true, required: false })}
            </>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate(readOnly ? 'ra.action.close' : 'ra.action.cancel')}</Button>
        {!readOnly && (
          <Button variant="contained" onClick={() => void save()} disabled={saving || loading} data-testid="order-setting-save">
            {translate('ra.action.save')}
          </Button>
        )}
      </DialogActions>
    </>
  );
}

/**
 * The settings dialog itself, for `companyCode` (an administrator may switch company inside);
 * `onSaved` runs after a successful save (e.g. to retry what needed the settings).
 */
export function OrderSettingsDialog({
  open,
  onClose,
  onSaved,
  companyCode,
}: {
  open: boolean;
  onClose: () => void;
  onSaved?: () => void;
  companyCode?: string;
}) {
  return (
    <Dialog open={open} onClose={onClose} maxWidth="sm" fullWidth data-testid="order-settings-dialog">
      {open && <SettingsForm onClose={onClose} onSaved={onSaved} initialCompany={companyCode} />}
    </Dialog>
  );
}

/** "Settings" on the order list: opens the dialog for the list's company filter. */
export function OrderSettingsButton() {
  const translate = useTranslate();
  const { filterValues } = useListContext();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="small" startIcon={<SettingsIcon />} onClick={() => setOpen(true)} data-testid="order-export-settings">
        {translate('app.order_export.settings')}
      </Button>
      <OrderSettingsDialog open={open} onClose={() => setOpen(false)} companyCode={filterValues.companyCode as string | undefined} />
    </>
  );
}

export default OrderSettingsButton;
