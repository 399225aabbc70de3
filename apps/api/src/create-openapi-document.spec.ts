import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { OpenAPIObject } from '@nestjs/swagger';
import { loadConfig } from './config/app-config';
import { createOpenApiDocument } from './create-openapi-document';

const ROOT = path.resolve(__dirname, '../../..');
const REDOCLY = path.join(ROOT, 'node_modules/@redocly/cli/bin/cli.js');

interface Problem { ruleId: string; severity: string; location: { pointer?: string }[] }

/** `redocly lint` with the repository's redocly.yaml; its problems (errors and warnings). */
function lint(document: object): Promise<Problem[]> {
  const dir = mkdtempSync(path.join(tmpdir(), 'cqa-openapi-'));
  const file = path.join(dir, 'openapi.json');
  writeFileSync(file, JSON.stringify(document));
  const args = [REDOCLY, 'lint', file, '--config', path.join(ROOT, 'redocly.yaml'), '--format=json'];
  const env = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' };
  return new Promise((resolve, reject) => {
    // A failed lint exits 1 with its report on stdout; no report at all means redocly itself failed.
    execFile(process.execPath, args, { cwd: ROOT, env, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      rmSync(dir, { recursive: true, force: true });
      try {
        resolve((JSON.parse(stdout) as { problems: Problem[] }).problems);
      } catch {
        reject(new Error(`redocly lint gave no report (${error?.message ?? 'no error'}): ${stderr}`));
      }
    });
  });
}
const errors = (problems: Problem[]) => problems.filter((p) => p.severity === 'error').map((p) => `${p.ruleId} ${p.location[0]?.pointer ?? ''}`);

type Operation = { summary?: string; security?: Record<string, string[]>[]; responses: Record<string, unknown>; 'x-access'?: string };
const operations = (document: OpenAPIObject) =>
  Object.entries(document.paths).flatMap(([route, item]) =>
    Object.entries(item as Record<string, Operation>).map(([method, operation]) => ({ name: `${method.toUpperCase()} ${route}`, operation })));

describe('the OpenAPI document (as /api/docs-json serves it)', () => {
  let document: OpenAPIObject;
  beforeAll(async () => { document = await createOpenApiDocument(loadConfig({})); });

  it('passes @redocly/cli lint with the recommended rules (redocly.yaml) without an error', async () => {
    expect(errors(await lint(document))).toEqual([]);
  }, 60000);

  it('names a server, and gives every operation a summary, its security and its refusals', () => {
    expect(document.servers).toEqual([expect.objectContaining({ url: '/' })]);
    const all = operations(document);
    expect(all.length).toBeGreaterThan(50);
    for (const { name, operation } of all) {
      expect([name, Boolean(operation.summary)]).toEqual([name, true]);
      if (operation['x-access'] === 'public') {
        expect([name, operation.security]).toEqual([name, []]);
      } else {
        expect([name, operation.security]).toEqual([name, [{ bearer: [] }]]);
        expect([name, Object.keys(operation.responses)]).toEqual([name, expect.arrayContaining(['401', '403'])]);
      }
    }
  });

  it('describes every error answer of a JSON route with the error body (ApiErrorDto)', () => {
    // The unsubscribe link's answers are HTML pages.
    const OWN_BODIES = [/^(GET|POST) \/api\/unsubscribe\//];
    const missing: string[] = [];
    for (const { name, operation } of operations(document)) {
      if (OWN_BODIES.some((pattern) => pattern.test(name))) continue;
      for (const [status, response] of Object.entries(operation.responses)) {
        if (!/^[45]\d\d$/.test(status)) continue;
        const contents = Object.values((response as { content?: Record<string, { schema?: { $ref?: string } }> }).content ?? {});
        if (!contents.some((content) => content.schema?.$ref === '#/components/schemas/ApiErrorDto')) missing.push(`${name} ${status}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('fails the lint for an operation without a summary or security (the check can fail)', async () => {
    const broken = structuredClone(document);
    const login = (broken.paths['/api/auth/login'] as Record<string, Operation>).post;
    delete login.summary;
    delete login.security;
    expect(errors(await lint(broken))).toEqual(expect.arrayContaining([
      'operation-summary #/paths/~1api~1auth~1login/post/summary', expect.stringMatching(/^security-defined #\/paths\/~1api~1auth~1login\/post/),
    ]));
  }, 60000);
});
