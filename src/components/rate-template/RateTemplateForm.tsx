/**
 * The rate-template editor form (requirements §3 "Pricing (rate) template", §5 "Pricing"), as
 * the rate-template pages (resources/rate-template) and the station form open it. Model name,
 * type (free / charged), description, currency, service fee per kWh (≤ 2 decimals), tax rows
 * (1..5, ≥ 0), service tax, activated; the time-of-use rows (start, end, electricity fee per
 * kWh) with add / split / remove (the row ending at 24:00 stays), and the 24-hour timeline.
 * What is wrong is said as the values change, with the catalogue's text (the rules of
 * domain/rate-template.ts, the server's own), and saving is held back until it is fixed. A free
 * template cannot be edited (811): it opens read-only.
 *
 * `RateTemplateForm` is also opened from the station form (RateTemplateDialog.tsx) in the
 * `station` context: at most 4 tax rows, checked and saved with `?context=station`.
 */
import { useEffect, useMemo, useState } from 'react';
import { useCreate, useLocaleState, useNotify, useTranslate, useUpdate } from 'react-admin';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Divider,
  FormControlLabel,
  IconButton,
  MenuItem,
  Radio,
  RadioGroup,
  Stack,
  Switch,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import CallSplitIcon from '@mui/icons-material/CallSplit';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import SaveIcon from '@mui/icons-material/Save';
import { CURRENCIES } from '../../../domain/enums';
import { catalogueMessage } from '../../../domain/errors';
import { MAX_RATE_ROWS, maxTaxes, RATE_TEMPLATE_TYPES, type RateRow, type RateTemplateContext, type TaxInput } from '../../../domain/rate-template';
import { useCompanies } from '../../hooks/useCompanies';
import { editorProblems, payloadOf, serverErrorText, type EditorState, type FieldProblem } from './editorModel';
import type { RateTemplateRecord } from '../../../domain/entities/rate-template';
import { RateTimeline } from './RateTimeline';
import { addRow, removeRow, sortRows, splitRow } from './timeline';

function SectionTitle({ children }: { children: React.ReactNode }) {
  return (
    <Typography variant="subtitle2" sx={{ mt: 3, mb: 1, color: 'text.secondary' }}>
      {children}
    </Typography>
  );
}

export interface RateTemplateFormProps {
  initial: EditorState;
  /** Set when editing a stored template. */
  id?: number;
  /** A free template (811): shown, not editable. */
  readOnly?: boolean;
  /** A line added under the read-only rule (811) note. */
  readOnlyNote?: React.ReactNode;
  /** Where it is edited: `template` (the page, 5 tax rows) or `station` (the station form, 4). */
  context?: RateTemplateContext;
  /** The company cannot be chosen (a template made from a station belongs to its company). */
  lockCompany?: boolean;
  /** Without its card (inside a dialog). */
  bare?: boolean;
  /** After a successful save, with the stored record the server answered. */
  onSaved: (record: RateTemplateRecord) => void;
  onCancel: () => void;
}

/**
 * The editor over `initial`. Saving creates (`POST`) or, with `id`, updates (`PUT`) the template
 * with `?context=<context>`, then hands the stored record to `onSaved`; a refusal is shown with
 * the catalogue message of its code in the user's language.
 */
