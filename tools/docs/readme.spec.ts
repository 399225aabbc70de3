import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ENV_VARIABLES } from '../../apps/api/src/config/env.definition';

const readme = readFileSync(path.join(__dirname, '../../README.md'), 'utf8');

describe('README', () => {
  it('starts with the two commands', () => {
    const firstBlock = readme.split('```')[1] ?? '';
    expect(firstBlock).toContain('npm start');
    expect(firstBlock).toContain('npm test');
  });

  it('stays a door: at most 300 lines (detail belongs in docs/)', () => {
    expect(readme.split('\n').length).toBeLessThanOrEqual(300);
  });

  it.each(ENV_VARIABLES.map((v) => [v.name, v.default]))('documents %s with its default', (name, fallback) => {
    const row = readme.split('\n').find((line) => line.startsWith(`| \`${name}\` |`));
    expect(row).toBeDefined();
    // A variable without a default shows "(none)"; an empty default "(empty)".
    expect(row).toContain(fallback === null ? '| (none) |' : fallback === '' ? '| (empty) |' : `| \`${fallback}\` |`);
  });
});
