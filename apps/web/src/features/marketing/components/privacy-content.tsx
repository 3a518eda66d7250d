import { brand } from '@/config/brand';
import { LegalPage, type LegalSection } from './legal-page';

const sections: LegalSection[] = [
  {
    id: 'data',
    title: 'The data we keep',
    body: (
      <ul>
        <li>Your account: name, e-mail address, and optionally phone number and birthday.</li>
        <li>Your membership: plan, status, renewal dates and the billing provider&apos;s customer reference.</li>
        <li>Your trading records: trades synced from linked accounts, journal entries, notes and bot activity.</li>
        <li>Course progress and which sessions you open.</li>
        <li>Pages visited in the platform, to understand which lessons and tools are used.</li>
      </ul>
    ),
  },
  {
    id: 'security',
    title: 'Passwords and broker credentials',
    body: (
      <>
        <p>
          Your password is never stored: we keep only a one-way hash of it, so nobody at {brand.name} can read it. Sign-in
          tokens and password-reset links are stored as hashes too.
        </p>
        <p>
          When you link a broker account, the access tokens needed to sync trades are encrypted before they are stored.
          Your broker password is used once to sign in to the broker and is never stored in plain text.
        </p>
      </>
    ),
  },
  {
    id: 'payments',
    title: 'Payments',
    body: (
      <p>
        Card payments are handled by our payment provider. Card numbers go straight to them and never reach our
        servers; we receive the subscription status and a customer reference.
      </p>
    ),
  },
  {
    id: 'cookies',
    title: 'Cookies and local storage',
    body: (
      <ul>
        <li>A security cookie (XSRF-TOKEN) that protects forms against cross-site requests.</li>
        <li>
          Your sign-in token and the app&apos;s version stamp are kept in your browser&apos;s local storage, and a
          membership notice in session storage. Signing out removes the token.
        </li>
        <li>We do not use advertising cookies or sell data to advertisers.</li>
      </ul>
    ),
  },
  {
    id: 'sharing',
    title: 'Who we share data with',
    body: (
      <p>
        Only with the services that run the product: hosting, e-mail delivery, the payment provider, the video platform
        for live sessions and the broker you link. Each receives only what it needs. We never sell personal data.
      </p>
    ),
  },
  {
    id: 'rights',
    title: 'Your choices',
    body: (
      <ul>
        <li>Update your details at any time from your account.</li>
        <li>Disable or remove a linked trading account; removing it also deletes its bots.</li>
        <li>
          Download a copy of your data: under Account, Your data, choose Request a copy of my data. We prepare one ZIP
          file with your profile, membership and billing history, linked accounts (never their passwords or tokens),
          every trade (also as a CSV file you can import again), journal day and note, your AlphaORB bots, runs and
          orders, backtests, course progress and uploads, and e-mail you when it is ready. Only you can download it,
          signed in, for 7 days.
        </li>
        <li>
          Close your account: under Account, Your data, confirm with your password. We sign you out on every device,
          stop your bots, delete your broker connections and cancel your subscription (at the end of the period or at
          once, as you choose). For 14 days signing in restores your account; after that your personal data is deleted
          or anonymized everywhere. Invoices and our audit log are kept as the law requires, with your name replaced.
        </li>
        <li>You can also write to support and we will do either for you.</li>
      </ul>
    ),
  },
  {
    id: 'retention',
    title: 'How long we keep it',
    body: (
      <p>
        Account and journal data are kept while you are a member and for 12 months after a membership ends, so you can
        come back to your history, unless you close your account: then they are deleted 14 days after you close it.
        Billing records are kept as long as tax law requires.
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'Contact',
    body: (
      <p>
        For any privacy question or request, write to <a href={`mailto:${brand.supportEmail}`}>{brand.supportEmail}</a>.
      </p>
    ),
  },
];

export function PrivacyContent() {
  return (
    <LegalPage
      title="Privacy Policy"
      updated="March 2025"
      intro={<p>What {brand.name} keeps about you, why, how it is protected, and how to ask us to change or delete it.</p>}
      sections={sections}
    />
  );
}
