import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { RuleComplianceDay } from '@th/contracts/risk';
import { monthGrid, type DaySummary } from '@th/domain';
import { TradeCalendar } from './trade-calendar';

describe('TradeCalendar', () => {
  it('counts one trade on one day in the singular, in the day and in its week', () => {
    const summaries = new Map<string, DaySummary>([['2026-11-22', { date: '2026-11-22', net: 78.37, trades: 1 }]]);
    render(
      <MemoryRouter>
        <TradeCalendar grid={monthGrid('2026-11')!} summaries={summaries} narrow={false} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('gridcell', { name: '2026-11-22: +$78.37, 1 trade' })).toHaveTextContent('1 trade');
    expect(screen.getByRole('gridcell', { name: /^Week 48/ })).toHaveTextContent('1 trade · 1 day');
    expect(screen.getByRole('gridcell', { name: /^Week 49/ })).toHaveTextContent('0 trades · 0 days');
  });

  it("names each day's Risk Manager verdict with its figures, and marks it with a sign, not a colour alone", () => {
    const summaries = new Map<string, DaySummary>([['2026-11-10', { date: '2026-11-10', net: -250, trades: 3 }]]);
    const ruleDays = new Map<string, RuleComplianceDay>([
      ['2026-11-10', { date: '2026-11-10', status: 'broken', broken_rules: ['Max daily loss'] }],
      ['2026-11-11', { date: '2026-11-11', status: 'kept', broken_rules: [] }],
    ]);
    render(
      <MemoryRouter>
        <TradeCalendar grid={monthGrid('2026-11')!} summaries={summaries} narrow={false} ruleDays={ruleDays} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('gridcell', { name: '2026-11-10: Rules broken: Max daily loss; -$250.00, 3 trades' })).toHaveTextContent('✕ Rules broken');
    expect(screen.getByRole('gridcell', { name: '2026-11-11: Rules kept' })).toHaveTextContent('✓ Rules kept');
    expect(screen.getByRole('gridcell', { name: '2026-11-12' })).not.toHaveTextContent(/Rules/);
  });
});
