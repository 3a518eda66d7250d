/**
 * Who can log in to the simulator and which accounts they hold. The default seed is shared by
 * the server's demo data and the tests, so its logins are exported as constants.
 */
export interface SimAccountFixture {
  /** Broker account id: a decimal string above 2^53, like TradeLocker's. */
  id: string;
  accNum: string;
  name: string;
  currency: string;
  environment: 'demo' | 'live';
  /** Starting balance as a decimal string; realised P&L moves it from there. */
  balance: string;
  status?: 'ACTIVE' | 'RESTRICTED';
}

export interface SimUserFixture {
  email: string;
  password: string;
  server: string;
  accounts: SimAccountFixture[];
}

export interface SimFixture {
  users: SimUserFixture[];
}

export const DEMO_SERVER = 'SIM-DEMO';
export const DEMO_PASSWORD = 'demo-pass';
export const DEMO_EMAIL = 'demo@broker.test';
export const TRADER2_EMAIL = 'trader2@broker.test';

export const DEMO_ACCOUNT = {
  id: '9007199254740993117',
  accNum: '1',
  name: 'SIM Demo 100K',
  currency: 'USD',
  environment: 'demo',
  balance: '100000.00',
} as const satisfies SimAccountFixture;

export const LIVE_ACCOUNT = {
  id: '9007199254740993245',
  accNum: '2',
  name: 'SIM Live 25K',
  currency: 'USD',
  environment: 'live',
  balance: '25000.00',
} as const satisfies SimAccountFixture;

export const TRADER2_ACCOUNT = {
  id: '9007199254740994371',
  accNum: '1',
  name: 'SIM Demo 50K',
  currency: 'USD',
  environment: 'demo',
  balance: '50000.00',
} as const satisfies SimAccountFixture;

export const DEFAULT_FIXTURE: SimFixture = {
  users: [
    {
      email: DEMO_EMAIL,
      password: DEMO_PASSWORD,
      server: DEMO_SERVER,
      accounts: [{ ...DEMO_ACCOUNT }, { ...LIVE_ACCOUNT }],
    },
    {
      email: TRADER2_EMAIL,
      password: DEMO_PASSWORD,
      server: DEMO_SERVER,
      accounts: [{ ...TRADER2_ACCOUNT }],
    },
  ],
};
