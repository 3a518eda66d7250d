import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PlaybookReportRow } from '@th/contracts';
import { BreakdownTable } from './breakdown-table';

const row: PlaybookReportRow = {
  key: 'orb',
  label: 'ORB retest',
  trades: 4,
  wins: 3,
  losses: 1,
  flats: 0,
  net: 120.5,
  gross_win: 160.5,
  gross_loss: -40,
  win_rate: 75,
  profit_factor: 4.01,
  expectancy: 30.13,
  average_win: 53.5,
  average_loss: -40,
  average_r: 1.25,
  trades_with_risk: 4,
};

describe('a breakdown table', () => {
  it('adds the Average R column for the playbook breakdowns only', () => {
    const { unmount } = render(<BreakdownTable averageR title="By playbook" rows={[row]} empty="None." />);
    const table = screen.getByRole('table');
    expect(within(table).getByRole('columnheader', { name: 'Average R' })).toBeInTheDocument();
    const cells = within(within(table).getByRole('row', { name: /ORB retest/ })).getAllByRole('cell');
    expect(cells.at(-1)).toHaveTextContent('1.25R');
    unmount();

    render(<BreakdownTable title="By instrument" rows={[row]} empty="None." />);
    expect(within(screen.getByRole('table')).queryByRole('columnheader', { name: 'Average R' })).toBeNull();
    expect(within(screen.getByRole('table')).getAllByRole('columnheader')).toHaveLength(6);
  });
});
