import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveCourse, saveLesson } from '../../src/modules/courses/authoring.ts';
import { createMember } from '../support/members.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
const now = new Date('2025-03-03T15:00:00Z');

/** A small course the way staff would write it: one open lesson, two locked, one coming soon. */
async function seedCourse(slug: string, status: 'draft' | 'published' = 'published') {
  const courseId = await saveCourse(t.ctx.db, { slug, title: 'Basics', subtitle: 'Start here', status, sortOrder: 1 }, now);
  const lessons = [
    { slug: 'welcome', status: 'published' as const, durationSeconds: 540 },
    { slug: 'charts', status: 'locked' as const, durationSeconds: 3900 },
    { slug: 'risk', status: 'locked' as const, durationSeconds: 600 },
    { slug: 'playbook', status: 'coming_soon' as const, durationSeconds: null },
  ];
  for (const [i, lesson] of lessons.entries()) {
    await saveLesson(
      t.ctx.db,
      courseId,
      {
        ...lesson,
        title: `Lesson ${i + 1}`,
        summary: `Summary ${i + 1}`,
        overview: `Overview ${i + 1}`,
        contentHtml: `<p>Body ${i + 1}</p>`,
        sortOrder: i,
        sections: [{ heading: 'Checklist', checklist: ['One', 'Two'] }],
      },
      now,
    );
  }
}

async function signedInMember() {
  const member = await createMember(t.ctx);
  return t.login(member.email, member.password);
}

beforeAll(async () => {
  t = await createTestApp();
  await seedCourse('basics');
  await seedCourse('hidden-draft', 'draft');
});
afterAll(() => t.close());

describe('GET /api/courses', () => {
  it('requires authentication and an active membership', async () => {
    expect((await t.call('GET', '/api/courses')).statusCode).toBe(401);
    const suspended = await createMember(t.ctx, { status: 'suspended' });
    const token = await t.login(suspended.email, suspended.password);
    expect((await t.call('GET', '/api/courses', { token })).statusCode).toBe(403);
  });

  it('[P108] [P145] lists published courses with their lesson count, address and the member’s progress', async () => {
    const token = await signedInMember();
    const res = await t.call('GET', '/api/courses', { token });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([
      {
        slug: 'basics',
        title: 'Basics',
        subtitle: 'Start here',
        description: null,
        image: null,
        modules_count: 4,
        sort_order: 1,
        url: '/courses/basics',
        progress_percent: 0,
      },
    ]);
  });
});

describe('GET /api/courses/:slug', () => {
  it('shows each lesson’s status, duration and progress, without the content of locked lessons', async () => {
    const token = await signedInMember();
    const res = await t.call('GET', '/api/courses/basics', { token });
    expect(res.statusCode).toBe(200);
    const modules = res.json().data.modules;
    expect(modules.map((m: { slug: string; status: string }) => [m.slug, m.status])).toEqual([
      ['welcome', 'in-progress'],
      ['charts', 'locked'],
      ['risk', 'locked'],
      ['playbook', 'coming_soon'],
    ]);
    expect(modules[0]).toMatchObject({
      duration_seconds: 540,
      duration_human: '9m',
      overview: 'Overview 1',
      content_html: '<p>Body 1</p>',
      progress: { progress_percent: 0, is_completed: false, completed_at: null },
      sections: [{ heading: 'Checklist', description: null, image: null, checklist: ['One', 'Two'] }],
    });
    expect(modules[1]).toMatchObject({ duration_human: '1h 5m', content_html: null, overview: null, sections: [] });
  });

  it('answers 404 for drafts and unknown courses', async () => {
    const token = await signedInMember();
    expect((await t.call('GET', '/api/courses/hidden-draft', { token })).statusCode).toBe(404);
    const missing = await t.call('GET', '/api/courses/nope', { token });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Course not found.');
  });
});

