import { screen, waitFor } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { TradeChart } from './trade-chart';
import { jsonResponse } from '../../../../test/fetch-stub';
import { renderWithClient } from '../../../../test/render';
import { tradeChartFixture } from '../../../../test/trade-fixture';

vi.mock('lightweight-charts', () => import('../../../../test/chart-stub'));

afterEach(() => vi.unstubAllGlobals());

// In a file of its own: the first chart of the test run is the one a member opening a trade by
// its address gets (nothing of the chart loaded before).
it('draws the first chart as soon as its answer is shown, not held back by a loading fallback', async () => {
  // React holds back content that replaces a Suspense fallback until 300 ms after the fallback
  // showed: a lazily loaded canvas kept a trade opened by its address waiting that long.
  document.cookie = 'XSRF-TOKEN=test-token';
  vi.stubGlobal('fetch', vi.fn(async () => jsonResponse({ data: tradeChartFixture() })));
  const { container } = renderWithClient(<TradeChart tradeId="1" />);
  await screen.findByText('Times in America/Los_Angeles');
  const shown = performance.now();
  await waitFor(() => expect(container.querySelector('[data-state]')).toHaveAttribute('data-state', 'ready'));
  expect(performance.now() - shown).toBeLessThan(280);
});
