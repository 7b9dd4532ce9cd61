/**
 * The 24-hour timeline of a rate template (requirements §5): each time-of-use window drawn to scale and
 * coloured by its electricity fee with the fee as its label; gaps and overlaps drawn in red on a
 * band below; hour ticks every 3 hours. Clicking a window selects its row.
 */
import { useTranslate } from 'react-admin';
import { Box, Tooltip, Typography } from '@mui/material';
import type { RateRow } from '../../../domain/rate-template';
import { buildTimeline, DAY_MINUTES, distinctFees, feeColor, formatTime } from './timeline';

const pct = (m: number) => `${(m / DAY_MINUTES) * 100}%`;
const PROBLEM_RED = '#e53935';

export function RateTimeline({
  details,
  currency,
  selected,
  onSelect,
}: {
  details: readonly RateRow[];
  currency: string;
  selected?: number | null;
  onSelect?: (index: number) => void;
}) {
  const translate = useTranslate();
  const { windows, problems } = buildTimeline(details);
  const fees = distinctFees(details);
  const unit = currency && currency !== 'NO_CURRENCY' ? `${currency}/kWh` : '/kWh';
  return (
    <Box data-testid="rate-timeline" sx={{ width: '100%', userSelect: 'none' }}>
      <Box sx={{ position: 'relative', height: 44, bgcolor: '#f2f3f5', borderRadius: 1, overflow: 'hidden', border: '1px solid #dcdfe6' }}>
        {windows.map((w) => (
          <Tooltip key={w.index} title={`${formatTime(w.start)}–${formatTime(w.end)} · ${w.fee} ${unit}`}>
            <Box
              data-testid="timeline-window"
              data-start={formatTime(w.start)}
              data-end={formatTime(w.end)}
              onClick={() => onSelect?.(w.index)}
              sx={{
                position: 'absolute',
                left: pct(w.start),
                width: pct(w.end - w.start),
                top: 0,
                bottom: 0,
                bgcolor: feeColor(w.fee, fees),
                opacity: problems.some((p) => p.kind === 'overlap' && p.start < w.end && p.end > w.start) ? 0.6 : 1,
                borderRight: '1px solid #fff',
                cursor: onSelect ? 'pointer' : 'default',
                outline: selected === w.index ? '3px solid #303133' : 'none',
                outlineOffset: -3,
                display: 'flex',
                alignItems: 'center',
                justifyContent: 'center',
                overflow: 'hidden',
              }}
            >
              <Typography variant="caption" sx={{ color: '#fff', fontWeight: 600, whiteSpace: 'nowrap', textShadow: '0 0 2px rgba(0,0,0,.5)', px: 0.5 }}>
                {w.fee}
              </Typography>
            </Box>
          </Tooltip>
        ))}
      </Box>
      <Box sx={{ position: 'relative', height: 8, mt: 0.5 }}>
        {problems.map((p) => (
          <Tooltip
            key={`${p.kind}-${p.start}`}
            title={`${translate(`resources.rate-template.timeline.${p.kind}`)} ${formatTime(p.start)}–${formatTime(p.end)}`}
          >
            <Box
              data-testid={`timeline-${p.kind}`}
              data-start={formatTime(p.start)}
              data-end={formatTime(p.end)}
              sx={{
                position: 'absolute',
                left: pct(p.start),
                width: `max(${pct(p.end - p.start)}, 3px)`,
                top: 0,
                bottom: 0,
                bgcolor: PROBLEM_RED,
                borderRadius: 0.5,
                backgroundImage: p.kind === 'overlap' ? 'repeating-linear-gradient(45deg, transparent 0 3px, rgba(255,255,255,.6) 3px 6px)' : 'none',
              }}
            />
          </Tooltip>
        ))}
      </Box>
      <Box sx={{ position: 'relative', height: 16 }}>
        {[0, 3, 6, 9, 12, 15, 18, 21, 24].map((h) => (
          <Typography
            key={h}
            variant="caption"
            color="text.secondary"
            sx={{ position: 'absolute', left: pct(h * 60), transform: h === 0 ? 'none' : h === 24 ? 'translateX(-100%)' : 'translateX(-50%)', fontSize: 11 }}
          >
            {`${String(h).padStart(2, '0')}:00`}
          </Typography>
        ))}
      </Box>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', mt: 0.5 }}>
        {fees.map((fee) => (
          <Box key={fee} sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
            <Box sx={{ width: 12, height: 12, borderRadius: 0.5, bgcolor: feeColor(fee, fees) }} />
            <Typography variant="caption">
              {fee} {unit}
            </Typography>
          </Box>
        ))}
        {problems.length > 0 && (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
            <Box sx={{ width: 12, height: 12, borderRadius: 0.5, bgcolor: PROBLEM_RED }} />
            <Typography variant="caption" color="error">
              {translate('resources.rate-template.timeline.legend_problem')}
            </Typography>
          </Box>
        )}
      </Box>
    </Box>
  );
}
