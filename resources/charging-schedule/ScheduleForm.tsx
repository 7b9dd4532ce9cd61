/**
 * The smart-charging schedule form (requirements §5 "Smart charging", §16 R16.4): a name; a charger
 * or a station; the profile purpose, connector and stack level; the daily windows (start, end,
 * limit in A) and the limit outside them. Checked as the server checks (domain/entities
 * charging-schedule.ts): empty times 615, empty limits 614, a window ending before it starts 787,
 * overlapping windows 788 (naming both), limits outside 0–500 A 791, the kind (Recurring, Absolute
 * with its validity from / to, Relative from the session's start: 615 / 792 / 794), and every limit
 * above what is allowed there (the station's total 789, a home charger's maximum 790, asked of
 * `GET /sp/charging-schedule/limits` for the chosen target) — every failing field
 * marked at once, in the user's language, before anything is sent. The step chart follows the
 * typing; `children` (the send / clear panel of a stored schedule) sits under it.
 */
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import {
  ArrayInput,
  AutocompleteInput,
  DateTimeInput,
  FormDataConsumer,
  NumberInput,
  RadioButtonGroupInput,
  ReferenceInput,
  SelectInput,
  SimpleForm,
  SimpleFormIterator,
  TextInput,
  useLocaleState,
  useTranslate,
} from 'react-admin';
import { useWatch } from 'react-hook-form';
import { Alert, Box, Typography } from '@mui/material';
import { PROFILE_KINDS, PROFILE_PURPOSES } from '../../domain/smart-charging';
import { fieldMessage } from '../../domain/entities/messages';
import {
  chargingScheduleCreate,
  overCapIssues,
  MAX_SCHEDULE_CURRENT_A,
  MAX_WINDOWS,
  SCHEDULE_TARGETS,
  type CompositeScheduleAnswer,
  type ScheduleLimits,
} from '../../domain/entities/charging-schedule';
import { FormToolbar } from '../../src/components/FormToolbar';
import { useSchemaValidate } from '../../src/forms/schemaValidate';
import { useApi } from '../../src/hooks/useApi';
import { compositeSteps, drawableWindows, mergeSteps, plannedSteps } from './chartData';
import { ScheduleChart } from './ScheduleChart';

export const SCHEDULE_LABELS = {
  startTime: 'resources.charging-schedule.fields.startTime',
  endTime: 'resources.charging-schedule.fields.endTime',
  limitA: 'resources.charging-schedule.fields.limitA',
} as const;

type Values = Record<string, unknown> & { windows?: { limitA?: unknown }[]; defaultLimitA?: unknown };

/** What caps the chosen target (null until a charger or station is chosen). */
function useTargetLimits(): { limits: ScheduleLimits | null; isPending: boolean; error: Error | null } {
  const [target, chargerId, stationId] = useWatch({ name: ['target', 'chargerId', 'stationId'] }) as [string, number | null, number | null];
  const query = target === 'CHARGER' ? (chargerId ? { chargerId } : null) : stationId ? { stationId } : null;
  const { data, isPending, error } = useApi<ScheduleLimits>('charging-schedule/limits', query ?? {}, { enabled: query !== null });
  return { limits: query ? (data ?? null) : null, isPending: query !== null && isPending, error };
}

/** Tells the form what caps its target, and the user what it is. */
function CapNote({ onLimits }: { onLimits: (l: ScheduleLimits | null) => void }) {
  const translate = useTranslate();
  const { limits, error } = useTargetLimits();
  useEffect(() => {
    onLimits(limits);
  }, [limits, onLimits]);
  if (error)
    return (
      <Alert severity="warning" sx={{ mb: 2 }} data-testid="schedule-cap-error">
        {translate('resources.charging-schedule.cap.error')}
      </Alert>
    );
  if (!limits) return null;
  return (
    <Alert severity="info" sx={{ mb: 2, maxWidth: 720 }} data-testid="schedule-cap">
      {limits.capA === null ? translate('resources.charging-schedule.cap.none') : translate('resources.charging-schedule.cap.at_most', { max: limits.capA })}
      {limits.stationTotalA !== null && ` · ${translate('resources.charging-schedule.cap.station_total', { total: limits.stationTotalA })}`}
      {limits.homeMaxA !== null && ` · ${translate('resources.charging-schedule.cap.home_max', { max: limits.homeMaxA })}`}
    </Alert>
  );
}

