/**
 * The company of a new record: a select of the user's companies, preset when there is only one
 * (company users); read-only when editing (a record does not move between companies).
 */
import { SelectInput, type SelectInputProps } from 'react-admin';
import { useCompanies } from '../hooks/useCompanies';

export function CompanyInput(props: Omit<SelectInputProps, 'source'> & { source?: string }) {
  const companies = useCompanies();
  const choices = companies.map((c) => ({ id: c.companyCode, name: `${c.companyName} (${c.companyCode})` }));
  return (
    <SelectInput
      source="companyCode"
      label="app.assets.company"
      choices={choices}
      defaultValue={companies.length === 1 ? companies[0].companyCode : undefined}
      {...props}
    />
  );
}
