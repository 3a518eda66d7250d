import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { createMemoryRouter, Link, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { UNSAVED_CHANGES, useUnsavedChanges } from './use-unsaved-changes';

function Editor() {
  const [title, setTitle] = useState('');
  useUnsavedChanges(title !== '');
  return (
    <>
      <label>
        Lesson title
        <input value={title} onChange={(event) => setTitle(event.target.value)} />
      </label>
      <Link to="/admin/courses">Courses</Link>
    </>
  );
}

function renderEditor() {
  const router = createMemoryRouter(
    [
      { path: '/admin/lesson', element: <Editor /> },
      { path: '/admin/courses', element: <p>Course list</p> },
    ],
    { initialEntries: ['/admin/lesson'] },
  );
  render(<RouterProvider router={router} />);
}

afterEach(() => vi.restoreAllMocks());

describe('useUnsavedChanges', () => {
  it('asks before leaving with unsaved changes, and stays when the answer is no', async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    renderEditor();
    await userEvent.type(screen.getByLabelText('Lesson title'), 'Reading the tape');
    await userEvent.click(screen.getByRole('link', { name: 'Courses' }));
    expect(confirm).toHaveBeenCalledWith(UNSAVED_CHANGES);
    expect(screen.getByLabelText('Lesson title')).toHaveValue('Reading the tape');

    confirm.mockReturnValue(true);
    await userEvent.click(screen.getByRole('link', { name: 'Courses' }));
    expect(await screen.findByText('Course list')).toBeInTheDocument();
  });

  it('lets an unchanged form go without asking', async () => {
    const confirm = vi.spyOn(window, 'confirm');
    renderEditor();
    await userEvent.click(screen.getByRole('link', { name: 'Courses' }));
    expect(await screen.findByText('Course list')).toBeInTheDocument();
    expect(confirm).not.toHaveBeenCalled();
  });
});
