/**
 * The firmware upgrades of a gateway, station or charger page (requirements R15.6): an "Upgrade
 * firmware" button opening the send-request dialog for `chargerIds`, and the campaigns of `filter`
 * below it, live, and a link to the campaigns overview (issue #26 item 3).
 */
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { Button, Card, CardContent, CardHeader, Stack } from '@mui/material';
import SystemUpdateAltIcon from '@mui/icons-material/SystemUpdateAlt';
import type { CampaignStarted } from '../../../domain/entities/firmware-campaign';
import { CampaignPanel } from './CampaignPanel';
import { UpgradeDialog } from './UpgradeDialog';
import { campaignOverviewPath, CrossLink } from '../crossLinks';

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
        action={
          <Stack direction="row" spacing={2} alignItems="center" flexWrap="wrap" useFlexGap>
            {/* The campaigns overview (issue #26 item 3), for this station when the section is a station's. */}
            <CrossLink to={campaignOverviewPath(filter.stationId)} testId="campaign-overview-link" hideDenied>
              {translate('app.campaigns.open')}
            </CrossLink>
            <Button
              variant="contained"
              size="small"
              startIcon={<SystemUpdateAltIcon />}
              disabled={!chargerIds.length}
              onClick={() => setOpen(true)}
              data-testid="upgrade-open"
            >
              {translate('resources.firmware.campaign.open')}
            </Button>
          </Stack>
        }
      />
      <CardContent>
        <CampaignPanel key={started?.id ?? 0} filter={filter} started={started} />
      </CardContent>
      {open && (
        <UpgradeDialog
          chargerIds={chargerIds}
          gatewaySn={gatewaySn}
          stationId={stationId}
          onClose={() => setOpen(false)}
          onStarted={(c) => {
            setStarted(c);
            setOpen(false);
          }}
        />
      )}
    </Card>
  );
}
