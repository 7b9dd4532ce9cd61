/** Card user list filters (spec §2: search, company, active, scope, manager card). */
import { useMemo } from 'react';
import { SearchInput, SelectInput, useTranslate } from 'react-admin';
import { CompanyFilterInput } from '../shared/filterInputs';

export function useCardUserFilters() {
  const translate = useTranslate();
  return useMemo(() => [
    <SearchInput key="q" source="q" alwaysOn placeholder={translate('resources.card-user.filters.q')} />,
    <CompanyFilterInput key="companyCode" source="companyCode" alwaysOn label="resources.card-user.fields.companyName" />,
    <SelectInput
      key="active"
      source="active"
      alwaysOn
      label="resources.card-user.fields.active"
      choices={[{ id: 'true', name: translate('resources.card-user.values.active.true') }, { id: 'false', name: translate('resources.card-user.values.active.false') }]}
    />,
    <SelectInput
      key="scope"
      source="scope"
      alwaysOn
      label="resources.card-user.fields.scope"
      choices={[{ id: 'ALL', name: translate('resources.card-user.values.scope.ALL') }, { id: 'STATIONS', name: translate('resources.card-user.values.scope.STATIONS') }]}
    />,
    <SelectInput
      key="managerCard"
      source="managerCard"
      alwaysOn
      label="resources.card-user.fields.managerCard"
      choices={[{ id: 'true', name: translate('resources.card-user.values.bool.true') }, { id: 'false', name: translate('resources.card-user.values.bool.false') }]}
    />,
  ], [translate]);
}