/** The chart of the form's values, with the composite answer folded on when there is one. */
function LiveChart({
  limits,
  composite,
  fallbackZone,
}: {
  limits: ScheduleLimits | null;
  composite: CompositeScheduleAnswer | null;
  fallbackZone: string | null;
}) {
  const [windows, defaultLimitA] = useWatch({ name: ['windows', 'defaultLimitA'] }) as [Values['windows'], unknown];
  const zone = limits?.timeZone ?? fallbackZone;
  const points = useMemo(
    () => mergeSteps(plannedSteps(drawableWindows(windows as never), defaultLimitA), composite && zone ? compositeSteps(composite, zone, Date.now()) : []),
    [windows, defaultLimitA, composite, zone],
  );
  return <ScheduleChart points={points} capA={limits?.capA ?? null} timeZone={zone} />;
}

export interface ScheduleFormProps {
  /** The panel of a stored schedule (send, clear, answers, composite). */
  panel?: (set: { setComposite: (c: CompositeScheduleAnswer | null) => void }) => ReactNode;
  /** The station's time zone of a stored schedule (until the target's limits are read). */
  timeZone?: string | null;
  deletePath?: string;
}

export function ScheduleForm({ panel, timeZone = null, deletePath }: ScheduleFormProps) {
  const translate = useTranslate();
  const [limits, setLimits] = useState<ScheduleLimits | null>(null);
  const [composite, setComposite] = useState<CompositeScheduleAnswer | null>(null);
  const schemaValidate = useSchemaValidate(chargingScheduleCreate, { labels: SCHEDULE_LABELS });
  const [locale] = useLocaleState();
  const validate = useCallback(
    (values: Values) => {
      const errors = schemaValidate(values) as Record<string, unknown> & { windows?: Record<string, unknown>[] };
      // Above the station's total (789) or a home charger's maximum (790), as the server answers.
      for (const issue of limits ? overCapIssues(values as never, limits) : []) {
        const text = fieldMessage(issue.key, locale === 'zh' ? 'zh' : 'en', issue.values);
        if (issue.field === 'defaultLimitA') {
          errors.defaultLimitA ??= text;
          continue;
        }
        const i = Number(issue.field.split('.')[1]);
        errors.windows ??= [];
        errors.windows[i] = { limitA: text, ...(errors.windows[i] ?? {}) };
      }
      return errors;
    },
    [schemaValidate, limits, locale],
  );
  const onLimits = useCallback((l: ScheduleLimits | null) => setLimits(l), []);
  const purposes = PROFILE_PURPOSES.map((p) => ({ id: p, name: `resources.charging-schedule.values.purpose.${p}` }));
  const kinds = PROFILE_KINDS.map((k) => ({ id: k, name: `resources.charging-schedule.values.kind.${k}` }));
  return (
    <SimpleForm
      validate={validate}
      toolbar={<FormToolbar deletePath={deletePath} confirmContent="resources.charging-schedule.confirm_delete" />}
      data-testid="schedule-form"
      sx={{ maxWidth: 1100 }}
    >
      <TextInput
        source="name"
        isRequired
        sx={{ width: { xs: '100%', sm: 360 } }}
        slotProps={{ htmlInput: { 'data-testid': 'schedule-name', maxLength: 100 } }}
      />
      <RadioButtonGroupInput
        source="target"
        isRequired
        choices={SCHEDULE_TARGETS.map((t) => ({ id: t, name: `resources.charging-schedule.values.target.${t}` }))}
        data-testid="schedule-target"
      />
      <FormDataConsumer<{ target?: string }>>
        {({ formData }) =>
          formData.target === 'STATION' ? (
            <ReferenceInput source="stationId" reference="station">
              <AutocompleteInput
                optionText="name"
                filterToQuery={(q: string) => ({ q })}
                isRequired
                sx={{ width: { xs: '100%', sm: 360 } }}
                id="schedule-station"
                data-testid="schedule-station"
              />
            </ReferenceInput>
          ) : (
            <ReferenceInput source="chargerId" reference="charger">
              <AutocompleteInput
                optionText="serialNum"
                filterToQuery={(q: string) => ({ q })}
                isRequired
                sx={{ width: { xs: '100%', sm: 360 } }}
                id="schedule-charger"
                data-testid="schedule-charger"
              />
            </ReferenceInput>
          )
        }
      </FormDataConsumer>
      <CapNote onLimits={onLimits} />
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', width: '100%' }}>
        <SelectInput
          source="purpose"
          isRequired
          choices={purposes}
          sx={{ width: { xs: '100%', sm: 380 } }}
          helperText="resources.charging-schedule.helpers.purpose"
        />
        <FormDataConsumer<{ purpose?: string }>>
          {({ formData }) =>
            formData.purpose !== 'ChargePointMaxProfile' && (
              <NumberInput source="connectorId" min={0} max={99} step={1} sx={{ width: 180 }} helperText="resources.charging-schedule.helpers.connectorId" />
            )
          }
        </FormDataConsumer>
        <NumberInput source="stackLevel" min={0} max={20} step={1} sx={{ width: 180 }} helperText="resources.charging-schedule.helpers.stackLevel" />
      </Box>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', width: '100%' }} data-testid="schedule-kind-row">
        <SelectInput
          source="kind"
          choices={kinds}
          defaultValue="Recurring"
          sx={{ width: { xs: '100%', sm: 300 } }}
          helperText="resources.charging-schedule.helpers.kind"
          slotProps={{ htmlInput: { 'data-testid': 'schedule-kind' } }}
        />
        <FormDataConsumer<{ kind?: string }>>
          {({ formData }) => (
            <>
              <DateTimeInput
                source="validFrom"
                isRequired={formData.kind === 'Absolute'}
                sx={{ width: { xs: '100%', sm: 240 } }}
                helperText={
                  formData.kind === 'Absolute' ? 'resources.charging-schedule.helpers.validFromAbsolute' : 'resources.charging-schedule.helpers.validity'
                }
              />
              <DateTimeInput
                source="validTo"
                isRequired={formData.kind === 'Absolute'}
                sx={{ width: { xs: '100%', sm: 240 } }}
                helperText={
                  formData.kind === 'Absolute' ? 'resources.charging-schedule.helpers.validToAbsolute' : 'resources.charging-schedule.helpers.validity'
                }
              />
            </>
          )}
        </FormDataConsumer>
      </Box>
      <Typography variant="subtitle2" sx={{ mt: 1 }}>
        {translate('resources.charging-schedule.windows_title', { max: MAX_WINDOWS })}
      </Typography>
      <ArrayInput source="windows" label={false} data-testid="schedule-windows">
        <SimpleFormIterator
          inline
          disableReordering
          getItemLabel={(i) => `${i + 1}.`}
          sx={{ '& .RaSimpleFormIterator-inline': { flexWrap: 'wrap', rowGap: 0 }, '& .RaSimpleFormIterator-action': { visibility: 'visible' } }}
        >
          <TextInput
            source="startTime"
            label={SCHEDULE_LABELS.startTime}
            placeholder="HH:mm"
            isRequired
            sx={{ width: 120 }}
            slotProps={{ htmlInput: { 'data-testid': 'window-start', maxLength: 5, inputMode: 'numeric' } }}
          />
          <TextInput
            source="endTime"
            label={SCHEDULE_LABELS.endTime}
            placeholder="HH:mm"
            isRequired
            sx={{ width: 120 }}
            slotProps={{ htmlInput: { 'data-testid': 'window-end', maxLength: 5, inputMode: 'numeric' } }}
          />
          <NumberInput
            source="limitA"
            label={SCHEDULE_LABELS.limitA}
            isRequired
            min={0}
            max={MAX_SCHEDULE_CURRENT_A}
            step={1}
            sx={{ width: 140 }}
            slotProps={{ htmlInput: { 'data-testid': 'window-limit' } }}
          />
        </SimpleFormIterator>
      </ArrayInput>
      <NumberInput
        source="defaultLimitA"
        isRequired
        min={0}
        max={MAX_SCHEDULE_CURRENT_A}
        step={1}
        sx={{ width: 240 }}
        helperText="resources.charging-schedule.helpers.defaultLimitA"
        slotProps={{ htmlInput: { 'data-testid': 'schedule-default-limit' } }}
      />
      <Box sx={{ width: '100%', mt: 2 }}>
        <LiveChart limits={limits} composite={composite} fallbackZone={timeZone} />
      </Box>
      {panel && <Box sx={{ width: '100%', mt: 2 }}>{panel({ setComposite })}</Box>}
    </SimpleForm>
  );
}
