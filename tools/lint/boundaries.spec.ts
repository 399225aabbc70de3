import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.join(__dirname, '../..');

/**
 * Lints one line of code as if it lived at `file`, with the workspace's real ESLint config,
 * from the project's own folder as `nx run <project>:lint` does.
 */
function lint(file: string, code: string): string[] {
  const [group, project, ...rest] = file.split('/');
  const result = spawnSync(path.join(root, 'node_modules/.bin/eslint'), ['--stdin', '--stdin-filename', rest.join('/'), '--format', 'json'], {
    cwd: path.join(root, group, project), input: `${code}\nexport const x = y;\n`, encoding: 'utf8',
  });
  const [report] = JSON.parse(result.stdout) as Array<{ messages: Array<{ ruleId: string | null; message: string }> }>;
  return report.messages.filter((m) => m.ruleId === 'no-restricted-imports' || m.ruleId === 'import/no-restricted-paths').map((m) => m.message);
}

describe('import boundaries', () => {
  it.each([
    ['libs/contracts/src/a.ts', "import { y } from '@cqa/web-core';"],
    ['libs/contracts/src/a.ts', "import { y } from '@nestjs/common';"],
    ['libs/contracts/src/a.ts', "import { y } from 'react';"],
    ['libs/contracts/src/a.ts', "import { y } from '../../../apps/api/src/main';"],
    ['apps/api/src/a.ts', "import { y } from '@cqa/web-ui';"],
    ['apps/api/src/a.ts', "import { y } from '../../shell/src/bootstrap';"],
    ['apps/worker/src/a.ts', "import { y } from 'antd';"],
    ['apps/shell/src/a.ts', "import { y } from '../../patient/src/pages';"],
    ['apps/shell/src/a.ts', "import { y } from '@cqa/api/app.module';"],
    ['apps/patient/src/a.tsx', "import { y } from '../../expert/src/pages';"],
    ['apps/admin/src/a.tsx', "import { y } from '@nestjs/core';"],
    ['libs/web-core/src/a.ts', "import { y } from 'typeorm';"],
  ])('refuses in %s: %s', (file, code) => {
    expect(lint(file, code)).not.toEqual([]);
  });

  it.each([
    ['libs/contracts/src/a.ts', "import { y } from './roles';"],
    ['apps/worker/src/a.ts', "import { y } from '@cqa/api/app.module';"],
    ['apps/patient/src/a.tsx', "import { y } from '@cqa/web-core';"],
    ['apps/shell/src/a.tsx', "import { y } from '@cqa/contracts';"],
  ])('allows in %s: %s', (file, code) => {
    expect(lint(file, code)).toEqual([]);
  });
});