export function RateTemplateForm({ initial, id, readOnly, readOnlyNote, context = 'template', lockCompany, bare, onSaved, onCancel }: RateTemplateFormProps) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const lang = locale === 'zh' ? 'zh' : 'en';
  const notify = useNotify();
  const companies = useCompanies();
  const taxMax = maxTaxes(context);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [s, setS] = useState<EditorState>(initial);
  const [selected, setSelected] = useState<number | null>(null);
  const [rowNote, setRowNote] = useState<string | null>(null);
  const [tried, setTried] = useState(false);
  const [create, { isPending: creating }] = useCreate();
  const [update, { isPending: updating }] = useUpdate();

  useEffect(() => {
    if (!s.companyCode && companies.length === 1) setS((p) => ({ ...p, companyCode: companies[0].companyCode }));
  }, [companies, s.companyCode]);

  const problems = useMemo(() => editorProblems(s, lang, context), [s, lang, context]);
  const msg = (p: FieldProblem) => (p.key ? translate(p.message, p.args) : p.message);
  const fieldError = (field: string) => problems.find((p) => p.field === field);
  const rowProblem = (i: number, part: keyof RateRow) => problems.find((p) => p.field === `details.${i}.${part}`);
  const taxProblem = (i: number, part: keyof TaxInput) => problems.find((p) => p.field === `taxes.${i}.${part}`);

  const set = <K extends keyof EditorState>(k: K, v: EditorState[K]) => setS((p) => ({ ...p, [k]: v }));
  const setRow = (i: number, part: keyof RateRow, v: string) => setS((p) => ({ ...p, details: p.details.map((d, j) => (j === i ? { ...d, [part]: v } : d)) }));
  const setTax = (i: number, part: keyof TaxInput, v: string) => setS((p) => ({ ...p, taxes: p.taxes.map((t, j) => (j === i ? { ...t, [part]: v } : t)) }));

  const removeAt = (i: number) => {
    const r = removeRow(s.details, i);
    if ('violation' in r) {
      setRowNote(catalogueMessage(r.violation.code, lang, r.violation.values));
      return;
    }
    setRowNote(null);
    setSelected(null);
    set('details', r.details);
  };

  const save = () => {
    setTried(true);
    if (problems.length) return;
    const data = payloadOf(s);
    const meta = { query: { context } };
    setSaveError(null);
    const options = {
      onSuccess: (record: unknown) => {
        notify(id ? 'resources.rate-template.notifications.updated' : 'resources.rate-template.notifications.created', { type: 'success' });
        onSaved(record as RateTemplateRecord);
      },
      onError: (e: unknown) => {
        const { text, key } = serverErrorText(e, lang);
        const shown = key ? translate(text, { _: text }) : text;
        setSaveError(shown);
        notify(shown, { type: 'error' });
      },
    };
    if (id) update('rate-template', { id, data, previousData: { id }, meta }, { ...options, mutationMode: 'pessimistic' });
    else create('rate-template', { data, meta }, options);
  };

  const charged = s.type === 'CHARGED';
  const disabled = Boolean(readOnly);
  const body = (
    <>
      {readOnly && (
        <Alert severity="info" sx={{ mb: 2 }} data-testid="rate-template-readonly">
          <span data-testid="rate-template-readonly-rule">{catalogueMessage(811, lang)}</span>
          {readOnlyNote && (
            <Box component="span" sx={{ display: 'block' }} data-testid="rate-template-readonly-note">
              {readOnlyNote}
            </Box>
          )}
        </Alert>
      )}
      <Stack direction="row" spacing={2} useFlexGap flexWrap="wrap">
        <TextField
          fullWidth={false}
          select
          label={translate('app.assets.company')}
          value={s.companyCode}
          onChange={(e) => set('companyCode', e.target.value)}
          disabled={disabled || Boolean(id) || Boolean(lockCompany)}
          sx={{ minWidth: 240 }}
          required
          error={tried && Boolean(fieldError('companyCode'))}
          helperText={tried && fieldError('companyCode') ? msg(fieldError('companyCode') as FieldProblem) : ' '}
          data-testid="rt-company"
        >
          {s.companyCode && !companies.some((c) => c.companyCode === s.companyCode) && <MenuItem value={s.companyCode}>{s.companyCode}</MenuItem>}
          {companies.map((c) => (
            <MenuItem key={c.companyCode} value={c.companyCode}>
              {c.companyName} ({c.companyCode})
            </MenuItem>
          ))}
        </TextField>
        <TextField
          fullWidth={false}
          label={translate('resources.rate-template.fields.modelName')}
          value={s.modelName}
          onChange={(e) => set('modelName', e.target.value)}
          disabled={disabled}
          required
          sx={{ minWidth: 280 }}
          error={tried && Boolean(fieldError('modelName'))}
          helperText={tried && fieldError('modelName') ? msg(fieldError('modelName') as FieldProblem) : ' '}
          slotProps={{ htmlInput: { 'data-testid': 'rt-model-name', maxLength: 100 } }}
        />
        <TextField
          fullWidth={false}
          select
          label={translate('resources.rate-template.fields.currency')}
          value={s.currency}
          onChange={(e) => set('currency', e.target.value)}
          disabled={disabled}
          sx={{ minWidth: 160 }}
          helperText=" "
          data-testid="rt-currency"
        >
          {CURRENCIES.map((c) => (
            <MenuItem key={c} value={c}>
              {translate(`resources.rate-template.values.currency.${c}`, { _: c })}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 3, flexWrap: 'wrap' }}>
        <RadioGroup row value={s.type} onChange={(e) => set('type', e.target.value as EditorState['type'])} data-testid="rt-type">
          {RATE_TEMPLATE_TYPES.map((t) => (
            <FormControlLabel
              key={t}
              value={t}
              disabled={disabled || Boolean(id)}
              control={<Radio size="small" />}
              label={translate(`resources.rate-template.values.type.${t}`)}
            />
          ))}
        </RadioGroup>
        <FormControlLabel
          control={
            <Switch
              checked={s.activated}
              onChange={(e) => set('activated', e.target.checked)}
              disabled={disabled}
              slotProps={{ input: { 'data-testid': 'rt-activated' } as React.InputHTMLAttributes<HTMLInputElement> }}
            />
          }
          label={translate('resources.rate-template.fields.activated')}
        />
      </Box>
      <TextField
        label={translate('resources.rate-template.fields.description')}
        value={s.description}
        onChange={(e) => set('description', e.target.value)}
        disabled={disabled}
        fullWidth
        multiline
        minRows={1}
        sx={{ mt: 1, maxWidth: 720 }}
        slotProps={{ htmlInput: { maxLength: 500 } }}
      />

      <SectionTitle>{translate('resources.rate-template.sections.fees')}</SectionTitle>
      <Stack direction="row" spacing={2} useFlexGap flexWrap="wrap">
        <TextField
          fullWidth={false}
          label={translate('resources.rate-template.fields.serviceFeePerKwh')}
          value={s.serviceFeePerKwh}
          onChange={(e) => set('serviceFeePerKwh', e.target.value)}
          disabled={disabled}
          sx={{ width: 200 }}
          error={Boolean(fieldError('serviceFeePerKwh'))}
          helperText={
            fieldError('serviceFeePerKwh')
              ? msg(fieldError('serviceFeePerKwh') as FieldProblem)
              : translate('resources.rate-template.helpers.per_kwh', { currency: s.currency })
          }
          slotProps={{ htmlInput: { inputMode: 'decimal', 'data-testid': 'rt-service-fee' } }}
        />
        <TextField
          fullWidth={false}
          label={translate('resources.rate-template.fields.serviceTax')}
          value={s.serviceTax}
          onChange={(e) => set('serviceTax', e.target.value)}
          disabled={disabled}
          sx={{ width: 200 }}
          error={Boolean(fieldError('serviceTax'))}
          helperText={fieldError('serviceTax') ? msg(fieldError('serviceTax') as FieldProblem) : '%'}
          slotProps={{ htmlInput: { inputMode: 'decimal', 'data-testid': 'rt-service-tax' } }}
        />
      </Stack>

      <SectionTitle>{translate('resources.rate-template.sections.taxes', { max: taxMax })}</SectionTitle>
      <Stack spacing={1} data-testid="rt-taxes">
        {s.taxes.map((t, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a tax row has no id of its own; its inputs are controlled by position
          <Stack key={i} direction="row" spacing={1} alignItems="flex-start" data-testid="rt-tax-row">
            <TextField
              fullWidth={false}
              size="small"
              label={translate('resources.rate-template.fields.taxName')}
              value={t.taxName}
              onChange={(e) => setTax(i, 'taxName', e.target.value)}
              disabled={disabled}
              error={Boolean(taxProblem(i, 'taxName'))}
              helperText={taxProblem(i, 'taxName') ? msg(taxProblem(i, 'taxName') as FieldProblem) : undefined}
              slotProps={{ htmlInput: { maxLength: 64, 'data-testid': `rt-tax-name-${i}` } }}
            />
            <TextField
              fullWidth={false}
              size="small"
              label={translate('resources.rate-template.fields.taxPercentage')}
              value={t.taxPercentage}
              onChange={(e) => setTax(i, 'taxPercentage', e.target.value)}
              disabled={disabled}
              sx={{ width: 160 }}
              error={Boolean(taxProblem(i, 'taxPercentage'))}
              helperText={taxProblem(i, 'taxPercentage') ? msg(taxProblem(i, 'taxPercentage') as FieldProblem) : undefined}
              slotProps={{ htmlInput: { inputMode: 'decimal', 'data-testid': `rt-tax-percentage-${i}` } }}
            />
            <Tooltip title={translate('resources.rate-template.actions.remove_tax')}>
              <span>
                <IconButton
                  onClick={() =>
                    set(
                      'taxes',
                      s.taxes.filter((_, j) => j !== i),
                    )
                  }
                  disabled={disabled || s.taxes.length <= 1}
                  data-testid={`rt-tax-remove-${i}`}
                >
                  <DeleteOutlineIcon fontSize="small" />
                </IconButton>
              </span>
            </Tooltip>
          </Stack>
        ))}
        <Box>
          <Button
            size="small"
            startIcon={<AddIcon />}
            disabled={disabled || s.taxes.length >= taxMax}
            onClick={() => set('taxes', [...s.taxes, { taxName: '', taxPercentage: '0' }])}
            data-testid="rt-tax-add"
          >
            {translate('resources.rate-template.actions.add_tax')}
          </Button>
        </Box>
      </Stack>

      {charged && (
        <>
          <SectionTitle>{translate('resources.rate-template.sections.time_of_use', { max: MAX_RATE_ROWS })}</SectionTitle>
          <RateTimeline details={s.details} currency={s.currency} selected={selected} onSelect={setSelected} />
          <Stack spacing={1} sx={{ mt: 2 }} data-testid="rt-rows">
            {s.details.map((d, i) => {
              const last = d.endTime.trim() === '24:00';
              return (
                <Stack
                  // biome-ignore lint/suspicious/noArrayIndexKey: a time window has no id of its own; its inputs are controlled by position
                  key={i}
                  direction="row"
                  spacing={1}
                  alignItems="flex-start"
                  data-testid="rt-row"
                  onFocus={() => setSelected(i)}
                  sx={{ p: 0.5, borderRadius: 1, bgcolor: selected === i ? 'action.selected' : 'transparent' }}
                >
                  <TextField
                    fullWidth={false}
                    size="small"
                    label={translate('resources.rate-template.fields.startTime')}
                    value={d.startTime}
                    onChange={(e) => setRow(i, 'startTime', e.target.value)}
                    disabled={disabled}
                    sx={{ width: 110 }}
                    placeholder="HH:mm"
                    error={Boolean(rowProblem(i, 'startTime'))}
                    slotProps={{ htmlInput: { maxLength: 5, 'data-testid': `rt-row-start-${i}` } }}
                  />
                  <TextField
                    fullWidth={false}
                    size="small"
                    label={translate('resources.rate-template.fields.endTime')}
                    value={d.endTime}
                    onChange={(e) => setRow(i, 'endTime', e.target.value)}
                    disabled={disabled}
                    sx={{ width: 110 }}
                    placeholder="HH:mm"
                    error={Boolean(rowProblem(i, 'endTime'))}
                    slotProps={{ htmlInput: { maxLength: 5, 'data-testid': `rt-row-end-${i}` } }}
                  />
                  <TextField
                    fullWidth={false}
                    size="small"
                    label={translate('resources.rate-template.fields.electricityFeePerKwh')}
                    value={d.electricityFeePerKwh}
                    onChange={(e) => setRow(i, 'electricityFeePerKwh', e.target.value)}
                    disabled={disabled}
                    sx={{ width: 200 }}
                    error={Boolean(rowProblem(i, 'electricityFeePerKwh'))}
                    helperText={rowProblem(i, 'electricityFeePerKwh') ? msg(rowProblem(i, 'electricityFeePerKwh') as FieldProblem) : undefined}
                    slotProps={{ htmlInput: { inputMode: 'decimal', 'data-testid': `rt-row-fee-${i}` } }}
                  />
                  <Tooltip title={translate('resources.rate-template.actions.split')}>
                    <span>
                      <IconButton
                        onClick={() => set('details', splitRow(s.details, i))}
                        disabled={disabled || s.details.length >= MAX_RATE_ROWS}
                        data-testid={`rt-row-split-${i}`}
                      >
                        <CallSplitIcon fontSize="small" />
                      </IconButton>
                    </span>
                  </Tooltip>
                  <Tooltip title={last ? catalogueMessage(812, lang) : translate('resources.rate-template.actions.remove_row')}>
                    <span>
                      <IconButton onClick={() => removeAt(i)} disabled={disabled || last} data-testid={`rt-row-remove-${i}`}>
                        <DeleteOutlineIcon fontSize="small" />
                      </IconButton>
                    </span>
                  </Tooltip>
                </Stack>
              );
            })}
            <Stack direction="row" spacing={1}>
              <Button
                size="small"
                startIcon={<AddIcon />}
                disabled={disabled || s.details.length >= MAX_RATE_ROWS}
                onClick={() => set('details', addRow(s.details))}
                data-testid="rt-row-add"
              >
                {translate('resources.rate-template.actions.add_row')}
              </Button>
              <Button size="small" disabled={disabled} onClick={() => set('details', sortRows(s.details))} data-testid="rt-row-sort">
                {translate('resources.rate-template.actions.sort_rows')}
              </Button>
            </Stack>
            {rowNote && (
              <Alert severity="warning" onClose={() => setRowNote(null)}>
                {rowNote}
              </Alert>
            )}
          </Stack>
        </>
      )}
      {!charged && (
        <Alert severity="info" sx={{ mt: 3 }}>
          {translate('resources.rate-template.helpers.free')}
        </Alert>
      )}

      <Divider sx={{ my: 3 }} />
      {!readOnly && (
        <Box data-testid="rt-problems">
          {problems.length === 0 ? (
            <Alert severity="success" data-testid="rt-ok">
              {translate('resources.rate-template.helpers.all_good')}
            </Alert>
          ) : (
            <Alert severity={tried ? 'error' : 'warning'} data-testid="rt-problem">
              <Box component="ul" sx={{ m: 0, pl: 2 }}>
                {[...new Set(problems.map(msg))].map((m) => (
                  <li key={m} data-testid="rt-problem-item">
                    {m}
                  </li>
                ))}
              </Box>
            </Alert>
          )}
        </Box>
      )}
      {saveError && (
        <Alert severity="error" sx={{ mt: 2 }} onClose={() => setSaveError(null)} data-testid="rt-save-error">
          {saveError}
        </Alert>
      )}
      <Stack direction="row" spacing={1} sx={{ mt: 2 }}>
        <Button variant="contained" startIcon={<SaveIcon />} onClick={save} disabled={disabled || creating || updating} data-testid="rt-save">
          {translate('ra.action.save')}
        </Button>
        <Button onClick={onCancel} data-testid="rt-cancel">
          {translate(readOnly ? 'ra.action.close' : 'ra.action.cancel')}
        </Button>
      </Stack>
    </>
  );
  if (bare)
    return (
      <Box data-testid="rate-template-editor" data-context={context}>
        {body}
      </Box>
    );
  return (
    <Card sx={{ mt: 1 }} data-testid="rate-template-editor" data-context={context}>
      <CardContent>{body}</CardContent>
    </Card>
  );
}
