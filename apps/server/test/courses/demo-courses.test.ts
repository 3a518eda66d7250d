import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCourses } from '../../src/seed/courses.ts';
import { createMember } from '../support/members.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('demo courses', () => {
  it('seeds Initial Setup (7), Foundations (8) and Toolkit (10) once, however often it runs', async () => {
    await seedCourses(t.ctx);
    await seedCourses(t.ctx);
    const member = await createMember(t.ctx);
    const token = await t.login(member.email, member.password);
    const list = (await t.call('GET', '/api/courses', { token })).json().data;
    expect(list.map((c: { title: string; modules_count: number }) => [c.title, c.modules_count])).toEqual([
      ['Initial Setup', 7],
      ['Foundations', 8],
      ['Toolkit', 10],
    ]);
    const rows = await t.ctx.database.query<{ n: number }>('select count(*)::int as n from course_modules');
    expect(rows[0]!.n).toBe(25);
  });

  it('opens the first lesson of each course, locks the rest in order and ends with one coming soon', async () => {
    const member = await createMember(t.ctx);
    const token = await t.login(member.email, member.password);
    for (const slug of ['initial-setup', 'foundations', 'toolkit']) {
      const course = (await t.call('GET', `/api/courses/${slug}`, { token })).json().data;
      const statuses: string[] = course.modules.map((m: { status: string }) => m.status);
      expect(statuses[0]).toBe('in-progress');
      expect(statuses.at(-1)).toBe('coming_soon');
      expect(statuses.slice(1, -1).every((s) => s === 'locked')).toBe(true);
      const first = course.modules[0];
      expect(first.content_html.length).toBeGreaterThan(400);
      expect(first.duration_human).toMatch(/^\d+m$/);
      expect(course.image).toMatch(/^data:image\/svg\+xml;base64,/);
    }
  });

  it('keeps the allow-listed lesson embeds after sanitizing', async () => {
    const rows = await t.ctx.database.query<{ content_html: string }>(
      `select content_html from course_modules where content_html like '%<iframe%'`,
    );
    expect(rows.length).toBeGreaterThanOrEqual(3);
    expect(rows.every((r) => /src="https:\/\/www\.(youtube-nocookie|tradingview)\.com\//.test(r.content_html))).toBe(true);
  });
});
