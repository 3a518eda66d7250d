import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LAST_SYNC_STORAGE_KEY } from '../utils/sync-cooldown';
import { SyncButton } from './sync-button';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function renderButton() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <SyncButton />
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  document.cookie = 'XSRF-TOKEN=test';
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('SyncButton', () => {
  it('counts down the cooldown from the stored last sync, then offers Sync again', () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'setTimeout', 'clearTimeout', 'Date'] });
    vi.setSystemTime(new Date('2026-01-05T15:00:00Z'));
    localStorage.setItem(LAST_SYNC_STORAGE_KEY, String(Date.now() - 10_000));
    renderButton();
    const button = screen.getByRole('button');
    expect(button).toHaveTextContent('2:50');
    expect(button).toBeDisabled();
    act(() => vi.advanceTimersByTime(1000));
    expect(button).toHaveTextContent('2:49');
    act(() => vi.advanceTimersByTime(170_000));
    expect(button).toHaveTextContent('Sync');
    expect(button).toBeEnabled();
  });

  it('[T122] reports the counts, starts the cooldown and clears the message after 3 s', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        json({
          synced: [{ id: 'a', name: 'Apex', inserted: 3, updated: 0, unchanged: 4 }],
          skipped: [{ id: 'b', name: 'Old', reason: 'disabled' }],
          failed: [],
          message: 'Synced 1 account.',
        }),
      ),
    );
    renderButton();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Sync' }));
    });
    expect(await screen.findByText('Sync complete: 1 updated, 1 skipped, 0 failed.')).toBeInTheDocument();
    expect(screen.getByRole('button')).toHaveTextContent('3:00');
    expect(Number(localStorage.getItem(LAST_SYNC_STORAGE_KEY))).toBeGreaterThan(Date.now() - 5000);
    await waitFor(() => expect(screen.queryByText(/Sync complete/)).not.toBeInTheDocument(), { timeout: 4000 });
  });

  it("counts down the server's own cooldown at once instead of showing Syncing… until it ends", async () => {
    const fetch = vi.fn(async () => {
      const response = json({ message: 'Please wait 80 seconds before syncing again.' }, 429);
      response.headers.set('retry-after', '80');
      return response;
    });
    vi.stubGlobal('fetch', fetch);
    renderButton();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Sync' }));
    });
    expect(await screen.findByText('Please wait 80 seconds before syncing again.', undefined, { timeout: 1000 })).toBeInTheDocument();
    const button = screen.getByRole('button');
    expect(button).toHaveTextContent('1:20');
    expect(button).toBeDisabled();
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('[T82] shows the failure status and keeps Sync available', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('', { status: 500 })));
    renderButton();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Sync' }));
    });
    expect(await screen.findByText('Sync failed (500)')).toBeInTheDocument();
    expect(screen.getByRole('button')).toHaveTextContent('Sync');
  });
});
