import type { CourseInput, LessonInput } from '../../modules/courses/authoring.ts';
import { chartArtwork } from './artwork.ts';

export const toolkitCourse: CourseInput = {
  slug: 'toolkit',
  title: 'Toolkit',
  subtitle: 'TradeDesk, Levels, Market Events and AlphaORB: how to use each tool well.',
  description: 'Ten practical lessons on the platform’s tools, from journaling your first trade to running the AlphaORB bot on a demo account.',
  heroImage: chartArtwork(32, 53),
  sortOrder: 3,
  status: 'published',
};

/** A live TradingView chart widget (the embed lessons use for charts), dark like the site. */
const chart = (symbol: string, interval: string, title: string) =>
  `<iframe src="https://www.tradingview.com/widgetembed/?symbol=${encodeURIComponent(symbol).replaceAll('!', '%21')}&amp;interval=${interval}&amp;theme=dark&amp;style=1&amp;timezone=America%2FToronto" title="${title}" allowfullscreen></iframe>`;

export const toolkitLessons: LessonInput[] = [
  {
    slug: 'journaling-with-tradedesk',
    title: 'Journaling with TradeDesk',
    summary: 'Your month at a glance, and why the journal is where you actually improve.',
    overview: 'TradeDesk turns your synced trades into a calendar of trading days. The numbers show what happened; your notes explain why.',
    durationSeconds: 840,
    status: 'published',
    heroImage: chartArtwork(32, 59),
    heroAlt: 'A candlestick chart in amber tones',
    heroCaption: 'Green and red days on the calendar are only the start: open a day to see why.',
    contentHtml: `
<p>Open <strong>TradeDesk Journal</strong> from the sidebar. The chips at the top show the month’s net P/L, the number of trading days and the number of trades. Below, a calendar shows each day’s net result and trade count, with a weekly summary column on the right.</p>
<p>Trades arrive automatically from your linked TradeLocker account; press <em>Sync</em> if you have just closed one. Trades you took elsewhere can be added by hand with <em>+ Trade</em>.</p>
<h3>What to look for</h3>
<ul>
<li><strong>Clusters of red days.</strong> Do they share a weekday, a news event or a session?</li>
<li><strong>Trade count on losing days.</strong> More trades on red days usually means revenge trading.</li>
<li><strong>Week totals.</strong> One great day hiding four poor ones is a warning, not a win.</li>
</ul>
<p>The calendar tells you <em>where</em> to look. The next lesson, the Daily Log, is where you find out <em>why</em>.</p>
<p>Compare your red and green days with the market itself: here is the S&amp;P 500 E-mini on a daily chart.</p>
${chart('CME_MINI:ES1!', 'D', 'Live S&amp;P 500 E-mini daily chart')}`,
    sections: [
      {
        heading: 'First week with TradeDesk',
        checklist: ['Linked account synced and trades visible', 'Any outside trades added with + Trade', 'Best and worst day of the month opened and read'],
      },
    ],
  },
  {
    slug: 'daily-log-review',
    title: 'Reviewing a day in the Daily Log',
    summary: 'Narrative, metrics and a process check for every trade.',
    overview: 'Ten minutes after the session, while it is fresh: write what you saw, grade your process and note your mindset.',
    durationSeconds: 780,
    status: 'locked',
    contentHtml: `
<p>Click any day in TradeDesk to open its <strong>Daily Log</strong>. The top shows session metrics: net P/L, trades, average per trade, win rate and wins versus losses.</p>
<h3>The daily narrative</h3>
<p>Write three or four sentences: what the plan was, what the market actually did and what you did about it. Keep it factual. “Planned longs above the premarket high; price failed there twice; I shorted the second failure without a plan” is far more useful than “bad day”.</p>
<h3>Grade each trade</h3>
<p>Open a trade and fill in its context and the process checklist: <em>plan aligned</em>, <em>risk managed</em>, <em>scaling rules respected</em>. Then record your emotion before, during and after the trade.</p>
<p>Over a few weeks this becomes your most valuable data set. Filter your losing trades by “plan aligned: fail” and you will usually find that most of your losses came from trades you should not have taken at all.</p>`,
    sections: [
      {
        heading: 'End-of-day review',
        checklist: ['Narrative written: plan, market, actions', 'Every trade has session and market condition', 'Process checklist graded honestly', 'Emotions recorded before, during and after'],
      },
    ],
  },
  {
    slug: 'trade-log',
    title: 'Finding patterns in the Trade Log',
    summary: 'Every trade in one table, ready to filter, sort and question.',
    overview: 'The Trade Log is the spreadsheet view of your trading: use it to test ideas about your own results.',
    durationSeconds: 600,
    status: 'locked',
    contentHtml: `
<p>The <strong>Trade Log</strong> lists every trade with its instrument, times, side, size, duration, net P&amp;L and outcome. Where TradeDesk is organised by day, the log is organised by trade, which makes it the place to ask questions.</p>
<h3>Questions worth asking</h3>
<ul>
<li>Which session makes me money? Compare trades in the New York session with those taken during Premarket.</li>
<li>Do my longer trades do better than quick scalps?</li>
<li>Is one instrument responsible for most of my losses?</li>
</ul>
<p>Answer one question a week and change one thing in your plan as a result. Small, evidence-based adjustments compound; rewriting the whole strategy after a bad week does not.</p>`,
  },
  {
    slug: 'using-levels',
    title: 'Using the Levels Grabber',
    summary: 'Session highs and lows for each instrument, ready before the open.',
    overview: 'Know your levels, track their history, anticipate reactions. The Levels Grabber records each session’s high and low so you do not have to.',
    durationSeconds: 660,
    status: 'locked',
    contentHtml: `
<p>In <em>Foundations</em> you drew overnight levels by hand. The <strong>Levels Grabber</strong> does it for you: one card per instrument, with the high and low of each session (Asian Range, London, Early Premarket, Premarket, New York, After Hours) and the time each was made.</p>
<h3>A morning workflow</h3>
<ol>
<li>Open Levels before 9:15 AM and pick today’s date.</li>
<li>Copy the Asian Range, London and Premarket highs and lows onto your 5-minute chart as zones.</li>
<li>Use the date filter to look at yesterday: note the New York high and low as well.</li>
</ol>
<p>The times matter too. A premarket high made at 9:25 AM is fresh and likely to be tested; one made at 4:30 AM is weaker. Over time, check in the journal which levels gave you the cleanest reactions on your instruments.</p>`,
  },
  {
    slug: 'economic-calendar',
    title: 'The economic calendar in Market Events',
    summary: 'Which releases move markets, and how to plan around them.',
    overview: 'High-impact US data can move indices and gold by more than a full day’s range in seconds. Know when it is due.',
    durationSeconds: 720,
    status: 'locked',
    contentHtml: `
<p><strong>Market Events</strong> shows this week’s economic calendar, grouped by day, with each release’s time, currency, impact, forecast, actual and previous values. Filter by impact and currency to keep it short: for US indices and gold, the <strong>USD high-impact</strong> events are the ones that matter most.</p>
<h3>Releases to respect</h3>
<ul>
<li><strong>Non-Farm Payrolls</strong> (first Friday of the month, 8:30 AM Eastern).</li>
<li><strong>CPI</strong> inflation data (8:30 AM Eastern).</li>
<li><strong>FOMC</strong> rate decisions (2:00 PM Eastern) and the press conference after.</li>
</ul>
<h3>A simple rule</h3>
<p>Do not hold a new position into a high-impact release, and wait at least five minutes after it before entering. Spreads widen and stops can fill far from where you placed them. When a big release lands at 10:00 AM, the opening-range setup often fails: consider sitting that morning out.</p>
<p>The <em>forecast</em> versus <em>actual</em> columns tell you whether the market was surprised. Big surprises tend to produce sustained moves; results in line with forecast often fade quickly.</p>`,
    sections: [
      {
        heading: 'Weekly calendar check (Sunday evening)',
        checklist: ['Filtered Market Events to high impact, USD', 'Noted the day and time of each release', 'Marked the mornings you will not trade the open'],
      },
    ],
  },
  {
    slug: 'alphaorb-basics',
    title: 'AlphaORB basics',
    summary: 'What the opening-range bot does, step by step, and what it will never do.',
    overview: 'AlphaORB automates the opening-range breakout from Foundations: it waits for the range, watches for a break and places the order with your settings.',
    durationSeconds: 1020,
    status: 'locked',
    contentHtml: `
<p><strong>AlphaORB</strong> is our opening-range breakout bot. Each trading day it follows the same script you learned by hand:</p>
<ol>
<li><strong>Armed</strong> before the session, waiting for the opening-range start time (9:30 AM by default).</li>
<li><strong>At ORB</strong>: it records the high and low of the first minutes (5 by default).</li>
<li><strong>Monitoring</strong>: it watches price for a break of the range.</li>
<li><strong>Order sent</strong> and <strong>filled</strong>: it places the order with your lot size and manages it to its exit.</li>
</ol>
<p>The bot runs on a linked account only on the days you choose, and every step is recorded in its event log, so you can see exactly what it did and why. You can pause it, resume it, or use <em>Hard Stop</em>, which tries to close the active trade and halts monitoring for the day.</p>
<h3>What it will not do</h3>
<p>It will not size positions for you beyond the lot size you set, and it does not know about the news calendar. Those are still your decisions: check Market Events each morning and pause the bot on days with a high-impact release near the open.</p>
<p>Watch an opening range form live: the first 5-minute candles after 9:30 AM on the Nasdaq 100 E-mini set the high and low the bot trades from.</p>
${chart('CME_MINI:NQ1!', '5', 'Live Nasdaq 100 E-mini 5-minute chart')}`,
  },
  {
    slug: 'alphaorb-settings',
    title: 'Setting up your first bot on demo',
    summary: 'Account, instrument, range minutes, run days and lot size, with test mode on.',
    overview: 'Create your first AlphaORB bot on the demo account with conservative settings, and let it run for a few weeks before changing anything.',
    durationSeconds: 900,
    status: 'locked',
    contentHtml: `
<p>From the AlphaORB dashboard choose to create a bot. The form has three groups.</p>
<ul>
<li><strong>Identity</strong>: a label you will recognise, your <em>demo</em> trading account and the instrument (start with NAS100).</li>
<li><strong>ORB setup</strong>: 5 opening-range minutes, a start time of 09:30 and the weekdays you want it to run.</li>
<li><strong>Position</strong>: a lot size calculated with the position-sizing formula for a typical range width, and the order type.</li>
</ul>
<p>Keep daily limits tight: one trade per day is plenty while you learn how the bot behaves. Leave it running for at least twenty sessions before you judge it; a handful of days says very little about any strategy.</p>
<p>Changing settings while a run is active does not affect that run: the new settings apply from the next run. That is deliberate, so a bot never changes its mind in the middle of a trade.</p>`,
    sections: [
      {
        heading: 'First bot checklist',
        checklist: ['Bot linked to the demo account, not live', 'ORB minutes 5, start 09:30', 'Lot size calculated, not guessed', 'Maximum one trade per day', 'Reviewed its event log after each session'],
      },
    ],
  },
  {
    slug: 'live-sessions-and-replays',
    title: 'Getting the most from live sessions',
    summary: 'How to watch a live session actively, and how to use replays.',
    overview: 'Live sessions are where you see the process in real time. Come prepared and take notes in your own words.',
    durationSeconds: 540,
    status: 'locked',
    contentHtml: `
<p>The New York session starts at 9:15 AM Eastern, Monday to Friday, so there is time to walk through levels and news before the open. There is also a Sunday Setup session at 8:00 PM to plan the week, and Asia Live on Wednesday evenings.</p>
<h3>Watch actively</h3>
<ul>
<li>Arrive with your own levels and bias, then compare them with the mentor’s.</li>
<li>When a trade is called, write down the entry, stop and target before the outcome is known, and note why.</li>
<li>Ask one question per session. The Q&amp;A segment exists for exactly that.</li>
</ul>
<p>Replays are uploaded within about twelve hours. If you missed the open, watch the first 30 minutes of the replay at normal speed and pause before each decision: what would you have done?</p>`,
  },
  {
    slug: 'weekly-review',
    title: 'Your weekly review',
    summary: 'Thirty minutes every weekend that decide how next week goes.',
    overview: 'Pull TradeDesk, the Trade Log and your notes together into one page: what worked, what did not, and one change for next week.',
    durationSeconds: 720,
    status: 'locked',
    contentHtml: `
<p>Daily reviews catch mistakes; the weekly review catches patterns. Set aside thirty minutes at the weekend, ideally before the Sunday Setup session.</p>
<ol>
<li>Open TradeDesk and read the week row: net result, trades and days traded.</li>
<li>Re-read each Daily Log narrative. Highlight any sentence that appears more than once.</li>
<li>In the Trade Log, total your results in R for trades graded “plan aligned” versus the rest.</li>
<li>Write one rule change or focus for next week, and only one.</li>
</ol>
<p>If the plan-aligned trades are profitable and the others are not, you do not have a strategy problem: you have a discipline problem, and that is good news, because it is entirely in your control.</p>`,
  },
  {
    slug: 'risk-manager',
    title: 'The Risk Manager',
    summary: 'Position size calculator, R-multiple targets and daily limits in one place.',
    durationSeconds: 600,
    status: 'coming_soon',
  },
];
