import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
// The audit step's parser (CommonJS, loaded as it is by tools/scripts/audit.mjs).
import { allowListProblems, blockingAdvisories, judge, readAuditOutput } from '../scripts/lib/audit-report.cjs';

const FIXTURES = path.join(__dirname, 'fixtures/npm-audit');
const fixture = (name: string) => readFileSync(path.join(FIXTURES, name), 'utf8');
const reportOf = (name: string) => {
  const { report } = readAuditOutput(fixture(name));
  if (!report) throw new Error(`${name} is not a report`);
  return report;
};
const HIGHS = ['GHSA-42xw-2xvc-qx8m', 'GHSA-4w2v-q235-vp99', 'GHSA-74fj-2j2h-c42q', 'GHSA-cph5-m8f7-6c5x'];
const entry = (id: string) => ({ id, package: 'axios', reason: 'the vulnerable code path is never called here' });

describe('npm audit report (recorded outputs)', () => {
  it('finds each high or critical advisory once, not the moderate one, not the packages that only depend on them', () => {
    const advisories = blockingAdvisories(reportOf('ibm-audit-ci-npm-allowlisted-path.npm7-output.json'));
    expect(advisories.map((a: { id: string }) => a.id)).toEqual(HIGHS);
    expect(advisories.find((a: { id: string }) => a.id === 'GHSA-74fj-2j2h-c42q')).toMatchObject({
      package: 'follow-redirects', severity: 'high', title: 'Exposure of sensitive information in follow-redirects', range: '<1.14.7',
    });
  });

  it('names an advisory without a GHSA id by its URL', () => {
    expect(blockingAdvisories(reportOf('ibm-audit-ci-npm-critical.npm7-output.json'))).toEqual([
      { id: 'https://npmjs.com/advisories/1040620', package: 'open', severity: 'critical', title: 'Command Injection', url: 'https://npmjs.com/advisories/1040620', range: '<=0.0.5' },
    ]);
  });

  it('blocks what the allow-list does not name, and reports entries that match nothing', () => {
    const advisories = blockingAdvisories(reportOf('ibm-audit-ci-npm-allowlisted-path.npm7-output.json'));
    expect(judge(advisories, { advisories: [] }).blocking).toHaveLength(4);
    const partly = judge(advisories, { advisories: [entry('ghsa-cph5-m8f7-6c5x'), entry('GHSA-xxxx-0000-gone')] });
    expect(partly.blocking.map((a: { id: string }) => a.id)).toEqual(HIGHS.slice(0, 3));
    expect(partly.accepted).toEqual([expect.objectContaining({ id: 'GHSA-cph5-m8f7-6c5x', reason: 'the vulnerable code path is never called here' })]);
    expect(partly.unused.map((e: { id: string }) => e.id)).toEqual(['GHSA-xxxx-0000-gone']);
    expect(judge(advisories, { advisories: HIGHS.map(entry) }).blocking).toEqual([]);
  });

  it('tells an unreachable advisory endpoint from a report', () => {
    expect(readAuditOutput(fixture('registry-405.npm-audit-output.json'))).toEqual({
      unavailable: '405 Method Not Allowed - POST https://registry.npmjs.org/-/npm/v1/security/advisories/bulk',
    });
    expect(readAuditOutput('', 'npm error code ENOTFOUND\nnpm error network request failed')).toEqual({ unavailable: 'npm error code ENOTFOUND' });
  });

  it('wants a reason for every allow-list entry; the committed allow-list is valid', () => {
    expect(allowListProblems({ advisories: [{ id: 'GHSA-cph5-m8f7-6c5x', package: 'axios', reason: ' ' }] })).toEqual(['entry 1: "reason" is missing']);
    expect(allowListProblems({})).toEqual(['the allow-list needs an "advisories" array']);
    expect(allowListProblems(JSON.parse(readFileSync(path.join(__dirname, '../scripts/audit-allowlist.json'), 'utf8')))).toEqual([]);
  });
});

describe('the audit step (tools/scripts/audit.mjs) with npm printing a recorded output', () => {
  let bin: string;
  beforeAll(() => {
    // Stands in for the npm executable only: it prints a recorded `npm audit --json` output and exits 1, as npm does.
    bin = mkdtempSync(path.join(tmpdir(), 'cqa-audit-'));
    writeFileSync(path.join(bin, 'npm'), '#!/bin/sh\ncat "$RECORDED_AUDIT_OUTPUT"\nexit 1\n');
    chmodSync(path.join(bin, 'npm'), 0o755);
  });
  afterAll(() => rmSync(bin, { recursive: true, force: true }));

  const audit = (recorded: string, env: Record<string, string> = {}) => {
    const run = spawnSync(process.execPath, [path.join(__dirname, '../scripts/audit.mjs')], {
      encoding: 'utf8',
      env: { ...process.env, PATH: `${bin}${path.delimiter}${process.env.PATH}`, RECORDED_AUDIT_OUTPUT: path.join(FIXTURES, recorded), AUDIT_REQUIRED: '', ...env },
    });
    return { code: run.status, output: run.stdout };
  };

  it('fails on high advisories outside the allow-list, naming each', () => {
    const { code, output } = audit('ibm-audit-ci-npm-allowlisted-path.npm7-output.json');
    expect(code).toBe(1);
    for (const id of HIGHS) expect(output).toContain(id);
    expect(output).toContain('4 high or critical advisories are not in tools/scripts/audit-allowlist.json');
  });

  it('says "not checked" when the endpoint refuses; fails then only with AUDIT_REQUIRED=true', () => {
    const offline = audit('registry-405.npm-audit-output.json');
    expect(offline.code).toBe(0);
    expect(offline.output).toContain('npm audit: NOT CHECKED');
    expect(offline.output).toContain('405 Method Not Allowed');
    expect(audit('registry-405.npm-audit-output.json', { AUDIT_REQUIRED: 'true' }).code).toBe(1);
  });
});
