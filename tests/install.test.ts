import { readFileSync } from 'node:fs';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

/**
 * The install says what it runs on: package.json's `engines` names the Node this project supports, and
 * no package the lockfile installs asks for a newer one (npm would warn EBADENGINE on every install, and
 * the package may use what that Node lacks). Transitive packages that moved past Node 20 are held back
 * by package.json's `overrides`.
 */
const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
const lock = JSON.parse(readFileSync(new URL('../package-lock.json', import.meta.url), 'utf8')) as {
  packages: Record<string, { engines?: { node?: string } | string[] }>;
};

describe('the install', () => {
  it('every package the lockfile installs runs on the oldest Node that package.json accepts', () => {
    const oldest = semver.minVersion(pkg.engines.node);
    expect(oldest?.major).toBe(20);
    const refusing = Object.entries(lock.packages).flatMap(([path, p]) => {
      const wanted = !Array.isArray(p.engines) ? p.engines?.node : undefined;
      return wanted && !semver.satisfies(oldest as semver.SemVer, wanted) ? [`${path} needs node ${wanted}`] : [];
    });
    expect(refusing).toEqual([]);
  });

  it('the running Node is one the project supports', () => {
    expect(semver.satisfies(process.versions.node, pkg.engines.node)).toBe(true);
  });
});
