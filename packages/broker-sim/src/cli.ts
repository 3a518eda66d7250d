/** Runs the simulator on its own: `npm run start -w @th/broker-sim` (port BROKER_SIM_PORT). */
import { startBrokerSim } from './broker-sim.ts';
import { DEMO_ACCOUNT, DEMO_EMAIL, DEMO_PASSWORD, DEMO_SERVER } from './fixture.ts';

const port = Number(process.env.BROKER_SIM_PORT ?? 3100);
const host = process.env.BROKER_SIM_HOST ?? '127.0.0.1';
const now = Date.now();
const sim = await startBrokerSim({
  port,
  host,
  // Ninety days of demo history so a freshly linked demo account has a journal to sync.
  history: {
    accountId: DEMO_ACCOUNT.id,
    count: 400,
    from: now - 90 * 86_400_000,
    to: now - 60_000,
  },
});
console.log(
  `TradeLocker simulator on ${sim.url} (login ${DEMO_EMAIL} / ${DEMO_PASSWORD} @ ${DEMO_SERVER})`,
);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void sim.close().then(() => process.exit(0)));
}
