/**
 * The search page (`#/Search/Search?ChargerSN=<type>&Search=<term>`, requirements §2): a type (Charger
 * SN, Gateway SN, Station Name) and a term, results from `GET /sp/search` (paged, company
 * scoped), each linking to its record: a charger or gateway to its show view, a station to its
 * show view. The navbar's global search opens this page in a new tab.
 */
import { UrlPagination } from '../../components/UrlPagination';
import { useEffect, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { CrossLink, stationMonitoringPath } from '../../components/crossLinks';
import { Loading, Title, useTranslate } from 'react-admin';
import { Box, Button, Card, CardContent, Chip, Link, MenuItem, Stack, Table, TableBody, TableCell, TableHead, TableRow, TextField } from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';
import type { SearchHit } from '../../../domain/entities/search';
import { OnlineDot } from '../../components/device';
import { EmptyState, ErrorState } from '../../components/common';
import { useApi } from '../../hooks/useApi';
import { SEARCH_TYPES } from '../../layout/GlobalSearch';
import { STATION_PROFILE_TABS } from '../../../domain/routes';

/** The console path of a hit's record. */
export function hitPath(hit: Pick<SearchHit, 'type' | 'id'>): string {
  if (hit.type === 'charger') return `${STATION_PROFILE_TABS.chargers}/${hit.id}/show`;
  if (hit.type === 'gateway') return `${STATION_PROFILE_TABS.gateways}/${hit.id}/show`;
  return `${STATION_PROFILE_TABS.stations}/${hit.id}/show`;
}

const statusLabel = (hit: SearchHit) =>
  hit.type === 'station' ? `resources.station.values.status.${hit.status}` : `resources.charger.values.lifeStatus.${hit.status}`;

export default function SearchPage() {
  const translate = useTranslate();
  const [params, setParams] = useSearchParams();
  const type = params.get('ChargerSN') || 'ChargerSN';
  const term = (params.get('Search') ?? '').trim();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const size = Math.min(100, Math.max(1, Number(params.get('size')) || 20));
  const [draftType, setDraftType] = useState(type);
  const [draftTerm, setDraftTerm] = useState(term);
  useEffect(() => {
    setDraftType(type);
    setDraftTerm(term);
  }, [type, term]);

  const { data, isPending, error, refetch } = useApi<{ records: SearchHit[]; total: number }>(
    'search',
    { ChargerSN: type, Search: term, page, size },
    { enabled: Boolean(term) },
  );

  const go = (next: Record<string, string>) => {
    const p = new URLSearchParams(params);
    for (const [k, v] of Object.entries(next)) p.set(k, v);
    setParams(p);
  };
  const submit = () => {
    if (draftTerm.trim()) go({ ChargerSN: draftType, Search: draftTerm.trim(), page: '1' });
  };
  const knownType = SEARCH_TYPES.some((t) => t.value === draftType);

  return (
    <Box sx={{ mt: 1 }} data-testid="search-page">
      <Title title={translate('menu.search')} />
      <Card>
        <CardContent>
          <Stack
            direction="row"
            spacing={1}
            useFlexGap
            flexWrap="wrap"
            alignItems="center"
            component="form"
            onSubmit={(e) => {
              e.preventDefault();
              submit();
            }}
          >
            <TextField
              select
              size="small"
              fullWidth={false}
              label={translate('app.nav.search_type')}
              value={knownType ? draftType : 'ChargerSN'}
              onChange={(e) => setDraftType(e.target.value)}
              sx={{ minWidth: 180 }}
              data-testid="search-type"
            >
              {SEARCH_TYPES.map((t) => (
                <MenuItem key={t.value} value={t.value}>
                  {translate(t.label)}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              size="small"
              fullWidth={false}
              label={translate('app.search.term')}
              value={draftTerm}
              onChange={(e) => setDraftTerm(e.target.value)}
              sx={{ minWidth: 280 }}
              slotProps={{ htmlInput: { maxLength: 100, 'data-testid': 'search-term' } }}
            />
            <Button type="submit" variant="contained" startIcon={<SearchIcon />} disabled={!draftTerm.trim()} data-testid="search-submit">
              {translate('app.search.submit')}
            </Button>
          </Stack>
        </CardContent>
      </Card>
      <Card sx={{ mt: 2 }}>
        {!term ? (
          <EmptyState message="app.search.hint" icon={<SearchIcon sx={{ fontSize: 48, opacity: 0.5 }} />} />
        ) : isPending ? (
          <Loading />
        ) : error ? (
          <ErrorState error={error} onRetry={() => refetch()} />
        ) : !data?.records.length ? (
          <EmptyState message="app.search.none" />
        ) : (
          <Box sx={{ overflowX: 'auto' }}>
            <Table size="small" data-testid="search-results">
              <TableHead>
                <TableRow>
                  <TableCell>{translate('app.search.columns.type')}</TableCell>
                  <TableCell>{translate('app.search.columns.name')}</TableCell>
                  <TableCell>{translate('app.search.columns.station')}</TableCell>
                  <TableCell>{translate('app.search.columns.company')}</TableCell>
                  <TableCell>{translate('app.search.columns.online')}</TableCell>
                  <TableCell>{translate('app.search.columns.status')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {data.records.map((h) => (
                  <TableRow key={`${h.type}-${h.id}`} hover data-testid="search-hit" data-type={h.type}>
                    <TableCell>
                      <Chip size="small" label={translate(`app.search.types.${h.type}`)} />
                    </TableCell>
                    <TableCell>
                      <Link
                        component={RouterLink}
                        to={hitPath(h)}
                        sx={{ fontFamily: h.type === 'station' ? undefined : 'monospace' }}
                        data-testid="search-hit-link"
                      >
                        {h.name}
                      </Link>
                    </TableCell>
                    <TableCell>
                      <Stack direction="row" spacing={1} alignItems="center" flexWrap="wrap">
                        {h.stationId && h.type !== 'station' ? (
                          <Link component={RouterLink} to={`${STATION_PROFILE_TABS.stations}/${h.stationId}/show`}>
                            {h.stationName}
                          </Link>
                        ) : h.type === 'station' ? null : (
                          <span>{h.stationName ?? '—'}</span>
                        )}
                        {/* The station's live monitoring, one click from the hit (issue #26 item 8). */}
                        {(h.type === 'station' ? h.id : h.stationId) ? (
                          <CrossLink to={stationMonitoringPath(h.type === 'station' ? h.id : h.stationId!)} testId="search-hit-monitoring" hideDenied>
                            <Chip size="small" variant="outlined" clickable label={translate('app.links.station_monitoring')} />
                          </CrossLink>
                        ) : null}
                      </Stack>
                    </TableCell>
                    <TableCell>{h.companyName ?? h.companyCode}</TableCell>
                    <TableCell>{h.online === null ? '—' : <OnlineDot online={h.online} />}</TableCell>
                    <TableCell>{translate(statusLabel(h), { _: h.status })}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
            <UrlPagination count={data.total} page={page} size={size} go={go} />
          </Box>
        )}
      </Card>
    </Box>
  );
}
