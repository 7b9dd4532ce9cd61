/**
 * The pricing breakdown of an order (domain/billing.ts `SessionPrice.breakdown`): energy and fee
 * per time-of-use window, then each figure's formula with its numbers, and how the order was paid.
 * Demo orders store the same windows under `segments`; both are shown alike.
 */
import { useTranslate } from 'react-admin';
import { Box, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';

interface WindowRow {
  startTime?: string;
  endTime?: string;
  start?: string;
  end?: string;
  energyKwh?: string;
  electricityFeePerKwh?: string;
  fee?: string;
  amount?: string;
}

interface BreakdownValue {
  rule?: string;
  modelName?: string;
  rateTemplate?: string;
  windows?: WindowRow[];
  segments?: WindowRow[];
  formulas?: Record<string, string>;
  timeZone?: string;
  settlement?: { rule?: string; code?: number | null; deductType?: string | null };
}

const num = (v: string | undefined, digits: number) => (v === undefined || v === '' || Number.isNaN(Number(v)) ? '—' : Number(v).toFixed(digits));

/** True when the breakdown has something to show. */
export function hasBreakdown(value: unknown): value is BreakdownValue {
  if (!value || typeof value !== 'object') return false;
  const b = value as BreakdownValue;
  return Array.isArray(b.windows) || Array.isArray(b.segments) || typeof b.rule === 'string';
}

export function OrderBreakdown({ value }: { value: BreakdownValue }) {
  const translate = useTranslate();
  const t = (k: string, o?: Record<string, unknown>) => translate(`resources.order.breakdown.${k}`, o);
  const rows = (value.windows ?? value.segments ?? []).filter((w) => Number(w.energyKwh ?? 0) > 0);
  const template = value.modelName ?? value.rateTemplate;
  return (
    <Box data-testid="order-breakdown">
      {value.rule === 'NO_TEMPLATE' && <Typography variant="body2">{t('no_template')}</Typography>}
      {template && (
        <Typography variant="body2" color="text.secondary">
          {t('template')}: {template}
          {value.timeZone ? ` (${value.timeZone})` : ''}
        </Typography>
      )}
      {rows.length > 0 && (
        <Table size="small" sx={{ mt: 1 }}>
          <TableHead>
            <TableRow>
              <TableCell>{t('window')}</TableCell>
              <TableCell align="right">{t('energy')}</TableCell>
              <TableCell align="right">{t('price')}</TableCell>
              <TableCell align="right">{t('amount')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((w, i) => {
              const amount = w.amount ?? (w.fee !== undefined ? String(Number(w.fee)) : undefined);
              return (
                // biome-ignore lint/suspicious/noArrayIndexKey: the windows of an order are fixed and never reorder
                <TableRow key={i} data-testid="order-breakdown-window">
                  <TableCell>
                    {w.startTime ?? w.start}–{w.endTime ?? w.end}
                  </TableCell>
                  <TableCell align="right">{num(w.energyKwh, 3)} kWh</TableCell>
                  <TableCell align="right">{w.electricityFeePerKwh}</TableCell>
                  <TableCell align="right">{num(amount, 2)}</TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      )}
      {value.formulas && (
        <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 0.5, mt: 1.5, mb: 0 }}>
          {(['electricityFee', 'serviceFee', 'taxAmount', 'totalAmount'] as const)
            .filter((k) => value.formulas?.[k])
            .map((k) => (
              <Box key={k} sx={{ display: 'contents' }}>
                <Typography component="dt" variant="caption" color="text.secondary">
                  {translate(`resources.order.fields.${k}`)}
                </Typography>
                <Typography component="dd" variant="caption" sx={{ m: 0, fontFamily: 'monospace' }}>
                  {value.formulas?.[k]}
                </Typography>
              </Box>
            ))}
        </Box>
      )}
      {value.settlement?.rule && (
        <Typography variant="body2" sx={{ mt: 1 }} data-testid="order-settlement">
          {t(`settlement.${value.settlement.rule}`)}
          {value.settlement.code ? ` (${value.settlement.code})` : ''}
        </Typography>
      )}
    </Box>
  );
}
