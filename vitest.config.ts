import { defineConfig } from 'vitest/config';

// The PostgreSQL-only tests (many servers on one database) join the suite when it runs against PostgreSQL.
const onPostgres = /^postgres(ql)?:\/\//.test(process.env.DATABASE_URL ?? '');

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'tests/*.test.ts', ...(onPostgres ? ['tests/postgres/**/*.test.ts'] : [])],
    // In CI a JSON report per database lets .ci/run print one plain "N passed, M failed" line.
    reporters: process.env.CI
      ? [
          'default',
          ['json', { outputFile: `.vitest/${process.env.BUILD_TEST ? 'build' : onPostgres ? 'postgresql' : 'sqlite'}.json` }],
        ]
      : ['default'],
    testTimeout: 120_000,
    hookTimeout: 60_000,
  },
});
