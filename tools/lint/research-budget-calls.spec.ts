import fs from 'node:fs';
import path from 'node:path';

const root = path.join(__dirname, '../..');
const MODULES = 'apps/api/src/modules';

/** Where deep research's daily budgets are taken and given back: the run lifecycle, and the budgets themselves. */
const HOMES = ['apps/api/src/modules/answers/research/research-run-lifecycle.ts', 'apps/api/src/modules/answers/research/research-budgets.ts'];

/** A call of ResearchBudgets' take or give-back (a read of usage is not one). */
const BUDGET_CALL = /\.\s*(?:reserveStart|releaseStart|reserveTokens|settleTokens|holdRequestStart|releaseRequestStart)\s*\(/;

const walk = (dir: string): string[] =>
  fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return walk(rel);
    return /\.ts$/.test(entry.name) && !/\.(integration-)?spec\.ts$/.test(entry.name) ? [rel] : [];
  });

describe('deep research budgets are taken and given back by the run lifecycle only', () => {
  const files = walk(MODULES);

  it('no file under apps/api/src/modules but the lifecycle calls the research budgets', () => {
    expect(files.length).toBeGreaterThan(50);
    expect(files.filter((file) => !HOMES.includes(file) && BUDGET_CALL.test(fs.readFileSync(path.join(root, file), 'utf8')))).toEqual([]);
  });

  it('the lifecycle is where the calls are', () => {
    expect(BUDGET_CALL.test(fs.readFileSync(path.join(root, HOMES[0]!), 'utf8'))).toBe(true);
  });

  it('finds the calls it looks for', () => {
    expect(BUDGET_CALL.test('await this.budgets.reserveStart(caller.id);')).toBe(true);
    expect(BUDGET_CALL.test('await this.budgets\n      .settleTokens(run.id, 0);')).toBe(true);
    expect(BUDGET_CALL.test('if (hold) await budgets.releaseRequestStart(row.id);')).toBe(true);
    expect(BUDGET_CALL.test('return this.budgets.usage();')).toBe(false);
  });
});
