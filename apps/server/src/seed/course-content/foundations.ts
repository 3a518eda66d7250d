import type { CourseInput, LessonInput } from '../../modules/courses/authoring.ts';
import { chartArtwork } from './artwork.ts';

export const foundationsCourse: CourseInput = {
  slug: 'foundations',
  title: 'Foundations',
  subtitle: 'Sessions, structure and risk: the ideas every setup is built on.',
  description: 'Eight lessons on how the trading day unfolds, how to read price structure and how to size trades so one loss never hurts.',
  heroImage: chartArtwork(265, 31),
  sortOrder: 2,
  status: 'published',
};

export const foundationsLessons: LessonInput[] = [
  {
    slug: 'session-times',
    title: 'How a trading day works: Asia, London, New York',
    summary: 'Why price behaves differently at 8 PM, 3 AM and 9:30 AM, and which session we trade.',
    overview: 'The trading day rolls around the globe. Each session leaves behind a range that the next one reacts to.',
    durationSeconds: 960,
    status: 'published',
    heroImage: chartArtwork(265, 37),
    heroAlt: 'A candlestick chart in violet tones',
    heroCaption: 'Times below are Eastern (Toronto and New York), the clock the platform uses.',
    contentHtml: `
<p>Index futures and CFDs trade almost around the clock, but volume does not. It arrives in waves as each financial centre opens. The platform labels every trade with the session it happened in, so learn these windows now:</p>
<table>
<thead><tr><th>Session</th><th>Eastern time</th><th>What to expect</th></tr></thead>
<tbody>
<tr><td>Asian Range</td><td>7:00 PM – 1:00 AM</td><td>Quiet, tight ranges on US indices. Its high and low become reference levels.</td></tr>
<tr><td>London</td><td>1:00 AM – 4:00 AM</td><td>Volume returns; often a first push that sets the overnight direction.</td></tr>
<tr><td>Early Premarket</td><td>4:00 AM – 8:40 AM</td><td>Drift; US economic data at 8:30 AM can jolt prices.</td></tr>
<tr><td>Premarket</td><td>8:40 AM – 9:30 AM</td><td>Positioning before the open. Mark the premarket high and low.</td></tr>
<tr><td>New York</td><td>9:30 AM – 4:00 PM</td><td>The cash open: the most volume and the cleanest moves, especially the first hour.</td></tr>
<tr><td>After Hours</td><td>4:00 PM – 7:00 PM</td><td>Thin; earnings releases can cause gaps.</td></tr>
</tbody>
</table>
<p>We focus on the first 60–90 minutes of the New York session. That is when the opening range forms and when our live sessions run. Trading outside that window is not wrong, but the moves are slower and less reliable.</p>
<p>Notice too that the overnight sessions hand the open a set of levels: the Asian high and low, the London high and low and the premarket extremes. Price very often tests one of them in the first half hour.</p>`,
    sections: [
      {
        heading: 'Practice',
        description: 'For the next three trading days, before 9:30 AM Eastern:',
        checklist: ['Mark the Asian Range high and low', 'Mark the London high and low', 'Note which of them price touches first after the open'],
      },
    ],
  },
  {
    slug: 'candles-and-timeframes',
    title: 'Reading candles and timeframes',
    summary: 'What a candle tells you about who was in control, and how timeframes nest.',
    overview: 'A candle is a summary of a fight between buyers and sellers over a period of time. Learn to read the summary, not to memorise pattern names.',
    durationSeconds: 780,
    status: 'locked',
    contentHtml: `
<p>Each candle records four prices: the <strong>open</strong>, <strong>high</strong>, <strong>low</strong> and <strong>close</strong> of its period. The body spans open to close; the wicks show how far price travelled and was rejected.</p>
<ul>
<li>A <strong>large body with small wicks</strong> means one side controlled the whole period.</li>
<li>A <strong>long lower wick</strong> means sellers pushed down and buyers pushed it back: rejection of lower prices.</li>
<li>A <strong>small body with long wicks on both sides</strong> means indecision; wait for the next candle.</li>
</ul>
<p>Timeframes nest: three 5-minute candles make one 15-minute candle. A strong bullish 15-minute candle can contain a red 5-minute candle. That is why we read context on the higher timeframe and only time entries on the lower one. If the 15-minute and 5-minute disagree, the higher timeframe usually wins.</p>
<p>Ignore exotic pattern names. Ask three questions of every candle at a key level: who won, by how much, and was anything rejected?</p>`,
  },
  {
    slug: 'support-and-resistance',
    title: 'Support and resistance',
    summary: 'Price remembers: how to find the levels that matter and how price reacts to them.',
    overview: 'A level is a price where orders cluster. Levels from previous sessions and round numbers are where reactions happen.',
    durationSeconds: 1080,
    status: 'locked',
    contentHtml: `
<p><strong>Support</strong> is a price area where buying has stopped declines before; <strong>resistance</strong> is where selling has stopped rallies. They work because traders remember them and place orders there: stops, limit orders and breakout entries.</p>
<h3>Levels worth drawing</h3>
<ol>
<li>The previous day’s high, low and close.</li>
<li>The Asian Range and London highs and lows.</li>
<li>The premarket high and low.</li>
<li>Round numbers on indices (for example every 100 points on NAS100).</li>
</ol>
<p>Draw levels as <strong>zones</strong> a few points wide, not razor-thin lines. Price rarely turns at the exact tick.</p>
<h3>Three reactions to expect</h3>
<ul>
<li><strong>Rejection</strong>: price touches the zone and reverses with long wicks.</li>
<li><strong>Break and retest</strong>: price closes through, returns to the level from the other side, and holds. Old resistance becomes support.</li>
<li><strong>Failed break</strong>: price closes through, then quickly closes back inside. Trapped traders often fuel a strong move the other way.</li>
</ul>
<p>The Levels Grabber in the toolkit computes many of these for you each morning, but draw them by hand for a couple of weeks first so you understand what the tool is doing.</p>`,
    sections: [
      {
        heading: 'Level-drawing routine',
        checklist: ['Previous day high, low and close', 'Overnight session highs and lows', 'Premarket high and low', 'Nearest round numbers above and below price', 'Every level drawn as a zone, not a line'],
      },
    ],
  },
  {
    slug: 'risk-basics',
    title: 'Risk basics: the 1% rule and R-multiples',
    summary: 'Decide what you can lose before you think about what you can make.',
    overview: 'Survival is the first job of a trader. Fixed, small risk per trade lets your edge play out over many trades.',
    durationSeconds: 840,
    status: 'locked',
    contentHtml: `
<p>The single most important number in trading is how much you lose when you are wrong. Keep it small and constant, and a string of losses becomes an annoyance instead of a disaster.</p>
<h3>The 1% rule</h3>
<p>Risk no more than <strong>1% of your account</strong> on any trade; many of our mentors use 0.5%. On a 5,000 account that is 50. Ten losses in a row, which will happen to every trader eventually, costs about 10%, not the account.</p>
<h3>Think in R</h3>
<p>Call the amount you risk on a trade <strong>1R</strong>. A trade that makes twice its risk is +2R; a full stop-out is −1R. Measuring in R lets you compare trades of different sizes and instruments, and it makes your statistics honest: a 40% win rate is profitable if your winners average +2R and your losers −1R.</p>
<h3>A daily stop</h3>
<p>Set a maximum daily loss, for example 3R. When you reach it, close the platform. The trades you take after a big loss are rarely your best ones.</p>
<blockquote>You do not control whether a trade wins. You control how much it costs when it does not.</blockquote>`,
  },
  {
    slug: 'position-sizing',
    title: 'Position sizing step by step',
    summary: 'Turn “risk 1%” into an exact lot size from your stop distance.',
    overview: 'Position size is calculated, never guessed: account risk divided by the money lost per lot if the stop is hit.',
    durationSeconds: 900,
    status: 'locked',
    contentHtml: `
<p>Position size follows from three numbers: how much you will risk, how far away your stop is, and how much one point is worth per lot on your instrument.</p>
<p><strong>Lot size = money at risk ÷ (stop distance in points × value per point per lot)</strong></p>
<h3>Worked example</h3>
<p>Account 5,000, risk 1% = 50. You buy NAS100 at 18,250 with a stop at 18,230: a 20-point stop. On your broker one point per 1.0 lot is worth 1.00.</p>
<p>50 ÷ (20 × 1.00) = <strong>2.5 lots</strong>. If the stop is hit you lose 50, exactly 1R.</p>
<p>Now suppose the setup needs a 40-point stop. The size halves to 1.25 lots and the risk stays 50. <em>Wider stop, smaller size</em>: the risk never changes, only the size does.</p>
<h3>Common mistakes</h3>
<ul>
<li>Choosing the lot size first and the stop second: the stop ends up wherever the money runs out rather than where the idea is wrong.</li>
<li>Forgetting the spread: on a tight stop, a 2-point spread is a meaningful part of the risk.</li>
<li>Rounding up. Always round the lot size down to the broker’s step.</li>
</ul>`,
    sections: [
      {
        heading: 'Before every trade',
        checklist: ['Stop placed where the idea is proven wrong', 'Stop distance measured in points', 'Lot size calculated and rounded down', 'Risk in money written in the journal'],
      },
    ],
  },
  {
    slug: 'stops-and-targets',
    title: 'Placing stops and targets',
    summary: 'Stops go where the idea is wrong; targets go where the next level is.',
    overview: 'Use structure, not round money amounts, to place stops and targets, and check that the reward justifies the risk before entering.',
    durationSeconds: 720,
    status: 'locked',
    contentHtml: `
<p>A stop-loss is not a pain threshold. It marks the price at which your reason for the trade no longer holds. For a long from support, that is a few points below the support zone, not an arbitrary 10 points below entry.</p>
<p>Targets work the same way in reverse: aim for the next level where sellers (for a long) are likely to appear, such as the previous day’s high or the premarket high. If the distance to that level is less than the distance to your stop, the trade does not pay enough: skip it.</p>
<h3>A simple management plan</h3>
<ol>
<li>Enter with the full calculated size and the stop in place at once.</li>
<li>Take partial profit at +1R if you like, and move the stop to break-even only after price has clearly moved away from the entry level.</li>
<li>Let the rest run to the target level. Do not widen the stop, ever.</li>
</ol>
<p>Write your exit plan before you enter. Deciding during the trade is deciding under pressure.</p>`,
  },
  {
    slug: 'opening-range',
    title: 'The opening range',
    summary: 'How the first minutes after 9:30 AM set the levels for the rest of the morning.',
    overview: 'The opening range is the high and low of the first few minutes of the New York session. Breaks of it are the core setup behind AlphaORB.',
    durationSeconds: 1200,
    status: 'locked',
    heroImage: chartArtwork(120, 43),
    heroAlt: 'A candlestick chart in green tones',
    heroCaption: 'The range is defined by time: only candles inside the window count.',
    contentHtml: `
<p>At 9:30 AM Eastern the cash market opens and a flood of orders arrives. The high and low price reached in the first <strong>5, 15 or 30 minutes</strong> is the <strong>opening range</strong>. We use the first 5 minutes by default, the same setting AlphaORB starts with.</p>
<h3>Why it works</h3>
<p>The opening minutes are where overnight orders meet the day’s new information. When price later breaks out of that range with conviction, one side has clearly won the opening auction, and moves often extend toward the next overnight or previous-day level.</p>
<h3>The basic breakout</h3>
<ol>
<li>Wait for the range to complete. Do not anticipate.</li>
<li>Look for a 5-minute candle that <strong>closes</strong> outside the range, not just a wick poking through.</li>
<li>Enter on the close or on a retest of the range edge; put the stop back inside the range (at its middle or the far side, depending on its width).</li>
<li>Target the next level outside the range. Check it is at least as far away as your stop.</li>
</ol>
<h3>When to skip it</h3>
<p>Skip the setup when a high-impact report is due at 10:00 AM, when the range is unusually wide (the stop would be too large to size sensibly) or when price is chopping back and forth across the range edge.</p>
<p>Here is a live NAS100 5-minute chart. Tomorrow morning, mark the 9:30–9:35 range on it and watch what price does with it:</p>
<iframe src="https://www.tradingview.com/widgetembed/?symbol=NASDAQ%3ANDX&amp;interval=5&amp;timezone=America%2FNew_York&amp;theme=dark&amp;style=1&amp;hide_side_toolbar=1" title="Live NAS100 5-minute chart" allowfullscreen></iframe>`,
    sections: [
      {
        heading: 'Opening range practice',
        description: 'Do this on the demo account for ten sessions before trading it with real money.',
        checklist: ['Marked the 9:30–9:35 high and low', 'Waited for a 5-minute close outside the range', 'Stop inside the range, size calculated', 'Result logged in TradeDesk in R'],
      },
    ],
  },
  {
    slug: 'trading-psychology',
    title: 'Trading psychology: losses, streaks and discipline',
    summary: 'Keeping your process intact when the last three trades went wrong.',
    durationSeconds: 900,
    status: 'coming_soon',
  },
];
