import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { refreshAfterJournalSave, tradeDataKeys } from '@/lib/trade-data';

describe('refreshAfterJournalSave', () => {
  it('marks stale what a journal save can change: tags, playbooks, and pages and TradeDesk months filtered by tag or playbook', () => {
    const client = new QueryClient();
    const keys = {
      tagged: tradeDataKeys.orderHistory({ per_page: 50, tag: 'FOMO entry' }),
      byPlaybook: tradeDataKeys.daySummaries({ from: '2026-01-01', to: '2026-01-31', playbook: '7' }),
      plainLog: tradeDataKeys.orderHistory({ per_page: 50 }),
      plainMonth: tradeDataKeys.daySummaries({ from: '2026-01-01', to: '2026-01-31' }),
      playbooks: tradeDataKeys.playbooks,
      tags: tradeDataKeys.journalTags,
    };
    for (const key of Object.values(keys)) client.setQueryData(key, { data: [] });
    refreshAfterJournalSave(client, '2026-01-05', { data: {} });
    const stale = Object.fromEntries(Object.entries(keys).map(([name, key]) => [name, client.getQueryState(key)?.isInvalidated]));
    expect(stale).toEqual({ tagged: true, byPlaybook: true, plainLog: false, plainMonth: false, playbooks: true, tags: true });
  });
});
