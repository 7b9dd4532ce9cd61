/**
 * Device Version (API `firmware`, `#/System/DeviceVersion`, requirements §15): the firmware catalogue.
 * List (name, device type and model, version, public flag, file, size, SHA-256, company, created;
 * search, type and public filters), create (the image is uploaded first, with a progress bar, and
 * checked by the server: .hex / .bin only, content, size — its SHA-256 is shown; the form is
 * validated with domain/entities/firmware.ts: version format 404, required fields 612), show,
 * and delete after a confirmation (own company's firmware only).
 */
import { useIsAdmin } from '../../src/hooks/useIsAdmin';
import { useRef, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import ListAltIcon from '@mui/icons-material/ListAlt';
import { campaignOverviewPath } from '../../src/components/crossLinks';
import { useFormContext, useWatch } from 'react-hook-form';
import {
  BooleanInput,
  Create,
  DeleteWithConfirmButton,
  Loading,
  SaveButton,
  SelectInput,
  SimpleForm,
  TextInput,
  Toolbar,
  useGetOne,
  useTranslate,
} from 'react-admin';
import { Alert, Box, Button, Card, CardContent, CardHeader, Chip, Grid, LinearProgress, Stack, Typography } from '@mui/material';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { DEVICE_TYPES, firmwareCreate, type FirmwareRecord, type FirmwareUpload } from '../../domain/entities/firmware';
import { ErrorState } from '../../src/components/common';
import { useSchemaValidate } from '../../src/forms/schemaValidate';
import { formatDateTime } from '../../src/utils/date';
import { ShowField } from '../../src/components/device';
import { formatBytes, uploadFirmwareFile } from './upload';
import { defineFields } from '../../src/resources/fields';
import { GenericList } from '../../src/resources/GenericList';

const typeChoices = DEVICE_TYPES.map((t) => ({ id: t, name: `resources.firmware.values.deviceType.${t}` }));

/** To every firmware campaign (src/pages/firmware-campaigns; issue #26 item 3). */
function CampaignsButton() {
  const translate = useTranslate();
  return (
    <Button component={RouterLink} to={campaignOverviewPath()} size="small" startIcon={<ListAltIcon />} data-testid="campaign-overview-button">
      {translate('app.campaigns.title')}
    </Button>
  );
}

function PublicChip({ value }: { value: boolean }) {
  const translate = useTranslate();
  return <Chip size="small" variant="outlined" color={value ? 'success' : 'default'} label={translate(`resources.firmware.values.isPublic.${value}`)} />;
}

/** The fields of a firmware image in the list (the SHA-256 and the file name behind the column chooser). */
const LIST_FIELDS = defineFields<FirmwareRecord>([
  { source: 'name', kind: 'text', list: true, card: 'primary' },
  { source: 'deviceType', kind: 'enum', choices: DEVICE_TYPES, labels: 'resources.firmware.values.deviceType', list: true, filter: 'alwaysOn' },
  { source: 'deviceModel', kind: 'text', list: true, card: 'tertiary' },
  { source: 'version', kind: 'text', mono: true, list: true, card: 'secondary' },
  {
    source: 'isPublic',
    kind: 'boolean',
    labels: 'resources.firmware.values.isPublic',
    list: true,
    filter: true,
    render: (r) => <PublicChip value={r.isPublic} />,
  },
  { source: 'fileName', kind: 'text', list: 'optional', sortable: false },
  { source: 'fileSize', kind: 'number', list: true, render: (r) => formatBytes(r.fileSize) },
  {
    source: 'sha256',
    kind: 'text',
    list: 'optional',
    sortable: false,
    render: (r) => (
      <Box component="span" title={r.sha256} sx={{ fontFamily: 'monospace' }}>
        {r.sha256.slice(0, 12)}…
      </Box>
    ),
  },
  { source: 'companyName', kind: 'text', list: true, render: (r) => <PlatformName name={r.companyName} /> },
  { source: 'createdAt', kind: 'datetime', list: true },
]);

function PlatformName({ name }: { name: string | null }) {
  const translate = useTranslate();
  return <>{name ?? translate('resources.firmware.platform')}</>;
}

export function FirmwareList() {
  return (
    <GenericList
      fields={LIST_FIELDS}
      title="menu.deviceVersion"
      search
      sort={{ field: 'createdAt', order: 'DESC' }}
      exporter={false}
      actions={<CampaignsButton />}
      createTestId="firmware-create"
      gridTestId="firmware-grid"
      rowClick="show"
      storeKey="firmware.list"
      gridSx={{ '& td': { whiteSpace: 'nowrap' }, '& td.column-name, & td.column-companyName': { whiteSpace: 'normal' } }}
    />
  );
}

/** The image picker: uploads at once with a progress bar, then holds the upload's id in `fileId`. */
function FileUpload() {
  const translate = useTranslate();
  const { setValue, clearErrors, formState } = useFormContext();
  const fileId = useWatch({ name: 'fileId' }) as number | undefined;
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [uploaded, setUploaded] = useState<FirmwareUpload | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const pick = async (file: File | undefined) => {
    if (!file) return;
    setFailure(null);
    setUploaded(null);
    setProgress(0);
    setValue('fileId', undefined);
    try {
      const up = await uploadFirmwareFile(file, setProgress);
      setUploaded(up);
      setValue('fileId', up.fileId, { shouldDirty: true });
      clearErrors('fileId');
    } catch (e) {
      const body = (e as { body?: { errors?: Record<string, string> } }).body;
      const message = body?.errors?.file ?? (e as Error).message;
      setFailure(translate(message, { _: message }));
    } finally {
      setProgress(null);
      if (input.current) input.current.value = '';
    }
  };
  const fieldError = formState.errors.fileId?.message;
  return (
    <Box sx={{ mb: 2, width: '100%', maxWidth: 640 }} data-testid="firmware-file">
      <input ref={input} type="file" accept=".hex,.bin" hidden onChange={(e) => void pick(e.target.files?.[0])} data-testid="firmware-file-input" />
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Button
          variant="outlined"
          startIcon={<UploadFileIcon />}
          onClick={() => input.current?.click()}
          disabled={progress !== null}
          data-testid="firmware-file-pick"
        >
          {translate(fileId ? 'resources.firmware.upload.replace' : 'resources.firmware.upload.pick')}
        </Button>
        <Typography variant="body2" color="text.secondary">
          {translate('resources.firmware.upload.hint')}
        </Typography>
      </Stack>
      {progress !== null && (
        <Box sx={{ mt: 1 }}>
          <LinearProgress variant="determinate" value={Math.round(progress * 100)} data-testid="firmware-upload-progress" />
          <Typography variant="caption">{Math.round(progress * 100)} %</Typography>
        </Box>
      )}
      {uploaded && (
        <Alert severity="success" sx={{ mt: 1, wordBreak: 'break-all' }} data-testid="firmware-uploaded">
          <strong>{uploaded.fileName}</strong> · {formatBytes(uploaded.size)}
          <br />
          SHA-256:{' '}
          <Box component="span" sx={{ fontFamily: 'monospace' }} data-testid="firmware-sha256">
            {uploaded.sha256}
          </Box>
        </Alert>
      )}
      {failure && (
        <Alert severity="error" sx={{ mt: 1 }} data-testid="firmware-upload-error">
          {failure}
        </Alert>
      )}
      {!uploaded && !failure && typeof fieldError === 'string' && (
        <Typography variant="caption" color="error">
          {translate(fieldError, { _: fieldError })}
        </Typography>
      )}
    </Box>
  );
}

export function FirmwareCreate() {
  const translate = useTranslate();
  const validate = useSchemaValidate(firmwareCreate);
  // Only the platform publishes a version to every operator (R15.4).
  const isAdmin = useIsAdmin();
  return (
    <Create redirect="show" title={translate('resources.firmware.create_title')}>
      <SimpleForm
        validate={validate}
        defaultValues={{ deviceType: 'AC', isPublic: false }}
        toolbar={
          <Toolbar>
            <SaveButton alwaysEnable data-testid="firmware-save" />
          </Toolbar>
        }
        data-testid="firmware-form"
      >
        <FileUpload />
        <TextInput source="name" isRequired sx={{ minWidth: 320 }} slotProps={{ htmlInput: { 'data-testid': 'firmware-name' } }} />
        <SelectInput source="deviceType" choices={typeChoices} isRequired />
        <TextInput
          source="deviceModel"
          isRequired
          helperText="resources.firmware.helpers.deviceModel"
          slotProps={{ htmlInput: { 'data-testid': 'firmware-model' } }}
        />
        <TextInput
          source="version"
          isRequired
          helperText="resources.firmware.helpers.version"
          slotProps={{ htmlInput: { 'data-testid': 'firmware-version', style: { fontFamily: 'monospace' } } }}
        />
        <TextInput source="changeLog" multiline minRows={3} fullWidth />
        {isAdmin && <BooleanInput source="isPublic" helperText="resources.firmware.helpers.isPublic" />}
      </SimpleForm>
    </Create>
  );
}

export function FirmwareShow() {
  const { id } = useParams();
  const translate = useTranslate();
  const { data, isPending, error, refetch } = useGetOne<FirmwareRecord>('firmware', { id: Number(id) }, { enabled: Boolean(id) });
  if (isPending) return <Loading />;
  if (error || !data) return <ErrorState error={error as Error} onRetry={() => refetch()} />;
  const f = (k: string) => `resources.firmware.fields.${k}`;
  return (
    <Card sx={{ mt: 1 }} data-testid="firmware-show">
      <CardHeader
        title={`${data.name} · ${data.version}`}
        subheader={data.companyName ?? translate('resources.firmware.platform')}
        action={
          data.editable ? (
            <DeleteWithConfirmButton
              record={data}
              mutationMode="pessimistic"
              redirect="list"
              confirmTitle="resources.firmware.confirm_delete_title"
              confirmContent="resources.firmware.confirm_delete"
              translateOptions={{ name: `${data.name} ${data.version}` }}
              data-testid="firmware-delete"
            />
          ) : undefined
        }
      />
      <CardContent>
        <Grid container spacing={2}>
          <ShowField label={f('deviceType')}>{translate(`resources.firmware.values.deviceType.${data.deviceType}`, { _: data.deviceType })}</ShowField>
          <ShowField label={f('deviceModel')}>{data.deviceModel}</ShowField>
          <ShowField label={f('version')} testId="firmware-show-version">
            {data.version}
          </ShowField>
          <ShowField label={f('isPublic')}>
            <PublicChip value={data.isPublic} />
          </ShowField>
          <ShowField label={f('fileName')}>{data.fileName}</ShowField>
          <ShowField label={f('fileSize')}>{`${formatBytes(data.fileSize)} (${data.fileSize.toLocaleString()} B)`}</ShowField>
          <Grid size={12}>
            <Typography variant="caption" color="text.secondary">
              {translate(f('sha256'))}
            </Typography>
            <Typography variant="body2" sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }} data-testid="firmware-show-sha256">
              {data.sha256}
            </Typography>
          </Grid>
          <ShowField label={f('createdAt')}>{formatDateTime(data.createdAt)}</ShowField>
          <ShowField label={f('createdBy')}>{data.createdBy}</ShowField>
          <Grid size={12}>
            <Typography variant="caption" color="text.secondary">
              {translate(f('changeLog'))}
            </Typography>
            <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>
              {data.changeLog || '—'}
            </Typography>
          </Grid>
        </Grid>
      </CardContent>
    </Card>
  );
}
