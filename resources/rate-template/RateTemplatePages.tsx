/**
 * The rate-template create and edit pages (`#/Stations/StationProfile/rate-templates/create` and
 * `…/rate-templates/:id`): the editor form, back to the list once saved or cancelled; a free
 * template opens read-only (811).
 */
import { useNavigate, useParams } from 'react-router-dom';
import { Loading, Title, useGetOne, useTranslate } from 'react-admin';
import { ErrorState } from '../../src/components/common';
import { RateTemplateForm } from '../../src/components/rate-template/RateTemplateForm';
import { emptyState, stateOf } from '../../src/components/rate-template/editorModel';
import type { RateTemplateRecord } from '../../domain/entities/rate-template';
import { STATION_PROFILE_TABS } from '../../domain/routes';

export function RateTemplateCreate() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const toList = () => navigate(STATION_PROFILE_TABS.rateTemplates);
  return (
    <>
      <Title title={translate('resources.rate-template.create_title')} />
      <RateTemplateForm initial={emptyState()} onSaved={toList} onCancel={toList} />
    </>
  );
}

export function RateTemplateEdit() {
  const { id } = useParams();
  const translate = useTranslate();
  const navigate = useNavigate();
  const toList = () => navigate(STATION_PROFILE_TABS.rateTemplates);
  const { data, isPending, error, refetch } = useGetOne<RateTemplateRecord>(
    'rate-template',
    { id: Number(id) },
    { enabled: Boolean(id), refetchOnWindowFocus: false },
  );
  if (isPending) return <Loading />;
  if (error || !data) return <ErrorState error={error as Error} onRetry={() => refetch()} />;
  return (
    <>
      <Title title={translate('resources.rate-template.edit_title', { name: data.modelName })} />
      <RateTemplateForm key={data.id} initial={stateOf(data)} id={data.id} readOnly={data.type === 'FREE'} onSaved={toList} onCancel={toList} />
    </>
  );
}
