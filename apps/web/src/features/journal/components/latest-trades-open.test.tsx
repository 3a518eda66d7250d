import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { tradeFixture } from '../../../../test/trade-fixture';
import { renderWithClient } from '../../../../test/render';
import { LatestTrades } from './latest-trades';

beforeEach(() => {
  vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ data: { trades: {} } }), { status: 200, headers: { 'content-type': 'application/json' } })));
});
afterEach(() => vi.unstubAllGlobals());

// In a file of its own: the panel opened is the run's first, as on a freshly loaded TradeDesk.
// The panel's code is imported for the first time in this test: slow on a busy machine.
it("opens a row's detail panel at once when the member pointed at the list first", { timeout: 60_000 }, async () => {
  renderWithClient(<LatestTrades trades={[tradeFixture({ id: '41', position_id: 'P41' })]} loading={false} error={null} outcomes />);
  const row = await screen.findByRole('row', { name: /NAS100/ });
  fireEvent.pointerEnter(row);
  // The pointer's intent has loaded the panel's code by the time the member clicks.
  await import('./trade-detail-panel');
  await new Promise((resolve) => setTimeout(resolve, 20));
  fireEvent.click(row);
  const opened = performance.now();
  // React held a lazy panel behind its "Loading journal…" fallback for 300 ms, code loaded or not.
  await screen.findByRole('region', { name: 'NAS100 trade details' }, { timeout: 1_000 });
  expect(performance.now() - opened).toBeLessThan(280);
});
