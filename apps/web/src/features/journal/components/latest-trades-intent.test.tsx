import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tradeFixture } from '../../../../test/trade-fixture';
import { renderWithClient } from '../../../../test/render';
import { LatestTrades } from './latest-trades';

// Whether the detail panel's module has been asked for: the factory runs on its first import.
const panel = vi.hoisted(() => ({ loaded: false }));
vi.mock('./trade-detail-panel', async (importOriginal) => {
  panel.loaded = true;
  return importOriginal();
});

beforeEach(() => {
  vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ data: { trades: {} } }), { status: 200, headers: { 'content-type': 'application/json' } })));
});
afterEach(() => vi.unstubAllGlobals());

describe("TradeDesk's latest trades", () => {
  it("load a row's detail panel when the member points at the list, not while the page first paints", async () => {
    renderWithClient(<LatestTrades trades={[tradeFixture({ id: '41', position_id: 'P41' })]} loading={false} error={null} outcomes />);
    const row = await screen.findByRole('row', { name: /NAS100/ });
    // A few turns of the event loop: an effect that loaded the panel after the paint would have run.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(panel.loaded).toBe(false);

    fireEvent.pointerEnter(row);
    await vi.waitFor(() => expect(panel.loaded).toBe(true));
  });
});
