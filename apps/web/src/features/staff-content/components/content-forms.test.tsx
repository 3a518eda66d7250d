import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { createMemoryRouter, MemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StaffLesson, StaffSession } from '@th/contracts';
import { CourseForm } from './course-form';
import { CourseList } from './course-list';
import { LessonEditor } from './lesson-editor';
import { ReplayList } from './replay-list';
import { SessionForm } from './session-form';
import { SessionList } from './session-list';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** Renders a staff content form; `answer` replies to its save. */
function renderForm(ui: ReactNode, answer: () => Response) {
  document.cookie = 'XSRF-TOKEN=test-xsrf';
  const fetch = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => answer());
  vi.stubGlobal('fetch', fetch);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>{ui}</MemoryRouter>
    </QueryClientProvider>,
  );
  return fetch;
}
const sent = (fetch: ReturnType<typeof renderForm>) => JSON.parse(String(fetch.mock.calls[0]![1]!.body));

afterEach(() => vi.unstubAllGlobals());

describe('course form', () => {
  it('checks the title and slug with the server schema before sending', async () => {
    const fetch = renderForm(<CourseForm />, () => json({}, 500));
    await userEvent.click(screen.getByRole('button', { name: 'Create course' }));
    expect(await screen.findByLabelText('Course title')).toHaveAccessibleDescription('Enter a course title.');
    expect(screen.getByLabelText('Course slug')).toHaveAccessibleDescription("Part of the course's address, e.g. risk-basics. Enter a slug.");
    expect(fetch).not.toHaveBeenCalled();
  });

  it('puts a server 422 on its field and sends blank texts as null', async () => {
    const message = 'Another course already uses this slug.';
    const fetch = renderForm(<CourseForm />, () => json({ message, errors: { slug: [message] } }, 422));
    await userEvent.type(screen.getByLabelText('Course title'), 'Risk basics');
    await userEvent.type(screen.getByLabelText('Course slug'), 'risk-basics');
    await userEvent.click(screen.getByRole('button', { name: 'Create course' }));
    await waitFor(() => expect(screen.getByLabelText('Course slug')).toHaveAccessibleDescription(`Part of the course's address, e.g. risk-basics. ${message}`));
    expect(sent(fetch)).toEqual({ title: 'Risk basics', slug: 'risk-basics', subtitle: null, description: null, hero_image: null, sort_order: 0, status: 'draft' });
  });
});

describe('session form', () => {
  it('puts a server 422 on its field and sends the schedule as the request reads it', async () => {
    const message = 'Meeting numbers are 9 to 11 digits.';
    const fetch = renderForm(<SessionForm />, () => json({ message, errors: { meeting_number: [message] } }, 422));
    await userEvent.type(screen.getByLabelText('Session title'), 'Lunch Review');
    await userEvent.click(screen.getByLabelText('Monday'));
    await userEvent.type(screen.getByLabelText('Start time'), '12:30');
    await userEvent.type(screen.getByLabelText('Meeting number'), '812 3456 7890');
    await userEvent.type(screen.getByLabelText('What to expect (one per line)'), 'Morning trades reviewed{enter}{enter} Afternoon plan ');
    await userEvent.click(screen.getByRole('button', { name: 'Create session' }));
    await waitFor(() => expect(screen.getByLabelText('Meeting number')).toHaveAccessibleDescription(message));
    expect(sent(fetch)).toMatchObject({
      type: 'live',
      title: 'Lunch Review',
      schedule_text: null,
      days: [2, 3, 4, 5],
      start_time: '12:30',
      end_time: null,
      meeting_number: '81234567890',
      passcode: null,
      expectations: ['Morning trades reviewed', 'Afternoon plan'],
      image: null,
      sort_order: 0,
      published: true,
      replay_publishing: 'draft',
    });
  });
});

describe('replay form', () => {
  it('puts a server 422 on its field and sends minutes as seconds', async () => {
    const message = 'Links must start with https://.';
    const fetch = renderForm(<ReplayList session={{ id: 's-1', replays: [] } as unknown as StaffSession} />, () => json({ message, errors: { watch_url: [message] } }, 422));
    await userEvent.click(screen.getByRole('button', { name: 'Add a replay' }));
    await userEvent.type(screen.getByLabelText('Replay title'), 'Lunch Review: first session');
    await userEvent.type(screen.getByLabelText('Duration (minutes)'), '45');
    await userEvent.type(screen.getByLabelText('Topics (comma separated)'), 'ES, , NQ ');
    await userEvent.type(screen.getByLabelText('Mentor'), ' Dana Cole ');
    await userEvent.click(screen.getByLabelText('Published (members see it in the replay library)'));
    await userEvent.click(screen.getByRole('button', { name: 'Add replay' }));
    await waitFor(() => expect(screen.getByLabelText('Watch link')).toHaveAccessibleDescription(message));
    expect(sent(fetch)).toEqual({
      title: 'Lunch Review: first session',
      recorded_on: null,
      duration_seconds: 2700,
      topics: ['ES', 'NQ'],
      watch_url: null,
      download_url: null,
      passcode: null,
      mentor: 'Dana Cole',
      // Unticked: saved as a draft members do not see yet.
      published: false,
    });
  });
});

