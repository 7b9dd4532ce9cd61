// @vitest-environment jsdom
/** The KPI tile of the dashboard and analytics: its tinted icon square only when it has an icon. */
import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import BoltIcon from '@mui/icons-material/Bolt';
import { KpiCard } from '../../../src/pages/dashboard/KpiCard';

describe('KpiCard', () => {
  it('shows its icon in a tinted square', () => {
    render(<KpiCard label="Energy" value="12.5" icon={<BoltIcon />} color="#1ebb77" testId="k1" />);
    expect(screen.getByTestId('k1').textContent).toBe('12.5');
    expect(screen.getByTestId('k1-icon').querySelector('svg')).not.toBeNull();
  });

  it('draws no empty square without an icon', () => {
    render(<KpiCard label="Energy" value="3" color="#1ebb77" testId="k2" />);
    expect(screen.getByTestId('k2').textContent).toBe('3');
    expect(screen.queryByTestId('k2-icon')).toBeNull();
  });
});
