import { brand } from '@/config/brand';
import { LegalPage, type LegalSection } from './legal-page';

const sections: LegalSection[] = [
  {
    id: 'supported',
    title: 'What we support',
    body: (
      <ul>
        <li>Keyboard: every page works without a mouse. Tab reaches every control, a visible outline shows where you are, and the TradeDesk calendar moves between days with the arrow keys.</li>
        <li>Screen readers: pages have one main heading, landmarks and named controls; tables, charts and totals have text equivalents, and sync results and saves are announced.</li>
        <li>Contrast: text and controls meet the WCAG 2.1 AA contrast ratios in the product&apos;s colours.</li>
        <li>Phones: every page fits a 390 px wide screen; wide tables scroll inside their box, which the keyboard can reach too.</li>
        <li>Reduced motion: when your device asks for less motion, animations and transitions are switched off.</li>
      </ul>
    ),
  },
  {
    id: 'how-we-check',
    title: 'How we check',
    body: (
      <p>
        We aim for WCAG 2.1 level AA. Every page of {brand.name} is checked automatically, at desktop width and on a phone, signed out, as a member
        and as staff, before each release; no page ships with a serious or critical finding.
      </p>
    ),
  },
  {
    id: 'report',
    title: 'Report a problem',
    body: (
      <p>
        If something is hard to use with your keyboard, screen reader or settings, write to{' '}
        <a href={`mailto:${brand.supportEmail}?subject=Accessibility`}>{brand.supportEmail}</a> with the page&apos;s address and what happened. We
        answer within two working days and tell you when it is fixed.
      </p>
    ),
  },
];

export function AccessibilityContent() {
  return (
    <LegalPage
      title="Accessibility"
      updated="November 2026"
      intro={<p>How {brand.name} works with a keyboard, a screen reader and your device&apos;s settings, and how to tell us when it does not.</p>}
      sections={sections}
    />
  );
}
