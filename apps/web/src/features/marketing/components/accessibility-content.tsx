import { brand } from '@/config/brand';
import { LegalPage, type LegalSection } from './legal-page';

const sections: LegalSection[] = [
  {
    id: 'supported',
    title: 'What we support',
    body: (
      <ul>
        <li>Keyboard: every page works without a mouse. Tab reaches every control, a visible outline shows where you are, and the TradeDesk calendar moves between days with the arrow keys and opens one with Enter.</li>
        <li>Dialogs and drawers (every confirmation before a change you cannot undo, the manual trade drawer): focus stays inside while one is open, Escape closes it, and focus goes back to the button that opened it.</li>
        <li>
          Writing notes: the journal and lesson editors work by keyboard alone. Their formatting buttons come before the text and the arrow keys move
          between them; Ctrl+B, Ctrl+I and Ctrl+U (⌘ on a Mac) format as you type, and Ctrl+Shift+8 starts a bullet list. In a list Tab indents, so
          press Escape, then Tab, to leave the editor; the editor says so under the text.
        </li>
        <li>Charts: the equity and drawdown charts of Reports, the backtest equity chart and the AlphaORB price chart each have a summary in words and a button under them that shows their data as a table (a row a day or a month, a minute or a quarter hour, in the zone the page names).</li>
        <li>Screen readers: pages have one main heading, landmarks and named controls; tables and totals have text equivalents; sync results, saved notes and trades, and errors are announced as they happen.</li>
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
        and as staff, before each release; no page ships with a serious or critical finding. The keyboard paths above (the calendar, dialogs, the
        journal editor, the chart tables) are tested by a browser driven with the keyboard alone.
      </p>
    ),
  },
  {
    id: 'limits',
    title: 'Known limits',
    body: (
      <ul>
        <li>The chart canvases themselves cannot be explored point by point; their tables hold the same data.</li>
        <li>Leaving a form with unsaved changes asks with your browser&apos;s own confirmation box rather than ours: it works with a keyboard and screen readers, but looks different.</li>
        <li>Adding a link in the lesson editor asks for its address in the browser&apos;s own prompt.</li>
      </ul>
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
