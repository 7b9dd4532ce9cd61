/**
 * Refused handshakes beside the charger log (`GET /sp/connection-attempt`): who tried to connect
 * and was refused (unknown or deactivated chargeBoxId, bad password, no OCPP subprotocol…), from
 * which address, how many times, first and last time; filtered by identity and reason, 20 a page.
 */
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { Card, CardContent, Stack, Table, TableBody, TableCell, TableContainer, TableHead, TablePagination, TableRow, TextField } from '@mui/material';
import type { ConnectionAttemptRecord } from '../../../domain/entities/charger-log';
import { QueryStates } from '../../components/common';
import { useApi } from '../../hooks/useApi';
import { formatDateTime } from '../../utils/date';

const P = 'app.charger_log';

export function AttemptsTab() {
  const translate = useTranslate();
  const [identity, setIdentity] = useState('');
  const [reason, setReason] = useState('');
  const [applied, setApplied] = useState({ identity: '', reason: '' });
  const [page, setPage] = useState(0);
  const [size, setSize] = useState(20);
  const { data, isPending, isFetching, error, refetch } = useApi<{ records: ConnectionAttemptRecord[]; total: number }>(
    'connection-attempt',
    { page: page + 1, size, identity: applied.identity || undefined, reason: applied.reason || undefined },
    { placeholderData: (prev) => prev },
  );
  const apply = () => {
    setApplied({ identity: identity.trim(), reason: reason.trim().toUpperCase() });
    setPage(0);
  };
  const records = data?.records ?? [];
  return (
    <Stack spacing={2}>
      <Card>
        <CardContent sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', pb: '16px !important' }}>
          <TextField
            size="small"
            label={translate(`${P}.fields.identity`)}
            value={identity}
            onChange={(e) => setIdentity(e.target.value)}
            onBlur={apply}
            onKeyDown={(e) => {
              if (e.key === 'Enter') apply();
            }}
            slotProps={{ htmlInput: { 'data-testid': 'attempt-filter-identity' } }}
          />
          <TextField
            size="small"
            label={translate(`${P}.fields.reason`)}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            onBlur={apply}
            onKeyDown={(e) => {
              if (e.key === 'Enter') apply();
            }}
          />
        </CardContent>
      </Card>
      <Card>
        <QueryStates
          data={data}
          error={error}
          isPending={isPending}
          isFetching={isFetching}
          empty={!records.length}
          emptyMessage={`${P}.no_attempts`}
          onRetry={() => void refetch()}
        >
          <TableContainer sx={{ overflowX: 'auto' }}>
            <Table size="small" data-testid="attempt-table">
              <TableHead>
                <TableRow>
                  {['identity', 'remoteAddress', 'reason', 'count', 'firstTime', 'lastTime'].map((k) => (
                    <TableCell key={k} sx={{ whiteSpace: 'nowrap', fontWeight: 600 }}>
                      {translate(`${P}.fields.${k}`)}
                    </TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {records.map((r) => (
                  <TableRow key={r.id} data-testid="attempt-row">
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{r.identity}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{r.remoteAddress}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{translate(`${P}.reasons.${r.reason}`, { _: r.reason })}</TableCell>
                    <TableCell>{r.count}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(r.firstTimeStamp)}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(r.createTimeStamp)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        </QueryStates>
        <TablePagination
          component="div"
          count={data?.total ?? 0}
          page={page}
          rowsPerPage={size}
          rowsPerPageOptions={[20, 50, 100]}
          onPageChange={(_e, p) => setPage(p)}
          onRowsPerPageChange={(e) => {
            setSize(Number(e.target.value));
            setPage(0);
          }}
          labelRowsPerPage={translate('ra.navigation.page_rows_per_page')}
        />
      </Card>
    </Stack>
  );
}
