import { expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';

const appKey = Buffer.alloc(32, 7).toString('base64');

it("links to this machine's port unless APP_URL says where members reach the app", () => {
  expect(loadConfig({ APP_KEY: appKey }).APP_URL).toBe('http://localhost:3000');
  expect(loadConfig({ APP_KEY: appKey, PORT: '3310' }).APP_URL).toBe('http://localhost:3310');
  expect(loadConfig({ APP_KEY: appKey, PORT: '3310', APP_URL: 'https://app.example.com' }).APP_URL).toBe('https://app.example.com');
  expect(() => loadConfig({ APP_KEY: appKey, APP_URL: 'not a url' })).toThrow(/APP_URL/);
});
