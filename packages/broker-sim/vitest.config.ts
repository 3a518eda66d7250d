import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: { name: 'broker-sim', include: ['test/**/*.test.ts'], passWithNoTests: true },
});
