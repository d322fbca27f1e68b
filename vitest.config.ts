import { configDefaults, defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';

const contracts = fileURLToPath(new URL('./packages/contracts/src/index.ts', import.meta.url));

export default defineConfig({
  resolve: { alias: { '@gw/contracts': contracts } },
  test: {
    projects: [
      {
        resolve: { alias: { '@gw/contracts': contracts } },
        test: { name: 'contracts', include: ['packages/contracts/src/**/*.test.ts'], environment: 'node' },
      },
      {
        resolve: { alias: { '@gw/contracts': contracts } },
        test: {
          name: 'server',
          include: ['packages/server/src/**/*.test.ts', 'packages/server/test/**/*.test.ts'],
          // Restart PostgreSQL and Redis: run alone by vitest.faults.config.ts.
          exclude: [...configDefaults.exclude, 'packages/server/test/faults/**'],
          environment: 'node',
          globalSetup: ['packages/server/test/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // One retry for timing under a loaded 2-core CI box; scripts/test.mjs names every test that needed it.
          retry: 1,
          pool: 'forks',
        },
      },
      {
        // Pure console logic (formatting, mappings, price formulas); components are covered by e2e/.
        resolve: { alias: { '@gw/contracts': contracts } },
        test: { name: 'web', include: ['packages/web/src/**/*.test.ts'], environment: 'node' },
      },
      {
        resolve: { alias: { '@gw/contracts': contracts } },
        test: {
          name: 'e2e',
          include: ['e2e/**/*.e2e.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 180_000,
          retry: 1,
          fileParallelism: false,
        },
      },
    ],
  },
});
