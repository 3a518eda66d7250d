import { DateTime } from 'luxon';
import { memberTimeZone } from '@th/domain';
import type { Mail } from '../mail/index.ts';

type Brand = { name: string; supportEmail: string; appUrl: string };

const escape = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

type Member = { email: string; firstName: string | null; timezone: string | null };

/** A trial's last day as the member reads it: in their profile zone, else Toronto time. */
const dayOf = (member: Member, at: Date) =>
  DateTime.fromJSDate(at).setZone(memberTimeZone(member.timezone)).toFormat('cccc, LLLL d');

/**
 * Stripe warns three days before a trial ends; an internal trial (joined without card billing)
 * is warned two days before by the trials job. The member hears it from us, in their zone.
 */
export function trialReminderMail(brand: Brand, member: Member, trialEnd: Date, planName: string, billing: 'stripe' | 'internal' = 'stripe'): Mail {
  const date = dayOf(member, trialEnd);
  const paragraphs = [
    `Hi ${member.firstName ?? 'there'},`,
    billing === 'stripe'
      ? `Your ${brand.name} ${planName} trial ends on ${date}. Your membership then continues automatically with the card on file, so live sessions, courses and your tools stay open without a break.`
      : `Your ${brand.name} ${planName} trial ends on ${date}. After that, live sessions, courses and your tools close until your membership is renewed.`,
    billing === 'stripe'
      ? 'To change your plan, update your card or cancel before you are charged, open your membership page.'
      : `To keep your access, write to ${brand.supportEmail} before then.`,
  ];
  return mailOf(brand, member, `Your ${brand.name} trial ends on ${date}`, paragraphs);
}

/** Sent when an internal trial has ended and the member is confined to the account area. */
export function trialEndedMail(brand: Brand, member: Member, trialEnd: Date, planName: string): Mail {
  const paragraphs = [
    `Hi ${member.firstName ?? 'there'},`,
    `Your ${brand.name} ${planName} trial ended on ${dayOf(member, trialEnd)}. Live sessions, courses and your tools are closed; your journal, trades and settings are kept.`,
    `To renew your membership, write to ${brand.supportEmail}.`,
  ];
  return mailOf(brand, member, `Your ${brand.name} trial has ended`, paragraphs);
}

function mailOf(brand: Brand, member: Member, subject: string, paragraphs: string[]): Mail {
  const href = `${brand.appUrl}/account/subscription`;
  const text = `${paragraphs.join('\n\n')}\n\nManage your membership: ${href}\n\nQuestions? Write to ${brand.supportEmail}.\n`;
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#0f172a">
${paragraphs.map((p) => `<p>${escape(p)}</p>`).join('\n')}
<p><a href="${escape(href)}" style="background:#2563eb;color:#fff;padding:10px 16px;border-radius:6px;text-decoration:none">Manage your membership</a></p>
<p style="color:#64748b;font-size:13px">Questions? Write to ${escape(brand.supportEmail)}.</p>
</body></html>`;
  return { to: member.email, subject, text, html };
}
