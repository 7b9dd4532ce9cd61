/**
 * The station profile page (`#/Stations/StationProfile`, spec §2) and everything under it:
 * tabs for stations, chargers, gateways and rate templates, each with create, `:id` (edit) and
 * `:id/show`. With `?GatewaySN=<sn>` the page shows that gateway's remote-upgrade view.
 */
import type { ReactNode } from 'react';
import { ResourceContextProvider } from 'react-admin';
import { Route, Routes, useSearchParams } from 'react-router-dom';
import { ChargerCreate } from '../charger/ChargerCreate';
import { ChargerEdit } from '../charger/ChargerEdit';
import { ChargerList } from '../charger/ChargerList';
import { ChargerShow } from '../charger/ChargerShow';
import { GatewayCreate, GatewayEdit, GatewayList, GatewayShow } from '../gateway/GatewayPages';
import { RateTemplateCreate, RateTemplateEdit } from '../rate-template/RateTemplateEditor';
import { RateTemplateList } from '../rate-template/RateTemplateList';
import { StationProfileTabs } from './common';
import { StationCreate } from './StationCreate';
import { StationEdit } from './StationEdit';
import { StationList } from './StationList';
import { StationShow } from './StationShow';
import { UpgradeView } from './UpgradeView';

const as = (resource: string, element: ReactNode, tabs = false) => (
  <ResourceContextProvider value={resource}>{tabs ? <StationProfileTabs>{element}</StationProfileTabs> : element}</ResourceContextProvider>
);

function StationsHome() {
  const [params] = useSearchParams();
  const gatewaySn = params.get('GatewaySN');
  if (gatewaySn) return as('gateway', <UpgradeView gatewaySn={gatewaySn} />, true);
  return as('station', <StationList />, true);
}

export default function StationPages() {
  return (
    <Routes>
      <Route index element={<StationsHome />} />
      <Route path="create" element={as('station', <StationCreate />)} />
      <Route path=":id" element={as('station', <StationEdit />)} />
      <Route path=":id/show" element={as('station', <StationShow />)} />
      <Route path="chargers" element={as('charger', <ChargerList />, true)} />
      <Route path="chargers/create" element={as('charger', <ChargerCreate />)} />
      <Route path="chargers/:id" element={as('charger', <ChargerEdit />)} />
      <Route path="chargers/:id/show" element={as('charger', <ChargerShow />)} />
      <Route path="gateways" element={as('gateway', <GatewayList />, true)} />
      <Route path="gateways/create" element={as('gateway', <GatewayCreate />)} />
      <Route path="gateways/:id" element={as('gateway', <GatewayEdit />)} />
      <Route path="gateways/:id/show" element={as('gateway', <GatewayShow />)} />
      <Route path="rate-templates" element={as('rate-template', <RateTemplateList />, true)} />
      <Route path="rate-templates/create" element={as('rate-template', <RateTemplateCreate />)} />
      <Route path="rate-templates/:id" element={as('rate-template', <RateTemplateEdit />)} />
    </Routes>
  );
}