describe('replay list', () => {
  it('asks in a dialog before deleting a replay: Cancel sends nothing, Delete deletes it', async () => {
    const replay = { id: 'r-1', title: 'Lunch Review', recordedAt: null, watchUrl: null, downloadUrl: null, duration: null, topics: [] };
    const fetch = renderForm(<ReplayList session={{ id: 's-1', replays: [replay] } as unknown as StaffSession} />, () => json({ message: 'Replay deleted.' }));
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete replay' });
    expect(dialog).toHaveTextContent('Delete the replay “Lunch Review”?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(fetch).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    expect(fetch.mock.calls[0]![1]!.method).toBe('DELETE');
  });
});

describe('lesson editor', () => {
  /** The editor needs a data router (it asks before leaving with unsaved changes). */
  function renderEditor(answer: () => Response, lesson?: StaffLesson) {
    document.cookie = 'XSRF-TOKEN=test-xsrf';
    const fetch = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => answer());
    vi.stubGlobal('fetch', fetch);
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const router = createMemoryRouter(
      [
        { path: '/admin/courses/:courseId/lessons/:lessonId', element: <LessonEditor courseId="c-1" {...(lesson && { lesson })} /> },
        { path: '/admin/courses/:courseId', element: <h1>The course</h1> },
      ],
      { initialEntries: [`/admin/courses/c-1/lessons/${lesson?.id ?? 'new'}`] },
    );
    render(
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    return fetch;
  }

  it('asks for whole minutes before sending', async () => {
    const fetch = renderEditor(() => json({}, 500));
    await userEvent.type(screen.getByLabelText('Lesson title'), 'Reading the drive');
    await userEvent.type(screen.getByLabelText('Duration (minutes)'), '1.5');
    await userEvent.click(screen.getByRole('button', { name: 'Create lesson' }));
    expect(await screen.findByLabelText('Duration (minutes)')).toHaveAccessibleDescription('Enter the duration as whole minutes (up to 1440).');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('puts a server 422 on its field and sends minutes as seconds, blanks as null and the sections as the request reads them', async () => {
    const message = 'Another lesson in this course already uses this slug.';
    const fetch = renderEditor(() => json({ message, errors: { slug: [message] } }, 422));
    await userEvent.type(screen.getByLabelText('Lesson title'), 'Reading the drive');
    expect(screen.getByLabelText('Slug')).toHaveValue('reading-the-drive');
    await userEvent.type(screen.getByLabelText('Duration (minutes)'), '12');
    await userEvent.click(screen.getByRole('button', { name: 'Add section' }));
    await userEvent.type(screen.getByLabelText('Section heading'), 'Before the open');
    await userEvent.type(screen.getByLabelText('Checklist (one item per line)'), 'Mark the highs{enter}{enter} Check events ');
    await userEvent.click(screen.getByRole('button', { name: 'Create lesson' }));
    await waitFor(() => expect(screen.getByLabelText('Slug')).toHaveAccessibleDescription(`Part of the lesson's address. ${message}`));
    expect(sent(fetch)).toEqual({
      title: 'Reading the drive',
      slug: 'reading-the-drive',
      status: 'published',
      duration_seconds: 720,
      summary: null,
      overview: null,
      hero_image: null,
      hero_alt: null,
      hero_caption: null,
      content_html: null,
      sections: [{ heading: 'Before the open', description: null, image: null, checklist: ['Mark the highs', 'Check events'] }],
    });
  });

  it('asks before leaving with unsaved changes, and no longer once they are saved', async () => {
    const lesson: StaffLesson = {
      id: 'l-1', course_id: 'c-1', course_slug: 'basics', slug: 'first', title: 'First', summary: null, overview: null, duration_seconds: 600,
      status: 'published', hero_image: null, hero_alt: null, hero_caption: null, content_html: null, sort_order: 0, sections: [],
    };
    const confirm = vi.fn(() => false);
    vi.stubGlobal('confirm', confirm);
    renderEditor(() => json({ message: 'Lesson saved.', data: { ...lesson, summary: 'Read the open' } }), lesson);
    expect(screen.getByLabelText('Duration (minutes)')).toHaveValue('10');
    await userEvent.type(screen.getByLabelText('Summary'), 'Read the open');
    await userEvent.click(screen.getByRole('link', { name: 'Back to the course' }));
    expect(confirm).toHaveBeenCalledTimes(1);
    expect(screen.getByLabelText('Summary')).toHaveValue('Read the open');

    await userEvent.click(screen.getByRole('button', { name: 'Save lesson' }));
    expect(await screen.findByText('Lesson saved.')).toBeVisible();
    await userEvent.click(screen.getByRole('link', { name: 'Back to the course' }));
    expect(await screen.findByRole('heading', { name: 'The course' })).toBeVisible();
    expect(confirm).toHaveBeenCalledTimes(1);
  });
});

describe('staff lists that fail to load', () => {
  it.each([
    ['the courses', <CourseList key="c" />, 'Failed to load courses (503)', 'Unable to load the courses.'],
    ['the sessions', <SessionList key="s" />, 'Failed to load sessions (503)', 'Unable to load the sessions.'],
  ])('say why for %s, with the status when there is one and never "(0)"', async (_name, ui, withStatus, withoutAnswer) => {
    renderForm(ui, () => json({}, 503));
    expect(await screen.findByText(withStatus)).toBeVisible();
    cleanup();
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <MemoryRouter>{ui}</MemoryRouter>
      </QueryClientProvider>,
    );
    expect(await screen.findByText(withoutAnswer)).toBeVisible();
  });
});
