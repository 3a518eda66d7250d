import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
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
    vi.fn(async (url: string) => {
      const body = String(url).endsWith('/api/journals/tags') ? { data: [{ tag: 'Tired', trades: 0, days: 2 }] } : { data: journal };
      return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
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

  it('has one Tab stop for its formatting buttons, moved by the arrow keys, and pressed ones say so', async () => {
    const user = userEvent.setup();
    renderNarrative();
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    const editor = await screen.findByRole('textbox', { name: 'Daily narrative' });
    await waitFor(() => expect(editor).toHaveFocus());
    expect(editor).toHaveAccessibleDescription(/press Escape, then Tab, to leave the editor/);

    await user.tab({ shift: true });
    expect(screen.getByRole('button', { name: 'Bold' })).toHaveFocus();
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(screen.getByRole('button', { name: 'Underline' })).toHaveFocus();
    await user.keyboard('{End}');
    const bulletList = screen.getByRole('button', { name: 'Bullet list' });
    expect(bulletList).toHaveFocus();
    expect(bulletList).toHaveAttribute('aria-pressed', 'false');
    await user.keyboard('{Enter}');
    expect(bulletList).toHaveAttribute('aria-pressed', 'true');
    // The last button used is the toolbar's one Tab stop.
    expect(screen.getAllByRole('button', { name: /^(Bold|Italic|Underline|Bullet list)$/ }).map((button) => button.tabIndex)).toEqual([-1, -1, -1, 0]);
  });

  it('lets the keyboard leave a list: Tab indents the item, Escape then Tab moves on to the day tags', async () => {
    const user = userEvent.setup();
    renderNarrative();
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    const editor = await screen.findByRole('textbox', { name: 'Daily narrative' });
    await waitFor(() => expect(editor).toHaveFocus());
    await user.keyboard('{Control>}{Shift>}8{/Shift}{/Control}first{Enter}second');
    expect(editor.querySelectorAll('li')).toHaveLength(2);

    await user.tab();
    expect(editor).toHaveFocus();
    expect(editor.querySelectorAll('li li')).toHaveLength(1);
    await user.tab({ shift: true });
    expect(editor).toHaveFocus();
    expect(editor.querySelectorAll('li li')).toHaveLength(0);
    // The second item could be indented again: Escape makes this Tab leave instead.
    await user.keyboard('{Escape}');
    await user.tab();
    expect(screen.getByRole('combobox', { name: 'Day tags' })).toHaveFocus();
    expect(editor.querySelectorAll('li li')).toHaveLength(0);
  });

  it("tags the day from the member's own tags by keyboard and saves them with the narrative", async () => {
    const user = userEvent.setup();
    renderNarrative();
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    const input = await screen.findByRole('combobox', { name: 'Day tags' });
    await user.click(input);
    // Their own tag is offered first, before the starters.
    await waitFor(() => expect(document.querySelector('datalist option')).toHaveAttribute('value', 'Tired'));
    await user.type(input, 'Tired{Enter}late start,');
    const chosen = screen.getByRole('list', { name: 'Day tags' });
    expect(within(chosen).getAllByRole('button').map((remove) => remove.getAttribute('aria-label'))).toEqual(['Remove tag Tired', 'Remove tag late start']);
    await user.type(input, 'tired{Enter}');
    expect(screen.getByText('“tired” is already added.')).toBeInTheDocument();
    await user.clear(input);
    await user.click(screen.getByRole('button', { name: 'Remove tag late start' }));
    await user.click(screen.getByRole('button', { name: 'Save narrative' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Narrative saved.'));
    const put = vi.mocked(fetch).mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(JSON.parse(String(put![1]!.body))).toMatchObject({ tags: ['Tired'] });
  });
});
