import type { Mail } from './mailer.ts';
import { layout } from './templates.ts';

type Brand = { name: string; supportEmail: string };

/** The member's archive is ready: the link opens the account area, where they download it signed in. */
export function dataExportReadyMail(brand: Brand, to: string, href: string, expires: string): Mail {
  return {
    to,
    subject: `Your ${brand.name} data is ready to download`,
    ...layout(
      brand,
      [
        'The copy of your data you asked for is ready: one ZIP file with your profile, membership, linked accounts, trades, journal, AlphaORB bots, backtests and course progress.',
        `Sign in to download it. The download expires on ${expires}; after that, request a new copy from your account.`,
      ],
      { href, label: 'Download my data' },
    ),
  };
}

/** The account is closing: what happened, and how to change their mind within the grace period. */
export function accountClosingMail(brand: Brand, to: string, href: string, graceEnds: string): Mail {
  return {
    to,
    subject: `Your ${brand.name} account is closing`,
    ...layout(
      brand,
      [
        'Your account has been closed: your bots are stopped, your broker connections removed, your subscription canceled and every device signed out.',
        `Your personal data will be deleted on ${graceEnds}. Until then, signing in restores your account.`,
      ],
      { href, label: 'Sign in to restore it' },
    ),
  };
}
