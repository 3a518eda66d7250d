import { Link } from 'react-router';
import { brand } from '@/config/brand';
import { paths } from '@/config/paths';
import { LegalPage, type LegalSection } from './legal-page';

const sections: LegalSection[] = [
  {
    id: 'education',
    title: 'Education, not advice',
    body: (
      <>
        <p>
          {brand.name} teaches day trading. Live sessions, courses, desk trades, the blueprint, AlphaORB and every other
          tool are educational material. Nothing we publish is investment, financial, tax or legal advice, and nothing
          is a recommendation to buy or sell any instrument.
        </p>
        <p>
          Our mentors are not your advisers and do not know your finances. You alone decide whether, what and how much
          to trade.
        </p>
      </>
    ),
  },
  {
    id: 'risk',
    title: 'The risk of trading',
    body: (
      <>
        <p>
          Trading futures, forex, CFDs and shares, especially with leverage, can lose money quickly, including more than
          you deposit with some brokers. Past results, including trades shown in sessions, journals or testimonials, do
          not predict future results. We never guarantee profit or any particular outcome.
        </p>
        <p>Only trade with money you can afford to lose, and practise on a demo account first.</p>
      </>
    ),
  },
  {
    id: 'membership',
    title: 'Your membership',
    body: (
      <ul>
        <li>Memberships are billed annually at the monthly rate shown when you join.</li>
        <li>
          Every membership starts with a 7-day trial. Cancel during the trial from Manage subscription in your account
          and you are not charged.
        </li>
        <li>
          Founding members keep their introductory rate for as long as the membership stays active without a break.
        </li>
        <li>
          If a payment fails or the membership ends, the platform is paused and your account area stays available so
          you can restore billing. Your journal and trade history are kept.
        </li>
      </ul>
    ),
  },
  {
    id: 'account',
    title: 'Your account',
    body: (
      <ul>
        <li>One membership is for one person. Do not share your sign-in or redistribute recordings and course material.</li>
        <li>Keep your password private and tell us at once if you think someone else has used your account.</li>
        <li>Be respectful in the community. We may remove posts or accounts that harass others or promote schemes.</li>
      </ul>
    ),
  },
  {
    id: 'tools',
    title: 'Trading tools and automation',
    body: (
      <>
        <p>
          When you link a broker account, trades are synced into your journal. AlphaORB only places orders on accounts you
          link and with settings you choose; you can pause or hard-stop it at any time. Automated orders can fail, be
          delayed or behave differently in fast markets; test on paper and watch live runs.
        </p>
        <p>Your broker&apos;s own terms apply to your brokerage account. We are not a broker and never hold your funds.</p>
      </>
    ),
  },
  {
    id: 'liability',
    title: 'Liability',
    body: (
      <p>
        To the extent the law allows, {brand.name} is not liable for trading losses or for decisions you make using our
        material or tools. The service is provided as it is, and we may change schedules, content and features to keep
        improving it.
      </p>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to these terms',
    body: (
      <p>
        If we change these terms in a way that matters to you, we will tell members by e-mail before the change applies.
        How we handle your data is described in our <Link to={paths.privacy}>Privacy Policy</Link>.
      </p>
    ),
  },
];

export function TermsContent() {
  return (
    <LegalPage
      title="Terms of Service"
      updated="March 2025"
      intro={<p>These terms explain what a {brand.name} membership includes, what it does not, and the rules we ask every member to follow.</p>}
      sections={sections}
    />
  );
}
