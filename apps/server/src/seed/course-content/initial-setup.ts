import type { CourseInput, LessonInput } from '../../modules/courses/authoring.ts';
import { chartArtwork } from './artwork.ts';

export const initialSetupCourse: CourseInput = {
  slug: 'initial-setup',
  title: 'Initial Setup',
  subtitle: 'Get your accounts, charts and platform ready before your first live session.',
  description: 'Seven short lessons that take you from a fresh login to a working demo account, a clean charting layout and a daily routine.',
  heroImage: chartArtwork(212, 7),
  sortOrder: 1,
  status: 'published',
};

export const initialSetupLessons: LessonInput[] = [
  {
    slug: 'welcome-and-platform-tour',
    title: 'Welcome: how the platform fits together',
    summary: 'What each part of the members’ area is for, and the order to use it in.',
    overview: 'Before you place a single trade, know where everything lives: live sessions, courses, TradeDesk, the trade log, levels, market events and AlphaORB.',
    durationSeconds: 540,
    status: 'published',
    heroImage: chartArtwork(212, 11),
    heroAlt: 'A candlestick chart in blue tones',
    heroCaption: 'Every tool in the platform reads from the same trades and the same trading day.',
    contentHtml: `
<p>Welcome aboard. This platform is built around one idea: a trader improves fastest when learning, practice and review happen in the same place. Everything you see in the left sidebar feeds that loop.</p>
<h3>The daily loop</h3>
<ol>
<li><strong>Prepare</strong> with <em>Market Events</em> (what news is due today) and the <em>Levels Grabber</em> (the highs and lows that matter).</li>
<li><strong>Trade or watch</strong> in the <em>Live Sessions</em>, where mentors call the New York open every weekday from 9:15 AM Eastern.</li>
<li><strong>Review</strong> in <em>TradeDesk</em> and the <em>Trade Log</em>: your trades are pulled in from your linked account and grouped by trading day.</li>
</ol>
<p>Courses sit underneath all of this. Lessons open one after another: finish a lesson with <strong>Mark complete</strong> and the next one unlocks. Your progress is saved to your account, so you can pick up on another device.</p>
<h3>How to use these lessons</h3>
<p>Work through <em>Initial Setup</em> first, in order. It is short on theory on purpose: by the end you will have a demo account linked, a chart layout you can read at a glance and a morning routine. <em>Foundations</em> then teaches the ideas behind the setups, and <em>Toolkit</em> shows how to get the most from each tool.</p>
<blockquote>Trade the demo account until your journal shows a process you can repeat. Real money comes after consistency, not before.</blockquote>`,
    sections: [
      {
        heading: 'Before you continue',
        description: 'Tick these off so the next lessons go smoothly.',
        checklist: ['Sign in on the device you will trade from', 'Open Live Sessions and note the next New York session', 'Bookmark this course so you can come back to it'],
      },
    ],
  },
  {
    slug: 'tradelocker-demo-account',
    title: 'Open a TradeLocker demo account',
    summary: 'A free practice account with simulated money, on the same platform you will trade live.',
    overview: 'A demo account lets you practise execution, order types and risk without risking a cent. We use TradeLocker because TradeDesk and AlphaORB connect to it directly.',
    durationSeconds: 720,
    status: 'locked',
    contentHtml: `
<p>TradeLocker is the trading platform our tools connect to. Most brokers that offer it give you a <strong>demo account</strong>: the same charts, the same order ticket and live prices, but with simulated money. Everything you learn here transfers one-to-one to a live account later.</p>
<h3>Creating the account</h3>
<p>Pick a broker that offers TradeLocker and choose the demo or practice option during sign-up. You will receive three things: the <strong>email</strong> you registered with, a <strong>password</strong> and a <strong>server</strong> name (it usually looks like the broker’s name followed by “-Demo”). Keep them together; you will need all three to link the account in the next lesson.</p>
<h3>Choose a realistic balance</h3>
<p>Demo accounts often default to 100,000. Change it, if your broker allows, to the amount you actually plan to trade with later, for example 5,000. Practising with a balance you will never have teaches the wrong position sizes and the wrong feelings about losses.</p>
<p>Finally, log in once on TradeLocker’s own web platform and place one tiny market order and close it. That confirms the account works before you connect it here.</p>`,
    sections: [
      {
        heading: 'Demo account checklist',
        checklist: ['Demo account created with a TradeLocker broker', 'Balance set to the amount you plan to trade live', 'Email, password and server name saved in your password manager', 'One test order opened and closed on TradeLocker'],
      },
    ],
  },
  {
    slug: 'link-your-account',
    title: 'Link your demo account to the platform',
    summary: 'Connect TradeLocker so your trades flow into TradeDesk and the Trade Log automatically.',
    overview: 'Linking takes three steps from your account page: choose the platform, sign in to TradeLocker, then pick the accounts to import.',
    durationSeconds: 480,
    status: 'locked',
    contentHtml: `
<p>Open <strong>Manage Account</strong> from your name in the top bar, then choose to link a trading account. The wizard has three steps.</p>
<ol>
<li><strong>Platform.</strong> Choose TradeLocker and acknowledge the disclaimer: we read your trades and balances, and AlphaORB can place orders only when you create a bot and switch it on.</li>
<li><strong>Sign in.</strong> Enter the email, password and server from the previous lesson and choose <em>Demo</em> as the account type, then press <em>Discover Accounts</em>.</li>
<li><strong>Pick accounts.</strong> Tick the demo account and give it a label you will recognise, such as “Practice 5k”.</li>
</ol>
<p>After linking, the account appears on your account page with its balance. Trades sync in the background; the first import can take a minute. If you ever change your TradeLocker password, the account will show that it needs to be re-linked: run the wizard again with the new password and your history stays in place.</p>
<p>You can disable an account at any time. Disabling pauses new data but keeps the trades already imported, which is useful when you retire a practice account but want to keep its journal.</p>`,
  },
  {
    slug: 'charting-layout',
    title: 'Build your charting layout',
    summary: 'Three timeframes, a handful of levels and nothing else on the screen.',
    overview: 'A clean chart makes decisions faster. We set up a higher timeframe for context, a working timeframe for the setup and a fast one for the entry.',
    durationSeconds: 900,
    status: 'locked',
    heroImage: chartArtwork(160, 23),
    heroAlt: 'A candlestick chart with horizontal grid lines',
    heroCaption: 'Keep the chart readable: candles, a few levels, and the session you are trading.',
    contentHtml: `
<p>New traders tend to add indicators until the chart looks like a cockpit. Every extra line is one more thing to interpret while price is moving. Our layout starts with candles and levels only; you can add one indicator later if it earns its place.</p>
<h3>The three-chart layout</h3>
<ul>
<li><strong>15-minute</strong> for context: where is price relative to yesterday’s high and low and the overnight range?</li>
<li><strong>5-minute</strong> as the working chart: the opening range and most of our setups are read here.</li>
<li><strong>1-minute</strong> for timing: only to fine-tune an entry you already decided on the 5-minute.</li>
</ul>
<h3>Settings that help</h3>
<p>Set the chart time zone to <strong>New York</strong> so the 9:30 AM open lines up with the candles mentors talk about. Turn on session breaks so each trading day is separated. Use one colour for levels you draw yourself and another for levels the Levels Grabber gives you, so you always know where a line came from.</p>
<p>Save the layout as a template. Consistency matters more than the exact choices: you want to recognise a setup because it always looks the same on your screen.</p>`,
    sections: [
      {
        heading: 'Layout checklist',
        description: 'Set these once and save the layout as a template.',
        checklist: ['Chart time zone set to New York', 'Session breaks visible', '15m, 5m and 1m charts side by side', 'No more than one indicator per chart', 'Layout saved as a template'],
      },
    ],
  },
  {
    slug: 'watchlist-and-instruments',
    title: 'Choose a small watchlist',
    summary: 'Two or three instruments you know well beat twenty you glance at.',
    overview: 'Focus builds pattern recognition. Learn how each instrument moves at the open and how its point value affects your risk.',
    durationSeconds: 660,
    status: 'locked',
    contentHtml: `
<p>Each market has a personality: how far it usually moves in the first half hour, how it reacts to news, how wide its spread is. You only learn that by watching the same few instruments every day.</p>
<h3>A sensible starting list</h3>
<ul>
<li><strong>NAS100</strong> (Nasdaq 100 index): fast, clean trends at the New York open; the instrument most of our live calls use.</li>
<li><strong>US30</strong> (Dow Jones index): bigger point moves, so size positions carefully.</li>
<li><strong>XAUUSD</strong> (gold): reacts strongly to US economic data and often moves during London as well.</li>
</ul>
<p>Before trading any of them, look up the contract details on your broker: the minimum lot size, what one point of movement is worth per lot, and the typical spread at 9:30 AM. You will use those numbers in the position-sizing lesson of <em>Foundations</em>.</p>
<p>Resist adding more. When your journal shows steady results on one instrument, then add a second.</p>`,
  },
  {
    slug: 'daily-routine',
    title: 'Set up your daily routine',
    summary: 'A 20-minute pre-market routine you can repeat every trading day.',
    overview: 'Routine removes decisions. Do the same checks in the same order, then join the live session with a plan.',
    durationSeconds: 600,
    status: 'locked',
    contentHtml: `
<p>Most bad trades are decided before the open: no plan, no levels, no idea that a major report is due at 10:00. A short routine fixes that.</p>
<h3>Twenty minutes before the session</h3>
<ol>
<li><strong>Market Events</strong>: note any high-impact US releases today and their times. If one is due within minutes of your entry window, plan to stand aside until it passes.</li>
<li><strong>Levels</strong>: mark the previous day’s high and low, the overnight (Asian and London) range and the premarket high and low.</li>
<li><strong>Bias</strong>: one sentence. “Above yesterday’s high, I only look for longs until price loses it.”</li>
<li><strong>Risk</strong>: write your maximum loss for the day. When you hit it, you stop.</li>
</ol>
<p>Then join the New York live session at 9:15 AM Eastern and compare your plan with the mentors’. Disagreements are the best learning moments: write them down in TradeDesk.</p>`,
    sections: [
      {
        heading: 'Pre-market checklist',
        checklist: ['Checked today’s high-impact events', 'Marked previous day, overnight and premarket highs and lows', 'Wrote a one-sentence bias', 'Wrote today’s maximum loss', 'Joined the live session by 9:15 AM Eastern'],
      },
    ],
  },
  {
    slug: 'mobile-setup',
    title: 'Trading from your phone',
    summary: 'Alerts and monitoring on the go, and why entries still belong at a desk.',
    durationSeconds: 420,
    status: 'coming_soon',
  },
];
