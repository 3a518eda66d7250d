import { defineConfig } from 'vitest/config';

// One `npm test` runs every suite that needs no browser; each workspace is a project.
export default defineConfig({
  test: {
    projects: [
      'packages/domain',
      'packages/contracts',
      'packages/broker-sim',
      'apps/server',
      'apps/web',
    ],
  },
});
