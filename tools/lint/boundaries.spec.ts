import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.join(__dirname, '../..');

type Case = [file: string, code: string];

/**
 * Lints each fixture line as if it lived at `file`, with the workspace's real ESLint config and from the project's own
 * folder as `nx run <project>:lint` does; one ESLint process for all of them. Returns the boundary messages per case.
 */
function lint(cases: Case[]): string[][] {
  const script = `
    import { ESLint } from 'eslint';
    import path from 'node:path';
    const cases = JSON.parse(await new Promise((done) => { let s = ''; process.stdin.on('data', (d) => (s += d)).on('end', () => done(s)); }));
    const out = [];
    for (const [file, code] of cases) {
      const [group, project] = file.split('/');
      const eslint = new ESLint({ cwd: path.join(process.cwd(), group, project) });
      const [report] = await eslint.lintText(code + '\\nexport const x = y;\\n', { filePath: path.join(process.cwd(), file) });
      out.push(report.messages.filter((m) => m.ruleId === 'no-restricted-imports' || m.ruleId === 'import/no-restricted-paths').map((m) => m.message));
    }
    console.log(JSON.stringify(out));`;
  const result = spawnSync(process.execPath, ['--input-type=module', '-e', script], { cwd: root, input: JSON.stringify(cases), encoding: 'utf8' });
  if (result.status !== 0) throw new Error(result.stderr);
  return JSON.parse(result.stdout) as string[][];
}

