/** The order list filters (requirements R2.18: search, company, station, status, payment, user type, date and time of day). */
import { useMemo } from 'react';
import { SearchInput, SelectArrayInput, SelectInput, useTranslate } from 'react-admin';
import dayjs from 'dayjs';
import { ORDER_STATUSES, USER_TYPES } from '../../domain/enums';
import { DayInput } from '../../src/components/DayField';
import { CompanyFilterInput, StationFilterInput } from '../../src/components/filterInputs';
import { endNotBeforeStart, endOfDayIso, notAfterToday, startOfDayIso } from './validators';

export function useOrderFilters() {
  const translate = useTranslate();
  return useMemo(() => {
    const today = dayjs().format('YYYY-MM-DD');
    return [
      <SearchInput key="q" source="q" alwaysOn />,
      <CompanyFilterInput key="companyCode" source="companyCode" alwaysOn />,
      <StationFilterInput key="stationId" source="stationId" alwaysOn />,
      <SelectArrayInput
        key="status"
        source="status"
        alwaysOn
        sx={{ minWidth: 160 }}
        choices={ORDER_STATUSES.map((s) => ({ id: s, name: `resources.order.values.status.${s}` }))}
      />,
      <SelectInput
        key="paid"
        source="paid"
        alwaysOn
        choices={[
          { id: 'true', name: translate('resources.order.values.paid.true') },
          { id: 'false', name: translate('resources.order.values.paid.false') },
        ]}
      />,
      <SelectInput key="userType" source="userType" alwaysOn choices={USER_TYPES.map((u) => ({ id: u, name: `resources.order.values.userType.${u}` }))} />,
      <DayInput
        key="startTime"
        source="startTime"
        alwaysOn
        withTime
        parse={startOfDayIso}
        validate={notAfterToday}
        max={today}
        inputAttributes={{ 'data-testid': 'order-filter-start' }}
      />,
      <DayInput
        key="endTime"
        source="endTime"
        alwaysOn
        withTime
        parse={endOfDayIso}
        validate={[notAfterToday, endNotBeforeStart]}
        max={today}
        inputAttributes={{ 'data-testid': 'order-filter-end' }}
      />,
    ];
  }, [translate]);
}
