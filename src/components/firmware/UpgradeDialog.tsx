/**
 * The "send request" of a firmware upgrade (requirements R15.6–R15.9): for the chargers given, it
 * asks the server which may be upgraded (idle, else the reason: 726), offers the firmware of their
 * models (public or the company's), lets the operator choose the chargers (only eligible ones of
 * the firmware's model), UpdateFirmware's retries and interval, and the staged rollout (first wave,
 * success threshold, failure limit), then sends. The answer names the chargers left out.
 */
import { useMemo, useState } from 'react';
import { useTranslate } from 'react-admin';
import {
  Alert,
  Button,
  Checkbox,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import type { FirmwareRecord } from '../../../domain/entities/firmware';
import type { CampaignCandidate, CampaignStarted } from '../../../domain/entities/firmware-campaign';
import { useApi, useSpCall } from '../../hooks/useApi';

export interface UpgradeDialogProps {
  chargerIds: number[];
  gatewaySn?: string;
  stationId?: number;
  onClose: () => void;
  onStarted: (c: CampaignStarted) => void;
}

const num = (v: string) => (v.trim() === '' ? undefined : Number(v));

export function UpgradeDialog({ chargerIds, gatewaySn, stationId, onClose, onStarted }: UpgradeDialogProps) {
  const translate = useTranslate();
  const call = useSpCall();
  const cands = useApi<CampaignCandidate[]>('firmware-campaign/candidates', { chargerIds }, { enabled: chargerIds.length > 0 });
  const firmware = useApi<{ records: FirmwareRecord[] }>('firmware', { perPage: 100, sort: 'createdAt', order: 'DESC' });
  const models = useMemo(() => new Set((cands.data ?? []).map((c) => c.model).filter(Boolean)), [cands.data]);
  const choices = (firmware.data?.records ?? []).filter((f) => models.has(f.deviceModel));
  const [firmwareId, setFirmwareId] = useState<number | ''>('');
  const fw = choices.find((f) => f.id === firmwareId);
  const usable = (c: CampaignCandidate) => c.refusal === null && !!fw && c.model === fw.deviceModel;
  const [picked, setPicked] = useState<Set<number> | null>(null);
  const selected = picked ?? new Set((cands.data ?? []).filter(usable).map((c) => c.chargerId));
  const [opts, setOpts] = useState({ retries: '3', retryInterval: '60', waveSize: '', successThreshold: '100', failureLimit: '' });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const chosen = (cands.data ?? []).filter((c) => usable(c) && selected.has(c.chargerId));

  const send = async () => {
    if (!fw || !chosen.length) return;
    setBusy(true);
    setError(null);
    try {
      const started = await call<CampaignStarted>('POST', 'firmware-campaign', {
        firmwareId: fw.id,
        chargerIds: chosen.map((c) => c.chargerId),
        gatewaySn,
        stationId,
        retries: num(opts.retries),
        retryInterval: num(opts.retryInterval),
        waveSize: num(opts.waveSize),
        successThreshold: num(opts.successThreshold),
        failureLimit: num(opts.failureLimit),
      });
      onStarted(started);
    } catch (e) {
      const m = (e as Error).message;
      setError(translate(m, { _: m }));
    } finally {
      setBusy(false);
    }
  };

  const field = (key: keyof typeof opts, label: string, helper?: string) => (
    <TextField
      size="small"
      type="number"
      label={translate(`resources.firmware.campaign.${label}`)}
      value={opts[key]}
      helperText={helper ? translate(helper) : undefined}
      onChange={(e) => setOpts((o) => ({ ...o, [key]: e.target.value }))}
      slotProps={{ htmlInput: { min: 0, 'data-testid': `upgrade-${key}` } }}
      sx={{ width: { xs: '100%', sm: 180 } }}
    />
  );

  return (
    <Dialog open onClose={busy ? undefined : onClose} fullWidth maxWidth="sm" data-testid="upgrade-dialog">
      <DialogTitle>{translate('resources.firmware.campaign.dialog_title')}</DialogTitle>
      <DialogContent>
        {cands.isPending || firmware.isPending ? (
          <CircularProgress size={24} />
        ) : (
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField
              select
              size="small"
              label={translate('resources.firmware.campaign.firmware')}
              value={firmwareId}
              data-testid="upgrade-firmware"
              onChange={(e) => {
                setFirmwareId(Number(e.target.value));
                setPicked(null);
              }}
              helperText={
                choices.length
                  ? translate('resources.firmware.campaign.firmware_help')
                  : translate('resources.firmware.campaign.no_firmware', { models: [...models].join(', ') || '—' })
              }
            >
              {choices.map((f) => (
                <MenuItem key={f.id} value={f.id}>{`${f.deviceModel} · ${f.version} · ${f.name}`}</MenuItem>
              ))}
            </TextField>
            <Stack data-testid="upgrade-candidates">
              {(cands.data ?? []).map((c) => {
                const why =
                  c.refusal !== null
                    ? translate(`resources.station.upgrade.reasons.${c.reason ?? 'busy'}`, { _: c.reason ?? '' })
                    : fw && c.model !== fw.deviceModel
                      ? translate('resources.firmware.campaign.other_model', { model: c.model ?? '—' })
                      : null;
                return (
                  <FormControlLabel
                    key={c.chargerId}
                    data-testid="upgrade-candidate"
                    data-eligible={usable(c) ? 'true' : 'false'}
                    control={
                      <Checkbox
                        size="small"
                        disabled={!usable(c)}
                        checked={usable(c) && selected.has(c.chargerId)}
                        onChange={(e) => {
                          const next = new Set(selected);
                          if (e.target.checked) next.add(c.chargerId);
                          else next.delete(c.chargerId);
                          setPicked(next);
                        }}
                      />
                    }
                    label={
                      <span>
                        <span style={{ fontFamily: 'monospace' }}>{c.serialNum}</span> · {c.model ?? '—'} · {c.firmwareVersion ?? '—'}
                        {why ? (
                          <Typography component="span" variant="body2" color="text.secondary">
                            {' '}
                            — {why}
                          </Typography>
                        ) : null}
                      </span>
                    }
                  />
                );
              })}
            </Stack>
            <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 2 }}>
              {field('retries', 'retries')}
              {field('retryInterval', 'retryInterval')}
            </Stack>
            <Typography variant="subtitle2">{translate('resources.firmware.campaign.staged')}</Typography>
            <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 2 }}>
              {field('waveSize', 'waveSize', 'resources.firmware.campaign.waveSize_help')}
              {field('successThreshold', 'successThreshold')}
              {field('failureLimit', 'failureLimit', 'resources.firmware.campaign.failureLimit_help')}
            </Stack>
            {error && (
              <Alert severity="error" data-testid="upgrade-error">
                {error}
              </Alert>
            )}
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {translate('ra.action.cancel')}
        </Button>
        <Button
          variant="contained"
          onClick={() => void send()}
          disabled={busy || !fw || !chosen.length}
          data-testid="upgrade-send"
          startIcon={busy ? <CircularProgress size={16} /> : undefined}
        >
          {translate('resources.firmware.campaign.send', { smart_count: chosen.length })}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
