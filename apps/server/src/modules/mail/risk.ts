import type { Mail } from './mailer.ts';
import { layout } from './templates.ts';

type Brand = { name: string; supportEmail: string };

/** What the Risk Manager did to one linked account, in the member's words. */
export type RiskMailFacts = {
  account: string;
  /** The rule in words, with the numbers that tripped it. */
  reason: string;
  /** Lock end in the member's named zone; null for a warning. */
  lockedUntil: string | null;
};

/** A rule was broken: the account was flattened and locked (or, warn only, just a warning). */
export function riskMail(brand: Brand, to: string, href: string, facts: RiskMailFacts): Mail {
  if (facts.lockedUntil === null) {
    return {
      to,
      subject: `Risk Manager warning on ${facts.account}`,
      ...layout(
        brand,
        [
          `Your Risk Manager rules for ${facts.account} were broken: ${facts.reason}`,
          'The rules are set to warn only, so nothing was closed. Review your trading before you go on.',
        ],
        { href, label: 'Open Risk Manager' },
      ),
    };
  }
  return {
    to,
    subject: `${facts.account} is locked by Risk Manager`,
    ...layout(
      brand,
      [
        `Your Risk Manager rules for ${facts.account} were broken: ${facts.reason}`,
        `Risk Manager cancelled the pending orders, closed the open positions and paused the account's AlphaORB bots. The account stays locked until ${facts.lockedUntil}: anything opened before then is closed again.`,
      ],
      { href, label: 'Open Risk Manager' },
    ),
  };
}
