import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'fast', include: ['tests/unit/**/*.test.ts'] } },
      {
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts', 'tests/core/**/*.test.ts'],
          setupFiles: ['tests/helpers/check-api-responses.ts'],
          globalSetup: ['tests/helpers/migrated-database.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Each file gets its own database, a copy of one migrated before the run; two at a time suits a small machine.
          maxWorkers: 2,
          // A worker keeps the modules it imported from one file to the next: each file opens its own
          // app and database, so only the import of the server's code is shared, and it is the slow part.
          isolate: false,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
