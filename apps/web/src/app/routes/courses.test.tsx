import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configure, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CourseDetail, CourseModule } from '@th/contracts';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Component as CourseDetailRoute } from '@/app/routes/course-detail';
import { Component as CoursesRoute } from '@/app/routes/courses';

function lesson(slug: string, status: CourseModule['status'], extra: Partial<CourseModule> = {}): CourseModule {
  return {
    id: slug,
    slug,
    title: `Lesson ${slug}`,
    summary: `About ${slug}`,
    duration_seconds: 600,
    duration_human: null,
    status,
    progress: { progress_percent: status === 'completed' ? 100 : 0, is_completed: status === 'completed', completed_at: null },
    overview: status === 'locked' ? null : `Overview of ${slug}`,
    hero_image: null,
    hero_alt: null,
    hero_caption: null,
    content_html: status === 'locked' ? null : `<p>Body of ${slug}</p>`,
    sections: [],
    ...extra,
  };
}

function course(modules: CourseModule[]): CourseDetail {
  return {
    slug: 'basics',
    title: 'Basics',
    subtitle: 'Start here',
    description: null,
    image: null,
    hero_image: null,
    modules_count: modules.length,
    sort_order: 1,
    url: '/courses/basics',
    progress_percent: 0,
    modules,
  };
}

// The machine is shared with builds and other suites: give async queries room.
configure({ asyncUtilTimeout: 5000 });

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let routes: Record<string, (init?: RequestInit) => Response>;
const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
  const url = String(input);
  const handler = routes[`${init?.method ?? 'GET'} ${url}`];
  if (!handler) throw new Error(`Unexpected call ${init?.method ?? 'GET'} ${url}`);
  return handler(init);
});

beforeEach(() => {
  document.cookie = 'XSRF-TOKEN=test-token';
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockClear();
});
afterEach(() => vi.unstubAllGlobals());

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/courses', Component: CoursesRoute },
      { path: '/courses/:courseSlug/:moduleSlug?', Component: CourseDetailRoute },
      { path: '/account/login', element: <p>Sign in page</p> },
    ],
    { initialEntries: [path] },
  );
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