describe('[P116] completing a lesson past lessons that are coming soon or open', () => {
  it('unlocks and answers the next locked lesson', async () => {
    const courseId = await saveCourse(t.ctx.db, { slug: 'gaps', title: 'Gaps', subtitle: null, status: 'published', sortOrder: 3 }, now);
    const lessons = [
      { slug: 'start', status: 'published' as const },
      { slug: 'soon', status: 'coming_soon' as const },
      { slug: 'open', status: 'published' as const },
      { slug: 'next-locked', status: 'locked' as const },
      { slug: 'later-locked', status: 'locked' as const },
    ];
    for (const [i, lesson] of lessons.entries()) {
      await saveLesson(t.ctx.db, courseId, { ...lesson, title: lesson.slug, durationSeconds: 60, contentHtml: '<p>x</p>', sortOrder: i, sections: [] }, now);
    }
    const token = await signedInMember();
    const res = await t.call('PUT', '/api/courses/gaps/modules/start/progress', { token, body: { completed: true } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.next_module).toMatchObject({ slug: 'next-locked', status: 'in-progress' });
    const statuses = (await t.call('GET', '/api/courses/gaps', { token })).json().data.modules.map((m: { slug: string; status: string }) => [m.slug, m.status]);
    expect(statuses).toEqual([
      ['start', 'completed'],
      ['soon', 'coming_soon'],
      ['open', 'in-progress'],
      ['next-locked', 'in-progress'],
      ['later-locked', 'locked'],
    ]);
  });
});

describe('PUT /api/courses/:slug/modules/:module/progress', () => {
  const progressUrl = (lesson: string) => `/api/courses/basics/modules/${lesson}/progress`;

  it('[P120] completes a lesson with {completed: true}, unlocks the next one for that member only, and persists it', async () => {
    const token = await signedInMember();
    const res = await t.call('PUT', progressUrl('welcome'), { token, body: { completed: true } });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      module: 'welcome',
      status: 'completed',
      progress_percent: 100,
      is_completed: true,
      course_progress_percent: 25,
      next_module: { slug: 'charts', status: 'in-progress', content_html: '<p>Body 2</p>' },
    });
    expect(res.json().data.completed_at).toEqual(expect.any(String));

    const course = (await t.call('GET', '/api/courses/basics', { token })).json().data;
    expect(course.progress_percent).toBe(25);
    expect(course.modules.map((m: { status: string }) => m.status)).toEqual(['completed', 'in-progress', 'locked', 'coming_soon']);

    // Another member's course is untouched.
    const other = await signedInMember();
    const theirs = (await t.call('GET', '/api/courses/basics', { token: other })).json().data;
    expect(theirs.progress_percent).toBe(0);
    expect(theirs.modules.map((m: { status: string }) => m.status)).toEqual(['in-progress', 'locked', 'locked', 'coming_soon']);
    const list = (await t.call('GET', '/api/courses', { token: other })).json().data;
    expect(list[0].progress_percent).toBe(0);
  });

  it('is idempotent: completing twice keeps the first completion', async () => {
    const member = await createMember(t.ctx);
    const token = await t.login(member.email, member.password);
    const first = (await t.call('PUT', progressUrl('welcome'), { token, body: { completed: true } })).json().data;
    const second = await t.call('PUT', progressUrl('welcome'), { token, body: { completed: true } });
    expect(second.statusCode).toBe(200);
    expect(second.json().data.completed_at).toBe(first.completed_at);
    expect(second.json().data.course_progress_percent).toBe(25);
    // One row for the completed lesson, one recording the unlock of the next: no duplicates.
    const rows = await t.ctx.database.query<{ n: number }>(
      `select count(*)::int as n from module_progress where user_id = '${member.id}'`,
    );
    expect(rows[0]!.n).toBe(2);
  });

  it('[P117] refuses to record progress on a locked or coming-soon lesson, changing nothing', async () => {
    const token = await signedInMember();
    const locked = await t.call('PUT', progressUrl('risk'), { token, body: { completed: true } });
    expect(locked.statusCode).toBe(409);
    expect(locked.json().message).toBe('This lesson is locked. Complete the previous lesson to unlock it.');
    const soon = await t.call('PUT', progressUrl('playbook'), { token, body: { completed: true } });
    expect(soon.statusCode).toBe(409);
    const course = (await t.call('GET', '/api/courses/basics', { token })).json().data;
    expect(course.modules[2].status).toBe('locked');
    expect(course.progress_percent).toBe(0);
  });

  it('[P119] records partial progress clamped to 100, completing at 100', async () => {
    const token = await signedInMember();
    const half = await t.call('PUT', progressUrl('welcome'), { token, body: { progress_percent: 40 } });
    expect(half.json().data).toMatchObject({ progress_percent: 40, is_completed: false, status: 'in-progress', next_module: { status: 'locked' } });
    const over = await t.call('PUT', progressUrl('welcome'), { token, body: { progress_percent: 180 } });
    expect(over.json().data).toMatchObject({ progress_percent: 100, is_completed: true, next_module: { status: 'in-progress' } });
  });

  it('validates the request and answers 401 signed out, 404 for unknown lessons', async () => {
    const token = await signedInMember();
    const empty = await t.call('PUT', progressUrl('welcome'), { token, body: {} });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors.completed).toEqual(['Send completed: true or a progress percent.']);
    const text = await t.call('PUT', progressUrl('welcome'), { token, body: { progress_percent: 'lots' } });
    expect(text.statusCode).toBe(422);
    expect((await t.call('PUT', progressUrl('nope'), { token, body: { completed: true } })).statusCode).toBe(404);
    expect((await t.call('PUT', '/api/courses/hidden-draft/modules/welcome/progress', { token, body: { completed: true } })).statusCode).toBe(404);
    const anonymous = await t.call('PUT', progressUrl('welcome'), { body: { completed: true } });
    expect(anonymous.statusCode).toBe(401);
  });
});
