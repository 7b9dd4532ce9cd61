/**
 * Events → Charger Log (`#/Events/ChargerLog`, requirements §2 "Charger log"): the OCPP frames of
 * every charger (./FramesTab.tsx) and, in the second tab, the refused handshakes
 * (./AttemptsTab.tsx). The tab is kept in the address (`?tab=attempts`).
 */
import { Title, useTranslate } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { Stack, Tab, Tabs } from '@mui/material';
import { AttemptsTab } from './AttemptsTab';
import { FramesTab } from './FramesTab';

export default function ChargerLogPage() {
  const translate = useTranslate();
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'attempts' ? 'attempts' : 'frames';
  return (
    <Stack spacing={2} data-testid="charger-log-page">
      <Title title={translate('menu.chargerLog')} />
      <Tabs value={tab} onChange={(_e, v: string) => setParams(v === 'attempts' ? { tab: v } : {})} variant="scrollable">
        <Tab value="frames" label={translate('app.charger_log.tabs.frames')} data-testid="log-tab-frames" />
        <Tab value="attempts" label={translate('app.charger_log.tabs.attempts')} data-testid="log-tab-attempts" />
      </Tabs>
      {tab === 'frames' ? <FramesTab /> : <AttemptsTab />}
    </Stack>
  );
}
