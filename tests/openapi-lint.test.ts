import { readFileSync } from 'node:fs';
import spectralCore from '@stoplight/spectral-core';
import owasp from '@stoplight/spectral-owasp-ruleset';
import Parsers from '@stoplight/spectral-parsers';
import { oas } from '@stoplight/spectral-rulesets';
import { describe, expect, it } from 'vitest';

const { Spectral, Document } = spectralCore;
const text = readFileSync(new URL('../openapi/openapi.json', import.meta.url), 'utf8');
const doc = JSON.parse(text);

async function lint(ruleset: unknown) {
  const spectral = new Spectral();
  spectral.setRuleset(ruleset as never);
  const findings = await spectral.run(new Document(text, Parsers.Json, 'openapi.json'));
  return findings.map((f) => ({ rule: String(f.code), severity: f.severity, path: f.path.map(String), message: f.message }));
}

/** The component schemas a client sends: those its request bodies and parameters refer to, and theirs. */
function sentComponents(): Set<string> {
  const sent = new Set<string>();
  const walk = (node: unknown): void => {
    if (node === null || typeof node !== 'object') return;
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string') {
        const name = value.replace('#/components/schemas/', '');
        if (!sent.has(name)) {
          sent.add(name);
          walk(doc.components.schemas[name]);
        }
      } else walk(value);
    }
  };
  for (const item of Object.values<Record<string, { requestBody?: unknown; parameters?: unknown }>>(doc.paths))
    for (const operation of Object.values(item)) {
      walk(operation.requestBody);
      walk(operation.parameters);
    }
  return sent;
}

describe('the OpenAPI document under Spectral', () => {
  it('passes the OpenAPI ruleset (spectral:oas) with no finding, warnings included', async () => {
    expect(await lint({ extends: [oas] })).toEqual([]);
  });

  it('passes the OWASP API Security ruleset with no error on what clients send', async () => {
    const sent = sentComponents();
    const request = ({ path }: { path: string[] }) =>
      path[0] === 'components' ? path[1] === 'securitySchemes' || sent.has(path[2]) : path[3] !== 'responses';
    const errors = (await lint({ extends: [owasp] })).filter((f) => f.severity === 0 && request(f));
    expect(errors).toEqual([]);
  });
});
