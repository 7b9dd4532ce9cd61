/**
 * The list filters every charger-user list (card users, app users; requirements §2) starts with: the
 * search box, the operator company and the active flag, always shown and labelled from
 * `resources.<holder>` (`filters.q`, `fields.companyName`, `fields.active`, `values.active.*`).
 */
import type { ReactElement } from 'react';
import { SearchInput, SelectInput, type TranslateFunction } from 'react-admin';
import { CompanyFilterInput } from '../filterInputs';
import type { HolderResource } from './holder';

/** `true` / `false` choices of a yes/no filter, named by the translations `<prefix>.true` / `<prefix>.false`. */
export function yesNoChoices(translate: TranslateFunction, prefix: string) {
  return [
    { id: 'true', name: translate(`${prefix}.true`) },
    { id: 'false', name: translate(`${prefix}.false`) },
  ];
}

/** Search, company and active filters of the list of `resource`; a list adds its own after them. */
export function holderFilters(resource: HolderResource, translate: TranslateFunction): ReactElement[] {
  const r = `resources.${resource}`;
  return [
    <SearchInput key="q" source="q" alwaysOn placeholder={translate(`${r}.filters.q`)} />,
    <CompanyFilterInput key="companyCode" source="companyCode" alwaysOn label={`${r}.fields.companyName`} />,
    <SelectInput key="active" source="active" alwaysOn label={`${r}.fields.active`} choices={yesNoChoices(translate, `${r}.values.active`)} />,
  ];
}