describe('course viewer route', () => {
  it('replaces a deep link to a locked lesson with the first open one', async () => {
    routes = { 'GET /api/courses/basics': () => json(200, { data: course([lesson('one', 'completed'), lesson('two', 'in-progress'), lesson('three', 'locked')]) }) };
    const router = renderAt('/courses/basics/three');
    expect(screen.getByText('Loading course…')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Lesson one' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/courses/basics/one');
    expect(router.state.historyAction).toBe('REPLACE');
    // The locked lesson is a disabled button, not a link.
    const nav = screen.getByRole('complementary', { name: 'Course lessons' });
    expect(within(nav).getByRole('button', { name: /Lesson three, Locked/ })).toBeDisabled();
    expect(within(nav).queryByRole('link', { name: /Lesson three/ })).toBeNull();
    expect(within(nav).getByText('1/3 complete', { exact: false })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Completed' })).toBeDisabled();
  });

  it('completing a lesson unlocks the next one, moves to it and updates the course progress', async () => {
    const modules = [lesson('one', 'in-progress'), lesson('two', 'locked'), lesson('three', 'coming_soon')];
    routes = {
      'GET /api/courses/basics': () => json(200, { data: course(modules) }),
      'PUT /api/courses/basics/modules/one/progress': () =>
        json(200, {
          data: {
            module: 'one',
            status: 'completed',
            progress_percent: 100,
            is_completed: true,
            completed_at: '2025-03-03T15:00:00.000Z',
            course_progress_percent: 33,
            next_module: lesson('two', 'in-progress'),
          },
        }),
    };
    const router = renderAt('/courses/basics');
    await screen.findByRole('heading', { name: 'Lesson one' });
    expect(router.state.location.pathname).toBe('/courses/basics/one');
    expect(screen.getByRole('button', { name: /Lesson three/ })).toHaveTextContent('10m · Coming soon');

    // After the write, the server reports the new state on refetch.
    modules[0] = lesson('one', 'completed');
    modules[1] = lesson('two', 'in-progress');
    await userEvent.click(screen.getByRole('button', { name: 'Mark complete' }));

    expect(await screen.findByRole('heading', { name: 'Lesson two' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/courses/basics/two');
    expect(screen.getByText('Body of two')).toBeInTheDocument();
    expect(screen.getByText('33% · 1/3 complete')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Lesson one, Completed/ })).toBeInTheDocument();
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({ completed: true });
  });

  it('[P120] [P121] tells a signed-out member to log in when saving progress fails with 401', async () => {
    routes = {
      'GET /api/courses/basics': () => json(200, { data: course([lesson('one', 'in-progress')]) }),
      'PUT /api/courses/basics/modules/one/progress': () => json(401, { message: 'Unauthenticated.' }),
    };
    renderAt('/courses/basics/one');
    await userEvent.click(await screen.findByRole('button', { name: 'Mark complete' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Log in to track your progress.');
    expect(screen.getByRole('button', { name: 'Mark complete' })).toBeEnabled();
  });

  it('[P121] shows the load failure with its status', async () => {
    routes = { 'GET /api/courses/basics': () => json(500, { message: 'Something went wrong on our side. Please try again.' }) };
    renderAt('/courses/basics');
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load course (500)');
  });

  it('[P112] [P114] reads Loading course… first; a course without lessons says they are coming soon in both columns', async () => {
    routes = { 'GET /api/courses/empty': () => json(200, { data: { ...course([]), slug: 'empty' } }) };
    renderAt('/courses/empty');
    expect(screen.getByText('Loading course…')).toBeInTheDocument();
    const nav = await screen.findByRole('complementary', { name: 'Course lessons' });
    expect(within(nav).getByText('Modules are coming soon.')).toBeInTheDocument();
    expect(screen.getByText('Modules will appear here once they’re published.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mark complete' })).toBeNull();
  });

  it('[P114] reads Loading lesson… while an address without a lesson is replaced by the first one', async () => {
    routes = { 'GET /api/courses/basics': () => json(200, { data: course([lesson('one', 'in-progress')]) }) };
    // The placeholder lasts one render: keep every node added to the page, even if removed since.
    const added: string[] = [];
    const observer = new MutationObserver((records) => {
      for (const record of records) record.addedNodes.forEach((node) => added.push(node.textContent ?? ''));
    });
    observer.observe(document.body, { childList: true, subtree: true });
    const router = renderAt('/courses/basics');
    expect(await screen.findByRole('heading', { name: 'Lesson one' })).toBeInTheDocument();
    observer.disconnect();
    expect(router.state.location.pathname).toBe('/courses/basics/one');
    expect(added.some((text) => text.includes('Loading lesson…'))).toBe(true);
    expect(screen.queryByText('Loading lesson…')).toBeNull();
  });

  it('[P111] the sidebar shows title, subtitle, progress with n/m complete, and the lessons in order with state and length', async () => {
    routes = {
      'GET /api/courses/basics': () =>
        json(200, {
          data: course([
            lesson('one', 'completed'),
            lesson('two', 'in-progress', { duration_seconds: 3900 }),
            lesson('three', 'locked', { duration_seconds: 1500 }),
          ]),
        }),
    };
    renderAt('/courses/basics/two');
    const nav = await screen.findByRole('complementary', { name: 'Course lessons' });
    expect(within(nav).getByRole('heading', { level: 1 })).toHaveTextContent('Basics');
    expect(within(nav).getByText('Start here')).toBeInTheDocument();
    expect(within(nav).getByRole('progressbar', { name: 'Course progress' })).toHaveAttribute('aria-valuenow', '33');
    expect(within(nav).getByText('33% · 1/3 complete')).toBeInTheDocument();

    const items = within(nav).getAllByRole('listitem');
    expect(items.map((item) => item.firstElementChild?.getAttribute('aria-label'))).toEqual([
      '1. Lesson one, Completed, 10m',
      '2. Lesson two, 1h 5m',
      '3. Lesson three, Locked, 25m',
    ]);
    expect(within(items[0]!).getByText('✓')).toBeInTheDocument();
    expect(within(items[0]!).getByRole('link')).toHaveAttribute('href', '/courses/basics/one');
    expect(within(items[1]!).getByRole('link')).toHaveAttribute('aria-current', 'page');
    expect(within(items[2]!).getByRole('button')).toBeDisabled();
    // Only the locked lesson's icon is drawn (a padlock); the others are text.
    expect(items[2]!.querySelector('svg')).not.toBeNull();
  });

  it('[P113] renders sections, checklists and a lazy responsive embed, without a lesson body it shows the placeholder text', async () => {
    routes = {
      'GET /api/courses/basics': () =>
        json(200, {
          data: course([
            lesson('one', 'in-progress', {
              content_html: '<p>Intro</p><iframe src="https://www.youtube-nocookie.com/embed/abc" title="Walkthrough"></iframe><img src=x onerror="alert(1)">',
              hero_image: 'https://cdn.example.com/hero.png',
              hero_alt: 'Chart',
              hero_caption: 'The open',
              sections: [{ id: 's1', heading: 'Checklist', description: 'Tick these', image: null, checklist: ['Mark levels', 'Size the trade'] }],
            }),
            lesson('two', 'in-progress', { content_html: null }),
          ]),
        }),
    };
    renderAt('/courses/basics/one');
    const frame = await screen.findByTitle('Walkthrough');
    expect(frame).toHaveAttribute('loading', 'lazy');
    expect(frame.parentElement).toHaveClass('responsive-embed');
    expect(document.querySelector('[onerror]')).toBeNull();
    expect(screen.getByRole('img', { name: 'Chart' })).toBeInTheDocument();
    expect(screen.getByText('The open')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Checklist' })).toHaveTextContent('Size the trade');

    await userEvent.click(screen.getByRole('link', { name: /Lesson two/ }));
    expect(await screen.findByText('Lesson resources are on the way')).toBeInTheDocument();
  });
});

describe('courses route', () => {
  it('[P108] lists courses with their lesson count and progress', async () => {
    routes = {
      'GET /api/courses': () =>
        json(200, [{ slug: 'basics', title: 'Basics', subtitle: null, description: 'From zero', image: null, modules_count: 7, sort_order: 1, url: '/courses/basics', progress_percent: 43 }]),
    };
    renderAt('/courses');
    const card = await screen.findByRole('link', { name: /Basics/ });
    expect(card).toHaveAttribute('href', '/courses/basics');
    expect(card).toHaveTextContent('From zero');
    expect(card).toHaveTextContent('7 lessons');
    expect(card).toHaveTextContent('43% complete');
  });

  it('[P123] names a course without a title "Untitled course"', async () => {
    routes = {
      'GET /api/courses': () =>
        json(200, [{ slug: 'draft', title: '', subtitle: null, description: null, image: null, modules_count: 1, sort_order: 1, url: '/courses/draft', progress_percent: 0 }]),
    };
    renderAt('/courses');
    expect(await screen.findByRole('link', { name: /Untitled course/ })).toHaveAttribute('href', '/courses/draft');
  });

  it('[P110] shows the empty state', async () => {
    routes = { 'GET /api/courses': () => json(200, { data: [] }) };
    renderAt('/courses');
    expect(await screen.findByText('Courses are coming soon.')).toBeInTheDocument();
  });

  it('[P110] shows the failure status when the server gives no message', async () => {
    routes = { 'GET /api/courses': () => new Response('', { status: 502 }) };
    renderAt('/courses');
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load courses (502)');
  });

  it('shows a generic text when the server cannot be reached', async () => {
    routes = {
      'GET /api/courses': () => {
        throw new TypeError('Failed to fetch');
      },
    };
    renderAt('/courses');
    expect(await screen.findByRole('alert')).toHaveTextContent('Unable to load courses right now.');
  });
});
