import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Pager } from './pager';

function Paged({ totalPages, pagesWithOlder }: { totalPages?: number; pagesWithOlder?: number }) {
  const [page, setPage] = useState(1);
  return totalPages !== undefined ? (
    <Pager label="Members pages" page={page} totalPages={totalPages} summary=" · 120 members" onPage={setPage} />
  ) : (
    <Pager label="Notification pages" page={page} hasNext={page < (pagesWithOlder ?? 1)} onPage={setPage} previousLabel="Newer" nextLabel="Older" />
  );
}

describe('Pager', () => {
  it('steps through a counted list and stops at both ends', async () => {
    render(<Paged totalPages={3} />);
    const nav = screen.getByRole('navigation', { name: 'Members pages' });
    expect(nav).toHaveTextContent('Page 1 of 3 · 120 members');
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(nav).toHaveTextContent('Page 3 of 3');
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(nav).toHaveTextContent('Page 2 of 3');
  });

  it('pages a feed by whether an older page exists, with no count to show', async () => {
    render(<Paged pagesWithOlder={2} />);
    const nav = screen.getByRole('navigation', { name: 'Notification pages' });
    expect(nav).not.toHaveTextContent('Page');
    expect(screen.getByRole('button', { name: 'Newer' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Older' }));
    expect(screen.getByRole('button', { name: 'Older' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Newer' })).toBeEnabled();
  });

  it('holds both buttons while a page loads', () => {
    render(<Pager label="Trade log pages" page={2} totalPages={5} busy onPage={() => {}} />);
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
  });
});
