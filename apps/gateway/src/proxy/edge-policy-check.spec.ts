import { UPLOAD_TIMEOUT_MS } from '@abide/contracts';
import type { OpenAPIObject } from '@nestjs/swagger';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { DocumentedMethods } from '../shared/documented-methods';
import { edgePolicyProblems } from './edge-policy-check';

/**
 * The committed public document (what `npm run api:client` wrote; api-client-snapshot.e2e-spec.ts proves it is the one
 * the gateway serves): the gateway's policy table is built from the same declarations.
 */
const committed = JSON.parse(
  readFileSync(path.join(__dirname, '../../../web/src/shared/api/generated/openapi.json'), 'utf8'),
) as OpenAPIObject;
const op = (policy?: Record<string, unknown>) => ({ responses: {}, ...(policy ? { 'x-abide-edge': policy } : {}) });

describe(edgePolicyProblems.name, () => {
  it('finds nothing wrong in the committed document: every policy names a routed path, every limit a route', () => {
    expect(edgePolicyProblems(committed)).toEqual([]);
  });

  it('names a policy on a path the gateway routes nowhere, a limit it does not have, and a limit no route uses', () => {
    const problems = edgePolicyProblems(
      {
        paths: {
          '/api/auth/sign-in': { post: op({ rateLimit: 'sign-in' }) },
          '/api/retired/{id}/thing': { post: op({ rateLimit: 'sign-in' }) },
          '/api/journal/entries/{id}/insight': { post: op({ rateLimit: 'journal-insights', timeoutMs: 0 }) },
        } as OpenAPIObject['paths'],
      },
      ['sign-in', 'journal-insight'],
    );

    expect(problems).toEqual([
      'POST /api/retired/{id}/thing declares an edge policy, but the gateway routes it to no service',
      'POST /api/journal/entries/{id}/insight names the rate limit "journal-insights", which the gateway does not have',
      'POST /api/journal/entries/{id}/insight declares a timeout of 0, not a positive number of milliseconds',
      `the gateway's rate limit "journal-insight" names no route`,
    ]);
  });
});

describe('the policy table built from the committed document', () => {
  const table = new DocumentedMethods(committed);
  const policyOf = (method: string, url: string) => table.policyOf(method, decodeURIComponent(url));

  it('limits sign-up, sign-in, its second step and recovery however the path is spelt', () => {
    expect(policyOf('POST', '/api/auth/sign-in')?.rateLimit).toBe('sign-in');
    expect(policyOf('POST', '/api/auth/sign%2Din')?.rateLimit).toBe('sign-in');
    expect(policyOf('POST', '//api/auth//sign-in/')?.rateLimit).toBe('sign-in');
    expect(policyOf('POST', '/api/auth/two-factor/verify')?.rateLimit).toBe('two-factor');
    expect(policyOf('POST', '/api/auth/two-factor%2Fverify')?.rateLimit).toBe('two-factor');
    expect(policyOf('POST', '/api/auth/sign-up')?.rateLimit).toBe('sign-up');
    expect(policyOf('POST', '/api/auth/recover')?.rateLimit).toBe('recover');
    expect(policyOf('POST', '/api/churches/join')?.rateLimit).toBe('church-join');
    expect(policyOf('POST', '/api/auth/refresh')).toBeUndefined();
    expect(policyOf('GET', '/api/auth/sign-in')).toBeUndefined();
  });

  it('limits reflections per member, and gives uploads, the moderation preview and reflections longer than an ordinary call', () => {
    expect(policyOf('POST', '/api/journal/entries/e1/insight')).toEqual({ rateLimit: 'journal-insight', timeoutMs: 15_000 });
    expect(policyOf('POST', '/api/uploads')?.timeoutMs).toBe(UPLOAD_TIMEOUT_MS);
    expect(policyOf('POST', '/api/member-imports')?.timeoutMs).toBe(UPLOAD_TIMEOUT_MS);
    expect(policyOf('GET', '/api/moderation/resources/r1/file')?.timeoutMs).toBe(60_000);
    expect(policyOf('GET', '/api/uploads')).toBeUndefined();
  });
});
