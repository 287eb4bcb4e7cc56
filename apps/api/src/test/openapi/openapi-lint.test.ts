import { createConfig, lintFromString } from '@redocly/openapi-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-app';

interface Operation {
  operationId?: string;
  summary?: string;
  tags?: string[];
  security?: Array<Record<string, string[]>>;
  responses?: Record<string, unknown>;
}

/**
 * The OpenAPI document an integrator builds on: Redocly's recommended rules report nothing (no
 * error, no warning), and every operation has an operationId, a summary, tags, a 4xx answer and
 * the security it takes: the session on admin routes, the Bearer credential with its scope on
 * platform routes, none on the reviewed public ones.
 */
describe('the OpenAPI document', () => {
  let t: TestApp;
  let source = '';
  beforeAll(async () => {
    t = await createTestApp('pglite');
    source = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).body;
  });
  afterAll(async () => {
    await t.close();
  });

  it('passes the recommended Redocly rules with no error and no warning', async () => {
    const config = await createConfig({
      extends: ['recommended'],
      // A proprietary back office has no licence page to link; the licence's name is given.
      rules: { 'info-license-strict': 'off' },
    });
    const problems = await lintFromString({ source, config, absoluteRef: 'openapi.json' });
    const report = problems.map((p) => `${p.severity} ${p.ruleId}: ${p.message} (${p.location[0]?.pointer ?? ''})`);
    console.log(`[openapi lint] ${report.length === 0 ? 'no errors, no warnings' : report.join('\n')}`);
    expect(report).toEqual([]);
  });

  it('gives every operation an operationId, a summary, tags, a 4xx answer and its own security', () => {
    const doc = JSON.parse(source) as {
      paths: Record<string, Record<string, Operation>>;
      components: { securitySchemes: Record<string, { type: string; scheme?: string; in?: string; name?: string }> };
    };
    expect(doc.components.securitySchemes).toMatchObject({
      // The cookie a deployment (https) really sets and reads.
      session: { type: 'apiKey', in: 'cookie', name: '__Host-bo_session' },
      platformBearer: { type: 'http', scheme: 'bearer' },
    });
    const problems: string[] = [];
    const ids = new Set<string>();
    for (const [path, operations] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(operations)) {
        const name = `${method.toUpperCase()} ${path}`;
        if (!op.operationId) problems.push(`${name}: no operationId`);
        else if (ids.has(op.operationId)) problems.push(`${name}: operationId ${op.operationId} used twice`);
        else ids.add(op.operationId);
        if (!op.summary) problems.push(`${name}: no summary`);
        if (!op.tags?.length) problems.push(`${name}: no tags`);
        if (!Object.keys(op.responses ?? {}).some((code) => code.startsWith('4'))) problems.push(`${name}: no 4xx answer`);
        const schemes = (op.security ?? []).flatMap((requirement) => Object.keys(requirement));
        if (path.startsWith('/api/platform/')) {
          if (schemes.join() !== 'platformBearer' || op.security?.[0]?.platformBearer?.length !== 1)
            problems.push(`${name}: not the Bearer credential with one scope`);
        } else if (op.security === undefined) problems.push(`${name}: no security declared`);
        else if (schemes.includes('platformBearer')) problems.push(`${name}: a platform credential outside /api/platform`);
      }
    }
    expect(problems).toEqual([]);
    expect(doc.paths['/api/admin/credentials']?.get?.security).toEqual([{ session: [] }]);
    expect(doc.paths['/api/platform/redemptions']?.post?.security).toEqual([{ platformBearer: ['redemptions'] }]);
    expect(doc.paths['/api/price']?.get?.security).toEqual([]);
  });
});
