import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember } from '../support/members.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
let mentor: string;
let member: string;

beforeAll(async () => {
  t = await createTestApp();
  const m = await createMember(t.ctx, { roles: ['mentor'] });
  const plain = await createMember(t.ctx);
  [mentor, member] = await Promise.all([t.login(m.email, m.password), t.login(plain.email, plain.password)]);
});
afterAll(() => t.close());

const auditOf = async (subjectId: string) =>
  (await t.ctx.database.query<{ action: string; before: unknown; after: unknown; actor_email: string }>(
    'select action, before, after, actor_email from audit_log where subject_id = $1 order by id',
    [subjectId],
  ));

describe('courses and lessons', () => {
  let courseId: string;

  it('creates a draft course members cannot see, then publishes it', async () => {
    const res = await t.call('POST', '/api/staff/courses', {
      token: mentor,
      body: { slug: 'risk-basics', title: 'Risk <b>Basics</b>', subtitle: 'Size every trade', sort_order: 5 },
    });
    expect(res.statusCode).toBe(200);
    const course = res.json().data;
    courseId = course.id;
    expect(course).toMatchObject({ slug: 'risk-basics', title: 'Risk Basics', status: 'draft', lessons: [] });
    expect((await t.call('GET', '/api/courses/risk-basics', { token: member })).statusCode).toBe(404);

    const duplicate = await t.call('POST', '/api/staff/courses', { token: mentor, body: { slug: 'risk-basics', title: 'Again' } });
    expect(duplicate.statusCode).toBe(422);
    expect(duplicate.json().errors.slug).toEqual(['Another course already uses this slug.']);
    const badSlug = await t.call('POST', '/api/staff/courses', { token: mentor, body: { slug: 'Risk Basics', title: 'X' } });
    expect(badSlug.json().errors.slug).toEqual(['Use lowercase letters, numbers and single dashes for the slug.']);

    const published = await t.call('PUT', `/api/staff/courses/${courseId}`, {
      token: mentor,
      body: { slug: 'risk-first', title: 'Risk Basics', status: 'published', hero_image: 'javascript:alert(1)' },
    });
    expect(published.statusCode).toBe(422);
    expect(published.json().errors.hero_image).toEqual(['Images must be an https address, a site path or an inline image.']);
    const ok = await t.call('PUT', `/api/staff/courses/${courseId}`, {
      token: mentor,
      body: { slug: 'risk-first', title: 'Risk Basics', status: 'published', hero_image: '/uploads/abc.png' },
    });
    expect(ok.json().data).toMatchObject({ id: courseId, slug: 'risk-first', status: 'published' });

    const audit = await auditOf(courseId);
    expect(audit.map((a) => a.action)).toEqual(['course.created', 'course.updated']);
    expect(audit[1]).toMatchObject({ before: { slug: 'risk-basics', status: 'draft' }, after: { slug: 'risk-first', status: 'published' } });
  });

  it('adds lessons with sanitized content and sections; members open the published one', async () => {
    const res = await t.call('POST', `/api/staff/courses/${courseId}/lessons`, {
      token: mentor,
      body: {
        slug: 'position-size',
        title: 'Position size',
        duration_seconds: 600,
        content_html:
          '<p onclick="steal()">Risk <strong>1%</strong></p><script>alert(1)</script>' +
          '<iframe src="https://www.tradingview.com/widgetembed/?symbol=CME_MINI%3AES1%21&interval=5"></iframe>' +
          '<iframe src="https://evil.example/x"></iframe>',
        sections: [{ heading: 'Checklist', checklist: ['Set the stop', '', 'Size from the stop'] }],
      },
    });
    expect(res.statusCode).toBe(200);
    const lesson = res.json().data;
    expect(lesson.content_html).toContain('<p>Risk <strong>1%</strong></p>');
    expect(lesson.content_html).toContain('https://www.tradingview.com/widgetembed/');
    expect(lesson.content_html).not.toMatch(/script|onclick|evil\.example/);
    expect(lesson.sections[0].checklist).toEqual(['Set the stop', 'Size from the stop']);

    const second = await t.call('POST', `/api/staff/courses/${courseId}/lessons`, {
      token: mentor,
      body: { slug: 'stops', title: 'Stops', status: 'coming_soon' },
    });
    expect(second.json().data.sort_order).toBe(lesson.sort_order + 1);

    const seen = (await t.call('GET', '/api/courses/risk-first', { token: member })).json().data;
    expect(seen.modules.map((m: { slug: string; status: string }) => [m.slug, m.status])).toEqual([
      ['position-size', 'in-progress'],
      ['stops', 'coming_soon'],
    ]);
    expect((await auditOf(lesson.id))[0]).toMatchObject({ action: 'lesson.created', before: null, after: { slug: 'position-size' } });
  });

  it('edits a lesson (including its slug) and audits before and after', async () => {
    const course = (await t.call('GET', `/api/staff/courses/${courseId}`, { token: mentor })).json().data;
    const id = course.lessons[1].id;
    const res = await t.call('PUT', `/api/staff/courses/${courseId}/lessons/${id}`, {
      token: mentor,
      body: { slug: 'stop-placement', title: 'Stop placement', status: 'published', hero_image: '/uploads/x.png', hero_alt: 'A stop' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id, slug: 'stop-placement', status: 'published', hero_alt: 'A stop' });
    const clash = await t.call('PUT', `/api/staff/courses/${courseId}/lessons/${id}`, {
      token: mentor,
      body: { slug: 'position-size', title: 'Stop placement' },
    });
    expect(clash.statusCode).toBe(422);
    expect(clash.json().errors.slug).toEqual(['Another lesson of this course already uses this slug.']);
    const audit = await auditOf(id);
    expect(audit.at(-1)).toMatchObject({ action: 'lesson.updated', before: { slug: 'stops' }, after: { slug: 'stop-placement' } });
    const other = await t.call('GET', `/api/staff/courses/${courseId}/lessons/00000000-0000-0000-0000-000000000000`, { token: mentor });
    expect(other.statusCode).toBe(404);
  });

  it('moves lessons up and down, refusing to move past the ends', async () => {
    const course = (await t.call('GET', `/api/staff/courses/${courseId}`, { token: mentor })).json().data;
    const [first, second] = course.lessons;
    const up = await t.call('POST', `/api/staff/courses/${courseId}/lessons/${first.id}/move`, { token: mentor, body: { direction: 'up' } });
    expect(up.statusCode).toBe(422);
    expect(up.json().errors.direction).toEqual(['This lesson is already first.']);

    const moved = await t.call('POST', `/api/staff/courses/${courseId}/lessons/${second.id}/move`, { token: mentor, body: { direction: 'up' } });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().data.lessons.map((l: { slug: string }) => l.slug)).toEqual(['stop-placement', 'position-size']);
    const seen = (await t.call('GET', '/api/courses/risk-first', { token: member })).json().data;
    expect(seen.modules.map((m: { slug: string }) => m.slug)).toEqual(['stop-placement', 'position-size']);
    expect((await auditOf(courseId)).at(-1)).toMatchObject({
      action: 'lesson.moved',
      before: ['position-size', 'stop-placement'],
      after: ['stop-placement', 'position-size'],
    });
  });
});
