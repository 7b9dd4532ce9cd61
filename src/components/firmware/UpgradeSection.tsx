/**
 * The firmware upgrades of a gateway, station or charger page (requirements R15.6): an "Upgrade
 * firmware" button opening the send-request dialog for `chargerIds`, and the campaigns of `filter`
 * below it, live.
 */
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { Button, Card, CardContent, CardHeader } from '@mui/material';
import SystemUpdateAltIcon from '@mui/icons-material/SystemUpdateAlt';
import type { CampaignStarted } from '../../../domain/entities/firmware-campaign';
import { CampaignPanel } from './CampaignPanel';
import { UpgradeDialog } from './UpgradeDialog';

export interface UpgradeSectionProps {
  chargerIds: number[];
  filter: { gatewaySn?: string; stationId?: number; chargerId?: number };
  gatewaySn?: string;
  stationId?: number;
}

export function UpgradeSection({ chargerIds, filter, gatewaySn, stationId }: UpgradeSectionProps) {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  const [started, setStarted] = useState<CampaignStarted | null>(null);
  return (
    <Card data-testid="upgrade-section">
      <CardHeader
        title={translate('resources.firmware.campaign.title')}
        action={<Button variant="contained" size="small" startIcon={<SystemUpdateAltIcon />} disabled={!chargerIds.length} onClick={() => setOpen(true)} data-testid="upgrade-open">
          {translate('resources.firmware.campaign.open')}
        </Button>}
      />
      <CardContent>
        <CampaignPanel key={started?.id ?? 0} filter={filter} started={started} />
      </CardContent>
      {open && (
        <UpgradeDialog chargerIds={chargerIds} gatewaySn={gatewaySn} stationId={stationId} onClose={() => setOpen(false)}
          onStarted={(c) => { setStarted(c); setOpen(false); }} />
      )}
    </Card>
  );
}
