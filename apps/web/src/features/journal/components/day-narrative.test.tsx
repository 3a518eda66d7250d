import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { JournalDay } from '@th/contracts/journals';
import { DayNarrative } from './day-narrative';

const journal: JournalDay = {
  date: '2026-01-05',
  session: null,
  sentiment: null,
  plan_summary: null,
  overall_notes: '<p>Trend day.</p>',
  tags: [],
  updated_at: null,
  trades: {},
};

beforeEach(() => {
  // jsdom has no layout: ProseMirror measures the caret to scroll it into view on focus.
  Range.prototype.getClientRects = () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
  Range.prototype.getBoundingClientRect = () => new DOMRect();
  document.cookie = 'XSRF-TOKEN=test';
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify({ data: journal }), { status: 200, headers: { 'content-type': 'application/json' } })),
  );
});
afterEach(() => vi.unstubAllGlobals());

function renderNarrative() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <DayNarrative date="2026-01-05" journal={journal} />
    </QueryClientProvider>,
  );
}

describe('Daily narrative, by keyboard', () => {
  it.each(['Cancel', 'Save narrative'])('Edit takes focus into the editor and %s brings it back to Edit', async (leave) => {
    const user = userEvent.setup();
    renderNarrative();
    screen.getByRole('button', { name: 'Edit' }).focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Daily narrative' })).toHaveFocus());

    screen.getByRole('button', { name: leave }).focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Edit' })).toHaveFocus());
    // The save is announced in a live region; leaving without saving says nothing.
    if (leave === 'Cancel') expect(screen.getByRole('status')).toBeEmptyDOMElement();
    else expect(screen.getByRole('status')).toHaveTextContent('Narrative saved.');
  });
});
