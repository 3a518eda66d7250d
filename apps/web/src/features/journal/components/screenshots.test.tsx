import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Screenshot } from '@th/contracts/journal-screenshots';
import { jsonResponse, stubBehindCsrf } from '../../../../test/fetch-stub';
import { renderWithClient } from '../../../../test/render';
import { Screenshots } from './screenshots';

const shot = (id: string, tradeId: string | null): Screenshot => ({
  id,
  date: '2026-01-05',
  trade_id: tradeId,
  content_type: 'image/png',
  size: 100,
  created_at: '2026-01-05T15:00:00Z',
});

let stored: Screenshot[];
let sent: FormData[];
let answer: () => Response;

beforeEach(() => {
  stored = [shot('a', null), shot('b', '42'), shot('c', '42'), shot('d', '7')];
  sent = [];
  answer = () => {
    const added = shot(`new-${sent.length}`, '42');
    stored.push(added);
    return jsonResponse({ message: 'Screenshot attached to the trade.', data: added }, 201);
  };
  URL.createObjectURL = vi.fn(() => 'blob:screenshot');
  URL.revokeObjectURL = vi.fn();
  stubBehindCsrf((url, init) => {
    if (url.includes('/image')) return new Response(new Blob([new Uint8Array([1])], { type: 'image/png' }));
    if (init.method === 'POST') {
      sent.push(init.body as FormData);
      return answer();
    }
    return jsonResponse({ data: stored });
  });
});
afterEach(() => vi.unstubAllGlobals());

const png = (bytes = 10) => new File([new Uint8Array(bytes)], 'entry.png', { type: 'image/png' });
// Generous waits: the suite runs beside the server and browser suites on two cores.
const WAIT = { timeout: 5000 };
const renderTrade = () => renderWithClient(<Screenshots date="2026-01-05" tradeId="42" subject="this NAS100 trade" />);

describe('Screenshots of a trade', () => {
  it("shows the trade's own screenshots only, and a picked file is attached to the trade and listed", async () => {
    const user = userEvent.setup();
    renderTrade();
    expect(await screen.findByRole('button', { name: 'Open Screenshot 1 of this NAS100 trade' }, WAIT)).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /^Open Screenshot/ })).toHaveLength(2);

    await user.upload(screen.getByLabelText('Choose screenshots of this NAS100 trade'), png());
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Screenshot attached to the trade.'), WAIT);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.get('trade_id')).toBe('42');
    expect((sent[0]!.get('file') as File).name).toBe('entry.png');
    await waitFor(() => expect(screen.getAllByRole('button', { name: /^Open Screenshot/ })).toHaveLength(3), WAIT);
  });

  it('refuses an image over 5 MB before sending it', async () => {
    const user = userEvent.setup();
    renderTrade();
    await screen.findAllByRole('button', { name: /^Open Screenshot/ }, WAIT);
    await user.upload(screen.getByLabelText('Choose screenshots of this NAS100 trade'), png(5 * 1024 * 1024 + 1));
    expect(await screen.findByRole('alert', {}, WAIT)).toHaveTextContent('Images are limited to 5 MB.');
    expect(sent).toHaveLength(0);
  });

  it("shows the server's message when it refuses a file that is not really an image", async () => {
    answer = () => jsonResponse({ message: 'Upload a PNG, JPEG, WebP or GIF image.', errors: { file: ['Upload a PNG, JPEG, WebP or GIF image.'] } }, 422);
    const user = userEvent.setup();
    renderTrade();
    await screen.findAllByRole('button', { name: /^Open Screenshot/ }, WAIT);
    await user.upload(screen.getByLabelText('Choose screenshots of this NAS100 trade'), png());
    expect(await screen.findByRole('alert', {}, WAIT)).toHaveTextContent('Upload a PNG, JPEG, WebP or GIF image.');
  });

  it('attaches an image pasted into the box', async () => {
    renderTrade();
    const add = await screen.findByRole('button', { name: 'Add screenshot' }, WAIT);
    fireEvent.paste(add, { clipboardData: { files: [png()] } });
    await waitFor(() => expect(sent).toHaveLength(1), WAIT);
    expect(sent[0]!.get('trade_id')).toBe('42');
  });
});
