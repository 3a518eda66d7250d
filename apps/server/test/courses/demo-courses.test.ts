import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCourses } from '../../src/seed/courses.ts';
import { createMember } from '../support/members.ts';
import { createTestApp, secondInstance, type TestApp } from '../support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('demo courses', () => {
  it('[P109] seeds Initial Setup (7), Foundations (8) and Toolkit (10) once, however often it runs', async () => {
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
      expect(course.image).toMatch(/^\/uploads\/[0-9a-f]{32}\.png$/);
    }
  });

  it('keeps the allow-listed lesson embeds after sanitizing', async () => {
    const rows = await t.ctx.database.query<{ content_html: string }>(
      `select content_html from course_modules where content_html like '%<iframe%'`,
    );
    expect(rows.length).toBeGreaterThanOrEqual(3);
    expect(rows.every((r) => /src="https:\/\/www\.(youtube-nocookie|tradingview)\.com\//.test(r.content_html))).toBe(true);
  });

  it('stores the artwork as uploaded images, and every lesson and course saves back unchanged', async () => {
    await seedCourses(t.ctx);
    const staff = await createMember(t.ctx, { roles: ['admin'] });
    const token = await t.login(staff.email, staff.password);
    const courses = (await t.call('GET', '/api/staff/courses', { token })).json().data as Array<Record<string, unknown> & { id: string; lessons: Array<{ id: string }> }>;
    expect(courses).toHaveLength(3);
    let lessonsSaved = 0;
    for (const course of courses) {
      const image = await t.app.inject({ url: String(course.hero_image) });
      expect(image.statusCode, String(course.hero_image)).toBe(200);
      expect(image.headers['content-type']).toBe('image/png');
      expect(image.rawPayload.subarray(1, 4).toString()).toBe('PNG');
      const { slug, title, subtitle, description, hero_image, sort_order, status } = course;
      const savedCourse = await t.call('PUT', `/api/staff/courses/${course.id}`, {
        token,
        body: { slug, title, subtitle, description, hero_image, sort_order, status },
      });
      expect(savedCourse.statusCode, savedCourse.body).toBe(200);
      for (const row of course.lessons) {
        const lesson = (await t.call('GET', `/api/staff/courses/${course.id}/lessons/${row.id}`, { token })).json().data;
        const body = {
          slug: lesson.slug,
          title: lesson.title,
          summary: lesson.summary,
          overview: lesson.overview,
          duration_seconds: lesson.duration_seconds,
          status: lesson.status,
          hero_image: lesson.hero_image,
          hero_alt: lesson.hero_alt,
          hero_caption: lesson.hero_caption,
          content_html: lesson.content_html,
          sections: lesson.sections.map(({ heading, description, image, checklist }: Record<string, unknown>) => ({ heading, description, image, checklist })),
        };
        const saved = await t.call('PUT', `/api/staff/courses/${course.id}/lessons/${row.id}`, { token, body });
        expect(saved.statusCode, `${lesson.slug}: ${saved.body.slice(0, 200)}`).toBe(200);
        lessonsSaved += 1;
      }
    }
    expect(lessonsSaved).toBe(25);
  });

  it('serves the artwork from every instance, not only the one that seeded it', async () => {
    await seedCourses(t.ctx);
    const otherDisk = mkdtempSync(path.join(tmpdir(), 'th-artwork-other-'));
    const other = await secondInstance(t, { DATA_DIR: otherDisk });
    try {
      const rows = await t.ctx.database.query<{ image: string }>(
        `select image from (
           select hero_image as image from courses union select hero_image from course_modules union select image_src from module_sections
         ) named where image like '/uploads/%'`,
      );
      expect(rows.length).toBeGreaterThanOrEqual(3);
      for (const { image } of rows) {
        const served = await other.app.inject({ url: image });
        expect(served.statusCode, image).toBe(200);
        expect(served.headers['content-type']).toBe('image/png');
        expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
        expect(served.rawPayload.subarray(1, 4).toString()).toBe('PNG');
      }
    } finally {
      await other.close();
      rmSync(otherDisk, { recursive: true, force: true });
    }
  });
});
