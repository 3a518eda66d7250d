import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { JournalTradeEntry } from '@th/contracts/journals';
import { tradeFixture } from '../../../../test/trade-fixture';
import { TradeDetailRead } from './trade-detail-read';
import { renderWithClient as render } from '../../../../test/render';
import { stubEveryCall } from '../../../../test/fetch-stub';

vi.mock('lightweight-charts', () => import('../../../../test/chart-stub'));

const checklist = () => screen.getByText('Process checklist').nextElementSibling as HTMLElement;
const entry = (over: Partial<JournalTradeEntry['checklist']>): JournalTradeEntry => ({
  trade_id: '1',
  date: '2026-01-05',
  outcome: null,
  notes: null,
  context: { session: null, marketCondition: null, news: null },
  emotions: { before: null, during: null, after: null },
  checklist: { planAligned: false, riskManaged: false, scalingRules: false, ...over },
  labels: [],
  playbook_id: null,
  rules_followed: [],
  updated_at: '2026-01-05T20:00:00Z',
});

describe('TradeDetailRead process checklist', () => {
  // The trade chart under the checklist asks for its bars; its answer does not matter here.
  beforeEach(() => stubEveryCall(404, { message: 'Trade not found.' }));

  it('says a never-reviewed trade is not reviewed, instead of three Fails', () => {
    render(<TradeDetailRead trade={tradeFixture()} entry={undefined} />);
    expect(within(checklist()).getAllByText('Not reviewed')).toHaveLength(3);
    expect(within(checklist()).queryByText('Fail')).not.toBeInTheDocument();
  });

  it('[T97] shows Pass and Fail once the member has reviewed the trade', () => {
    render(<TradeDetailRead trade={tradeFixture()} entry={entry({ planAligned: true })} />);
    expect(within(checklist()).getAllByText('Pass')).toHaveLength(1);
    expect(within(checklist()).getAllByText('Fail')).toHaveLength(2);
  });
});
