import { DateTime } from 'luxon';
import type { Mail } from '../mail/mailer.ts';

type Brand = { name: string; supportEmail: string; appUrl: string };

const escape = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Stripe warns three days before a trial ends; the member hears it from us, in their zone. */
export function trialReminderMail(
  brand: Brand,
  member: { email: string; firstName: string | null; timezone: string | null },
  trialEnd: Date,
  planName: string,
): Mail {
  const zone = member.timezone ?? 'America/Toronto';
  const date = DateTime.fromJSDate(trialEnd).setZone(zone).toFormat('cccc, LLLL d');
  const href = `${brand.appUrl}/account/subscription`;
  const paragraphs = [
    `Hi ${member.firstName ?? 'there'},`,
    `Your ${brand.name} ${planName} trial ends on ${date}. Your membership then continues automatically with the card on file, so live sessions, courses and your tools stay open without a break.`,
    'To change your plan, update your card or cancel before you are charged, open your membership page.',
  ];
  const text = `${paragraphs.join('\n\n')}\n\nManage your membership: ${href}\n\nQuestions? Write to ${brand.supportEmail}.\n`;
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#0f172a">
${paragraphs.map((p) => `<p>${escape(p)}</p>`).join('\n')}
<p><a href="${escape(href)}" style="background:#2563eb;color:#fff;padding:10px 16px;border-radius:6px;text-decoration:none">Manage your membership</a></p>
<p style="color:#64748b;font-size:13px">Questions? Write to ${escape(brand.supportEmail)}.</p>
</body></html>`;
  return { to: member.email, subject: `Your ${brand.name} trial ends on ${date}`, text, html };
}
