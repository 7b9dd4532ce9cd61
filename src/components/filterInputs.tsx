/**
 * Filter inputs shared by lists: operator company (`GET /sp/company/select`) and station
 * (`GET /sp/station`, narrowed to the chosen company; an absent or forbidden station API simply
 * leaves the list of choices empty).
 */
import { SelectInput, useGetList, useListContext, type SelectInputProps } from 'react-admin';
import { useCompanies } from '../hooks/useCompanies';

export function CompanyFilterInput(props: SelectInputProps) {
  const choices = useCompanies().map((c) => ({ id: c.companyCode, name: c.companyName }));
  return <SelectInput label="resources.order.fields.companyName" {...props} choices={choices} />;
}

export function StationFilterInput(props: SelectInputProps) {
  const { filterValues } = useListContext();
  const companyCode = filterValues.companyCode as string | undefined;
  const { data } = useGetList(
    'station',
    { pagination: { page: 1, perPage: 500 }, sort: { field: 'name', order: 'ASC' }, filter: companyCode ? { companyCode } : {} },
    { retry: false, staleTime: 60_000 },
  );
  const choices = (data ?? []).map((s) => ({ id: s.id, name: String(s.name ?? s.id) }));
  return <SelectInput label="resources.order.fields.stationName" {...props} choices={choices} />;
}

/** Page sizes offered under lists (the API's default page size is 20). */
export const ROWS_PER_PAGE = [10, 20, 50, 100];