/** Fixtures that must be refused, each with the words its rule's message must contain. */
const refused: Array<[rule: string, file: string, code: string, says: string]> = [
  ['app → app', 'apps/shell/src/a.ts', "import { y } from '../../patient/src/pages';", 'No app imports another app'],
  ['app → app', 'apps/shell/src/a.ts', "import { y } from '@cqa/admin';", 'No app imports another app'],
  ['app → app (alias into an app)', 'apps/shell/src/a.ts', "import { y } from '@cqa/api/app.module';", 'No app imports another app'],
  ['app → app (any @cqa name that is no lib)', 'apps/api/src/a.ts', "import { y } from '@cqa/server-internals';", 'An app imports only libs'],
  ['remote → remote', 'apps/patient/src/a.tsx', "import { y } from '../../expert/src/pages';", 'A remote never imports another remote'],
  ['remote → remote', 'apps/admin/src/a.tsx', "import { y } from '@cqa/patient/src/pages';", 'A remote never imports another remote'],
  ['server → web', 'apps/api/src/a.ts', "import { y } from '@cqa/web-ui';", 'Web code and server code never import each other'],
  ['server → web', 'apps/api/src/a.ts', "import { y } from '../../../libs/web-core/src/index';", 'Web code and server code never import each other'],
  ['server → web', 'apps/api/src/a.ts', "import { y } from '../../shell/src/bootstrap';", 'No app imports another app'],
  ['server → web framework', 'apps/api/src/a.ts', "import { y } from 'antd';", 'Server code never imports web libraries'],
  ['web → server', 'apps/shell/src/a.ts', "import { y } from '../../api/src/main';", 'No app imports another app'],
  ['web → server framework', 'apps/admin/src/a.tsx', "import { y } from '@nestjs/core';", 'Web code never imports server libraries'],
  ['web lib → server framework', 'libs/web-core/src/a.ts', "import { y } from 'typeorm';", 'Web code never imports server libraries'],
  ['web lib → app', 'libs/web-core/src/a.ts', "import { y } from '../../../apps/shell/src/app/App';", 'A lib never imports an app'],
  ['web-core → web-ui', 'libs/web-core/src/a.ts', "import { y } from '@cqa/web-ui';", 'never import each other; the shell and the remotes combine them'],
  ['web-core → web-ui', 'libs/web-core/src/a.ts', "import { y } from '../../web-ui/src/theme';", 'never import each other; the shell and the remotes combine them'],
  ['web-ui → web-core', 'libs/web-ui/src/a.ts', "import { y } from '@cqa/web-core';", 'never import each other; the shell and the remotes combine them'],
  ['web-ui → web-core', 'libs/web-ui/src/qa/a.tsx', "import { y } from '../../../web-core/src/store/store';", 'never import each other; the shell and the remotes combine them'],
  ['web-ui → feature', 'libs/web-ui/src/qa/a.tsx', "import { y } from '@cqa/web-qa';", 'never import the feature lib'],
  ['web-ui → feature', 'libs/web-ui/src/a.ts', "import { y } from '../../web-qa/src/question/QuestionPageFrame';", 'never import the feature lib'],
  ['web-core → feature', 'libs/web-core/src/a.ts', "import { y } from '@cqa/web-qa';", 'never import the feature lib'],
  ['web-core → feature', 'libs/web-core/src/api/a.ts', "import { y } from '../../../web-qa/src/index';", 'never import the feature lib'],
  ['feature → app', 'libs/web-qa/src/a.tsx', "import { y } from '../../../apps/admin/src/pages';", 'A lib never imports an app'],
  ['feature → server framework', 'libs/web-qa/src/a.tsx', "import { y } from '@nestjs/common';", 'Web code never imports server libraries'],
  ['contracts → feature', 'libs/contracts/src/a.ts', "import { y } from '@cqa/web-qa';", 'The contracts lib imports nothing of ours'],
  ['contracts → ours', 'libs/contracts/src/a.ts', "import { y } from '@cqa/web-core';", 'The contracts lib imports nothing of ours'],
  ['contracts → ours', 'libs/contracts/src/a.ts', "import { y } from '../../../apps/api/src/main';", 'The contracts lib imports nothing of ours'],
  ['contracts → framework', 'libs/contracts/src/a.ts', "import { y } from '@nestjs/common';", 'free of Nest, React and every framework'],
  ['contracts → framework', 'libs/contracts/src/a.ts', "import { y } from 'react';", 'free of Nest, React and every framework'],
  ['test helpers in production code', 'apps/patient/src/a.tsx', "import { y } from '@cqa/web-core/testing';", 'Test helpers are for specs only'],
  ['test helpers in production code', 'libs/web-ui/src/qa/a.tsx', "import { y } from '@cqa/web-ui/testing';", 'Test helpers are for specs only'],
  // The server's module table (tools/lint/server-modules.mjs); targets that exist, since unresolved paths are not checked.
  ['server: profiles → auth', 'apps/api/src/modules/profiles/a.ts', "import { y } from '../auth/users.service';", "does not let 'profiles' import 'auth'"],
  ['server: questions → answers', 'apps/api/src/modules/questions/a.ts', "import { y } from '../answers/answers.repository';", "does not let 'questions' import 'answers'"],
  ['server: questions → answers (subfolder)', 'apps/api/src/modules/questions/dto/a.ts', "import { y } from '../../answers/ai/ai-answers.service';", "does not let 'questions' import 'answers'"],
  ['server: answers → questions (its read statements)', 'apps/api/src/modules/answers/a.ts', "import { y } from '../questions/question-queries';", "'answers' imports of 'questions' only entities, question-events.ts, question-search.ts"],
  ['server: answers → questions (its repository)', 'apps/api/src/modules/answers/views/a.ts', "import { y } from '../../questions/questions.repository';", "'answers' imports of 'questions' only"],
  ['server: answers → questions (its DTOs)', 'apps/api/src/modules/answers/a.ts', "import { y } from '../questions/dto/questions.dto';", "'answers' imports of 'questions' only"],
  ['server: answers → questions (its module)', 'apps/api/src/modules/answers/research/a.ts', "import { y } from '../../questions/questions.module';", "'answers' imports of 'questions' only"],
  ['server: ai → answers', 'apps/api/src/modules/ai/retrieval/a.ts', "import { y } from '../../answers/answer-writer';", "does not let 'ai' import 'answers'"],
  ['server: migration → feature module', 'apps/api/src/database/migrations/1795999999999-A.ts', "import { y } from '../../modules/questions/question-search';", 'A migration imports no live code'],
  ['server: migration → config', 'apps/api/src/database/migrations/1795999999999-A.ts', "import { y } from '../../config/app-config';", 'A migration imports no live code'],
  ['server: module → app.module', 'apps/api/src/modules/answers/a.ts', "import { y } from '../../app.module';", 'A module never imports the files that assemble the app'],
  ['server: module → create-api-app', 'apps/api/src/modules/admin/a.ts', "import { y } from '../../create-api-app';", 'A module never imports the files that assemble the app'],
  ['server: infrastructure → module', 'apps/api/src/common/a.ts', "import { y } from '../modules/auth/users.service';", "Infrastructure ('common') never imports a feature module"],
  ['server: infrastructure → module (database toolkit)', 'apps/api/src/common/database/a.ts', "import { y } from '../../modules/auth/users.service';", "Infrastructure ('common') never imports a feature module"],
  ['server: module → a file of ai (not its face)', 'apps/api/src/modules/answers/ai/a.ts', "import { y } from '../../ai/provider/ai-provider';", "through its public face (modules/ai/index.ts) only"],
  ['server: module → database composer', 'apps/api/src/modules/questions/a.ts', "import { y } from '../../database/data-source-options';", 'never the composer'],
  ['server: infrastructure → database composer', 'apps/api/src/queues/a.ts', "import { y } from '../database/database-admin';", 'never the composer'],
];

