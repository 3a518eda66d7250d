import type { Mail } from './mailer.ts';

type Brand = { name: string; supportEmail: string };

const escape = (value: string) =>
  value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function layout(brand: Brand, paragraphs: string[], link: { href: string; label: string }) {
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#0f172a">
${paragraphs.map((p) => `<p>${escape(p)}</p>`).join('\n')}
<p><a href="${escape(link.href)}" style="background:#2563eb;color:#fff;padding:10px 16px;border-radius:6px;text-decoration:none">${escape(link.label)}</a></p>
<p style="color:#64748b;font-size:13px">If the button does not work, paste this link into your browser:<br>${escape(link.href)}</p>
<p style="color:#64748b;font-size:13px">Questions? Write to ${escape(brand.supportEmail)}.</p>
</body></html>`;
  const text = `${paragraphs.join('\n\n')}\n\n${link.label}: ${link.href}\n\nQuestions? Write to ${brand.supportEmail}.\n`;
  return { html, text };
}

export function passwordResetMail(brand: Brand, to: string, href: string, minutes: number): Mail {
  return {
    to,
    subject: `Reset your ${brand.name} password`,
    ...layout(
      brand,
      [
        'We received a request to reset the password of your account.',
        `The link below works once and expires in ${minutes} minutes. If you did not ask for it, you can ignore this e-mail.`,
      ],
      { href, label: 'Reset password' },
    ),
  };
}

export function inviteMail(brand: Brand, to: string, href: string, days: number): Mail {
  return {
    to,
    subject: `Your ${brand.name} membership is ready`,
    ...layout(
      brand,
      [
        `Welcome to ${brand.name}! Your membership has been set up.`,
        `Choose a password to finish your invite. The link works once and expires in ${days} days.`,
      ],
      { href, label: 'Complete your invite' },
    ),
  };
}

/** Sent to the address a member signed in with, after their sign-in e-mail or password changed. */
export function credentialsChangedMail(
  brand: Brand,
  to: string,
  change: { newEmail?: string; password: boolean },
  href: string,
): Mail {
  const what = [
    change.newEmail && `the sign-in e-mail was changed to ${change.newEmail}`,
    change.password && 'the password was changed and other devices were signed out',
  ].filter(Boolean);
  return {
    to,
    subject: `Your ${brand.name} sign-in details changed`,
    ...layout(
      brand,
      [
        `On your account, ${what.join(', and ')}.`,
        `If this was you, there is nothing to do. If it was not, reset your password now and write to ${brand.supportEmail}.`,
      ],
      { href, label: 'Reset password' },
    ),
  };
}

/**
 * A notification e-mail's footer: why the member gets it and where to turn it off. Added to every
 * e-mail of the notification centre, the generic one and a kind's own (riskMail).
 */
export function withPreferencesFooter(mail: Mail, preferencesHref: string): Mail {
  const footer = `You receive this because e-mail is on for this kind of notification. Change it: ${preferencesHref}`;
  return {
    ...mail,
    html: mail.html.replace('</body>', `<p style="color:#64748b;font-size:13px">${escape(footer)}</p>\n</body>`),
    text: `${mail.text}\n${footer}\n`,
  };
}

/** A notification of the notification centre sent by e-mail (the member chose e-mail for its kind). */
export function notificationMail(
  brand: Brand,
  to: string,
  notification: { title: string; body: string; href: string },
  preferencesHref: string,
): Mail {
  return withPreferencesFooter(
    {
      to,
      subject: `${notification.title} (${brand.name})`,
      ...layout(brand, [notification.body], { href: notification.href, label: 'Open in the platform' }),
    },
    preferencesHref,
  );
}
