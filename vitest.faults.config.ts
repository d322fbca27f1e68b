import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';

const contracts = fileURLToPath(new URL('./packages/contracts/src/index.ts', import.meta.url));

/**
 * Fault tests restart PostgreSQL and Redis, so they run in their own Vitest run after every other test
 * (scripts/test.mjs), one file at a time.
 */
export default defineConfig({
  resolve: { alias: { '@gw/contracts': contracts } },
  test: {
    name: 'faults',
    include: ['packages/server/test/faults/**/*.fault.test.ts'],
    environment: 'node',
    globalSetup: ['packages/server/test/global-setup.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    fileParallelism: false,
    pool: 'forks',
  },
});