const allowed: Case[] = [
  ['libs/contracts/src/a.ts', "import { y } from './roles';"],
  ['libs/web-core/src/a.ts', "import { y } from '@cqa/contracts';"],
  ['libs/web-ui/src/a.ts', "import { y } from '@cqa/contracts';"],
  ['apps/api/src/a.ts', "import { y } from '@cqa/contracts';"],
  ['apps/api/src/a.ts', "import { y } from './app.module';"],
  ['apps/api/src/modules/auth/a.ts', "import { y } from '../profiles/patient-access.service';"],
  ['apps/api/src/modules/answers/ai/a.ts', "import { y } from '../../questions/question-events';"],
  ['apps/api/src/modules/answers/ai/a.ts', "import { y } from '../answer-writer';"],
  ['apps/api/src/modules/answers/views/a.ts', "import { y } from '../../questions/entities/question-row';"],
  ['apps/api/src/modules/answers/a.ts', "import { y } from '../questions/entities/question.entity';"],
  ['apps/api/src/modules/answers/a.ts', "import { y } from '../questions/question-search';"],
  ['apps/api/src/modules/answers/research/a.ts', "import { y } from '../../questions/question-events';"],
  ['apps/api/src/modules/answers/a.integration-spec.ts', "import { y } from '../questions/test/questions-helpers';"],
  ['apps/api/src/modules/questions/a.ts', "import { y } from '../../common/database/json-column';"],
  ['apps/api/src/modules/answers/ai/a.ts', "import { y } from '../../ai';"],
  ['apps/api/src/modules/ai/citations/a.ts', "import { y } from '../provider/ai-provider';"],
  ['apps/api/src/database/seed/a.ts', "import { y } from '../../modules/questions/question-search';"],
  ['apps/api/src/database/migrations/1795999999999-A.ts', "import { y } from './frozen/search-terms-1795540000000';"],
  ['apps/api/src/modules/profiles/a.spec.ts', "import { y } from '../answers/answers.repository';"],
  ['apps/patient/src/a.tsx', "import { y } from '@cqa/web-core';"],
  ['apps/patient/src/a.tsx', "import { y } from '@cqa/web-ui';"],
  ['apps/expert/src/a.tsx', "import { y } from '@cqa/web-qa';"],
  ['libs/web-qa/src/a.tsx', "import { y } from '@cqa/web-core';"],
  ['libs/web-qa/src/a.tsx', "import { y } from '@cqa/web-ui';"],
  ['libs/web-qa/src/a.tsx', "import { y } from '@cqa/contracts';"],
  ['apps/patient/src/a.tsx', "import { y } from './features/profile/api';"],
  ['apps/shell/src/a.tsx', "import { y } from '@cqa/contracts';"],
  ['apps/shell/src/a.tsx', "import { y } from 'react-router-dom';"],
  ['apps/expert/src/a.spec.tsx', "import { y } from '@cqa/web-core/testing';"],
  ['apps/patient/src/features/profile/test-helpers.tsx', "import { y } from '@cqa/web-core/testing';"],
];

/** Every app found under apps/, by its package name: the rules are read from the folders, not from a list in the config. */
const apps = fs
  .readdirSync(path.join(root, 'apps'))
  .filter((dir) => fs.existsSync(path.join(root, 'apps', dir, 'package.json')))
  .map((dir) => ({ dir, name: (JSON.parse(fs.readFileSync(path.join(root, 'apps', dir, 'package.json'), 'utf8')) as { name: string }).name }));
const appPairs: Case[] = apps.map((app, i) => [`apps/${app.dir}/src/a.ts`, `import { y } from '${apps[(i + 1) % apps.length].name}';`]);

const results = lint([...refused.map(([, file, code]): Case => [file, code]), ...allowed, ...appPairs]);
const refusedResults = results.slice(0, refused.length);
const allowedResults = results.slice(refused.length, refused.length + allowed.length);
const pairResults = results.slice(refused.length + allowed.length);

describe('import boundaries', () => {
  it.each(refused.map((entry, i) => [...entry, i] as const))('%s: refuses in %s: %s', (_rule, _file, _code, says, i) => {
    expect(refusedResults[i].some((message) => message.includes(says))).toBe(true);
  });

  it.each(allowed.map((entry, i) => [...entry, i] as const))('allows in %s: %s', (_file, _code, i) => {
    expect(allowedResults[i]).toEqual([]);
  });

  it('refuses every app importing another app by package name, for the apps found under apps/', () => {
    expect(apps.length).toBeGreaterThanOrEqual(4);
    pairResults.forEach((messages, i) => expect({ fixture: appPairs[i], refused: messages.length > 0 }).toEqual({ fixture: appPairs[i], refused: true }));
  });
});
