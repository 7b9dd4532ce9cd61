/**
 * The rate templates tab of the station profile page (`#/Stations/StationProfile/rate-templates`):
 * paged, sorted and filtered (company, type, activated, currency, name), exported to Excel with
 * the current filter; each row activates / deactivates its template behind a confirmation and
 * deletes it behind a confirmation (an activated template cannot be deleted, 702: the button is
 * disabled with the reason, and the server's refusal is shown if met). Rows open the editor.
 */
import { useMemo } from 'react';
import {
  CreateButton,
  Datagrid,
  DeleteWithConfirmButton,
  ExportButton,
  FilterButton,
  FunctionField,
  List,
  Pagination,
  SearchInput,
  SelectInput,
  TextField,
  TopToolbar,
  useLocaleState,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { Tooltip } from '@mui/material';
import { StatusSwitch, statusTexts } from '../../src/components/StatusToggle';
import { CURRENCIES } from '../../domain/enums';
import { catalogueMessage } from '../../domain/errors';
import { RATE_TEMPLATE_TYPES } from '../../domain/rate-template';
import { EmptyState, ErrorState } from '../../src/components/common';
import { formatDateTime } from '../../src/utils/date';
import { CompanyFilterInput, ROWS_PER_PAGE } from '../../src/components/filterInputs';
import { exportXlsx } from '../../src/utils/spreadsheet';
import type { RateTemplateRecord } from '../../domain/entities/rate-template';
import { STATION_PROFILE_TABS } from '../../domain/routes';

const activatedTexts = statusTexts('resources.rate-template', ['activate', 'deactivate'], {
  content: '',
  done: 'notifications',
  action: 'resources.rate-template.fields.activated',
});

function ActivatedToggle(_props: { label?: string; source?: string }) {
  const record = useRecordContext<RateTemplateRecord>();
  if (!record) return null;
  return (
    <StatusSwitch
      resource="rate-template"
      field="activated"
      variant="switch"
      texts={activatedTexts}
      translateOptions={{ name: record.modelName }}
      testId="rt-toggle-active"
    />
  );
}

function DeleteTemplateButton(_props: { label?: string }) {
  const record = useRecordContext<RateTemplateRecord>();
  const [locale] = useLocaleState();
  if (!record) return null;
  const button = (
    <DeleteWithConfirmButton
      mutationMode="pessimistic"
      redirect={false}
      disabled={record.activated}
      confirmTitle="app.assets.confirm_delete_title"
      confirmContent="resources.rate-template.confirm_delete"
      translateOptions={{ name: record.modelName }}
      data-testid="rt-delete"
    />
  );
  return record.activated ? (
    <Tooltip title={catalogueMessage(702, locale === 'zh' ? 'zh' : 'en')}>
      {/* biome-ignore lint/a11y/useKeyWithClickEvents lint/a11y/noStaticElementInteractions: tooltip of a disabled button; the row must not open */}
      <span onClick={(e) => e.stopPropagation()}>{button}</span>
    </Tooltip>
  ) : (
    button
  );
}

function useTemplateExporter() {
  const translate = useTranslate();
  return useMemo(() => {
    const f = (k: string) => translate(`resources.rate-template.fields.${k}`);
    const windows = (r: RateTemplateRecord) => (r.details ?? []).map((d) => `${d.startTime}-${d.endTime} ${d.electricityFeePerKwh}`).join('; ');
    return (records: RateTemplateRecord[]) =>
      exportXlsx(
        records,
        [
          { header: f('modelName'), value: (r) => r.modelName },
          { header: f('companyName'), value: (r) => r.companyName },
          { header: f('type'), value: (r) => translate(`resources.rate-template.values.type.${r.type}`) },
          { header: f('currency'), value: (r) => r.currency },
          { header: f('serviceFeePerKwh'), value: (r) => r.serviceFeePerKwh },
          { header: f('serviceTax'), value: (r) => r.serviceTax },
          { header: f('taxes'), value: (r) => (r.taxes ?? []).map((t) => `${t.taxName} ${t.taxPercentage}%`).join('; ') },
          { header: f('details'), value: windows },
          { header: f('activated'), value: (r) => translate(`app.assets.yes_no.${r.activated}`) },
          { header: f('stationCount'), value: (r) => r.stationCount },
          { header: f('description'), value: (r) => r.description },
        ],
        'rate-templates',
      );
  }, [translate]);
}

export function RateTemplateList() {
  const translate = useTranslate();
  const exporter = useTemplateExporter();
  const filters = useMemo(
    () => [
      <SearchInput key="q" source="q" alwaysOn />,
      <CompanyFilterInput key="companyCode" source="companyCode" alwaysOn />,
      <SelectInput key="type" source="type" alwaysOn choices={RATE_TEMPLATE_TYPES.map((t) => ({ id: t, name: `resources.rate-template.values.type.${t}` }))} />,
      <SelectInput
        key="activated"
        source="activated"
        alwaysOn
        choices={[
          { id: 'true', name: 'app.assets.yes_no.true' },
          { id: 'false', name: 'app.assets.yes_no.false' },
        ]}
      />,
      <SelectInput key="currency" source="currency" choices={CURRENCIES.map((c) => ({ id: c, name: c }))} />,
    ],
    [],
  );
  return (
    <List
      resource="rate-template"
      filters={filters}
      sort={{ field: 'modelName', order: 'ASC' }}
      perPage={20}
      exporter={exporter}
      actions={
        <TopToolbar>
          <FilterButton />
          <CreateButton to={`${STATION_PROFILE_TABS.rateTemplates}/create`} data-testid="rt-create" />
          <ExportButton data-testid="rt-export" />
        </TopToolbar>
      }
      pagination={<Pagination rowsPerPageOptions={ROWS_PER_PAGE} />}
      title={translate('menu.stationProfile')}
      empty={false}
      error={<ErrorState />}
      storeKey="station-profile.rate-templates"
    >
      <Datagrid
        bulkActionButtons={false}
        rowClick={(id) => `${STATION_PROFILE_TABS.rateTemplates}/${id}`}
        empty={<EmptyState />}
        data-testid="rate-templates-grid"
        sx={{ '& td': { whiteSpace: 'nowrap' } }}
      >
        <TextField source="modelName" />
        <TextField source="companyName" emptyText="—" sortable={false} />
        <FunctionField<RateTemplateRecord> source="type" render={(r) => translate(`resources.rate-template.values.type.${r.type}`)} />
        <TextField source="currency" />
        <TextField source="serviceFeePerKwh" textAlign="right" sortable={false} />
        <FunctionField<RateTemplateRecord>
          source="details"
          sortable={false}
          render={(r) => (r.type === 'FREE' ? '—' : translate('resources.rate-template.windows_count', { smart_count: r.details?.length ?? 0 }))}
        />
        <TextField source="stationCount" textAlign="right" />
        <ActivatedToggle source="activated" />
        <FunctionField<RateTemplateRecord> source="updatedAt" render={(r) => formatDateTime(r.updatedAt)} />
        <DeleteTemplateButton label="app.assets.actions" />
      </Datagrid>
    </List>
  );
}
