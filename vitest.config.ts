import { existsSync } from 'node:fs';
import { defineConfig } from 'vitest/config';

// The PostgreSQL-only tests (many servers on one database) join the suite when it runs against PostgreSQL;
// the image build (minutes: it installs and compiles) runs on its own, with BUILD_TEST=1 (npm run test:build).
const onPostgres = /^postgres(ql)?:\/\//.test(process.env.DATABASE_URL ?? '');
const build = process.env.BUILD_TEST === '1';
// The browser tests drive a real Chromium: they join the suite where one is installed; otherwise the
// global setup says in one line that they did not run (tests/browser/chromium.ts finds it the same way).
const browser = existsSync(process.env.CHROMIUM_PATH || '/usr/bin/chromium');

export default defineConfig({
  test: {
    include: build
      ? ['tests/build/*.test.ts']
      : [
          'src/**/*.test.ts',
          'tests/*.test.ts',
          ...(onPostgres ? ['tests/postgres/**/*.test.ts'] : []),
          ...(browser ? ['tests/browser/*.test.ts'] : []),
        ],
    globalSetup: build ? [] : ['tests/browser/setup.ts'],
    // In CI a JSON report per database lets .ci/run print one plain "N passed, M failed" line.
    reporters: process.env.CI
      ? ['default', ['json', { outputFile: `.vitest/${build ? 'build' : onPostgres ? 'postgresql' : 'sqlite'}.json` }]]
      : ['default'],
    testTimeout: 120_000,
    hookTimeout: 60_000,
  },
});
