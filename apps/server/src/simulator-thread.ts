/**
 * The TradeLocker simulator of `npm start`, on its own thread: generating and serialising a
 * backtest's two years of bars is seconds of work, which on the request thread stalled every
 * member's requests. The server talks to it over HTTP like to TradeLocker, and over the thread's
 * calls only to renew the stored demo logins at boot.
 */
import { startBrokerSim, type BrokerSimOptions } from '@th/broker-sim';
import { serveCalls, threadData } from './lib/threads.ts';

const sim = await startBrokerSim(threadData<BrokerSimOptions & { host: string; port: number }>());

serveCalls({
  url: () => sim.url,
  /** Fresh tokens for the logins the simulator knows; null for the others. */
  issueTokens: (emails: string[]) =>
    emails.map((email) => (sim.state.users.some((user) => user.email === email) ? sim.state.sessions.issue(email, sim.state.now()) : null)),
  close: () => sim.close(),
});
