import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { ManualTradeDrawer } from './manual-trade-drawer';

/** The page's "+ Trade" button and the drawer it opens, as TradeDesk and the daily log use them. */
function Harness() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        + Trade
      </button>
      <ManualTradeDrawer open={open} onOpenChange={setOpen} day="2026-01-05" />
    </>
  );
}

function renderHarness() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <Harness />
    </QueryClientProvider>,
  );
}

describe('ManualTradeDrawer', () => {
  it.each([
    ['Escape', async (user: ReturnType<typeof userEvent.setup>) => user.keyboard('{Escape}')],
    ['Cancel', async (user: ReturnType<typeof userEvent.setup>) => user.click(screen.getByRole('button', { name: 'Cancel' }))],
    ['the close X', async (user: ReturnType<typeof userEvent.setup>) => user.click(screen.getByRole('button', { name: 'Close' }))],
  ])('gives focus back to "+ Trade" when closed with %s', async (_how, close) => {
    const user = userEvent.setup();
    renderHarness();
    const plus = screen.getByRole('button', { name: '+ Trade' });
    plus.focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Create manual trade' });
    expect(dialog).toContainElement(document.activeElement as HTMLElement);

    await close(user);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(plus).toHaveFocus();
  });
});
