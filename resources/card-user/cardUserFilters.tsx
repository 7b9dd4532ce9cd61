/** Card user list filters (requirements §2: search, company, active, scope, manager card). */
import { useMemo } from 'react';
import { SelectInput, useTranslate } from 'react-admin';
import { holderFilters, yesNoChoices } from '../../src/components/balance/holderFilters';

export function useCardUserFilters() {
  const translate = useTranslate();
  return useMemo(
    () => [
      ...holderFilters('card-user', translate),
      <SelectInput
        key="scope"
        source="scope"
        alwaysOn
        label="resources.card-user.fields.scope"
        choices={[
          { id: 'ALL', name: translate('resources.card-user.values.scope.ALL') },
          { id: 'STATIONS', name: translate('resources.card-user.values.scope.STATIONS') },
        ]}
      />,
      <SelectInput
        key="managerCard"
        source="managerCard"
        alwaysOn
        label="resources.card-user.fields.managerCard"
        choices={yesNoChoices(translate, 'resources.card-user.values.bool')}
      />,
    ],
    [translate],
  );
}
