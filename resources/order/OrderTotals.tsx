/**
 * The totals above the order list (requirements R2.18): count, energy (kWh) and the amount per
 * currency of every order the list's filters match, not only the page shown — read from the same
 * answer as the rows (`totals`, the list's `meta`), so they cannot disagree with the filters.
 */
import { useListContext, useLocaleState, useTranslate } from 'react-admin';
import { Box, Chip, Stack, Tooltip, Typography } from '@mui/material';
import type { OrderTotals as Totals } from '../../domain/entities/order';
import { formatEnergy, formatMoney } from '../../src/utils/number';

export function OrderTotals() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const { meta, isPending } = useListContext();
  const totals = (meta as { totals?: Totals } | undefined)?.totals;
  if (isPending || !totals) return null;
  return (
    <Tooltip title={translate('resources.order.totals.title')} placement="bottom-start">
      <Stack direction="row" spacing={1} useFlexGap flexWrap="wrap" alignItems="center" sx={{ px: 2, pt: 1.5, pb: 0.5 }} data-testid="order-totals">
        <Typography variant="body2" sx={{ fontWeight: 600 }} data-testid="order-totals-count">
          {translate('resources.order.totals.count', { smart_count: totals.count })}
        </Typography>
        {totals.count > 0 && (
          <>
            <Chip
              size="small"
              variant="outlined"
              data-testid="order-totals-energy"
              label={
                <Box component="span">
                  {translate('resources.order.totals.energy')}: <b>{formatEnergy(totals.energyKwh, locale)} kWh</b>
                </Box>
              }
            />
            {totals.revenue.map((r) => (
              <Chip
                key={r.currency}
                size="small"
                variant="outlined"
                data-testid={`order-totals-revenue-${r.currency}`}
                label={
                  <Box component="span">
                    {translate('resources.order.totals.revenue')}: <b>{formatMoney(r.totalAmount, r.currency, locale)}</b>
                  </Box>
                }
              />
            ))}
          </>
        )}
      </Stack>
    </Tooltip>
  );
}
