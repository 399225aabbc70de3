import {
  baseImage,
  envOf,
  execForm,
  healthcheckCommand,
  isNonRootUser,
  lastOf,
  parseDockerfile,
  parseEnv,
  parseInstructions,
  stageChain,
} from './dockerfile';

const SAMPLE = `# syntax=docker/dockerfile:1
ARG VERSION=1
FROM --platform=linux/amd64 node:20 AS Build
WORKDIR /app
RUN apt-get update \\
 # a comment inside a continuation
 && apt-get install -y tini
ENV A=1 B="two words"

FROM build AS api
ENV LEGACY some value
EXPOSE 8080
HEALTHCHECK --interval=5s CMD ["node", "check.js"]
USER 1000:1000
CMD ["node", "main.js"]

FROM nginx:1
USER root
`;

describe('parseDockerfile', () => {
  const stages = parseDockerfile(SAMPLE);

  it('splits stages on FROM, reading flags, AS names and continued lines', () => {
    expect(stages.map((s) => [s.name, s.from])).toEqual([
      ['build', 'node:20'],
      ['api', 'build'],
      [null, 'nginx:1'],
    ]);
    expect(stages[0].instructions.map((i) => i.keyword)).toEqual(['WORKDIR', 'RUN', 'ENV']);
    expect(stages[0].instructions[1]).toEqual({ keyword: 'RUN', args: 'apt-get update && apt-get install -y tini', line: 5 });
  });

  it('follows a stage to its ancestors and its external base image', () => {
    expect(stageChain(stages, 'api').map((s) => s.name)).toEqual(['api', 'build']);
    expect(baseImage(stages, 'api')).toBe('node:20');
    expect(lastOf(stages, 'api', 'WORKDIR')?.args).toBe('/app');
    expect(lastOf(stages, 'build', 'USER')).toBeNull();
    expect(() => stageChain(stages, 'missing')).toThrow('No stage named missing');
  });

  it('collects ENV along the chain, in both forms', () => {
    expect(envOf(stages, 'api')).toEqual({ A: '1', B: 'two words', LEGACY: 'some value' });
    expect(parseEnv('X=a\\ b Y=\'c d\'')).toEqual({ X: 'a b', Y: 'c d' });
    expect(() => parseEnv('X=1 =2')).toThrow('Bad ENV pair');
  });

  it('reads exec forms and HEALTHCHECK commands', () => {
    expect(execForm(lastOf(stages, 'api', 'CMD')!.args)).toEqual(['node', 'main.js']);
    expect(execForm('node main.js')).toBeNull();
    expect(healthcheckCommand(lastOf(stages, 'api', 'HEALTHCHECK')!.args)).toEqual({ exec: ['node', 'check.js'], shell: null });
    expect(healthcheckCommand('CMD curl -f http://x/')).toEqual({ exec: null, shell: 'curl -f http://x/' });
    expect(healthcheckCommand('NONE')).toBeNull();
  });

  it('rejects a file that ends inside a continuation', () => {
    expect(() => parseInstructions('FROM a\nRUN x \\\n')).toThrow('continued instruction');
  });
});

describe('isNonRootUser', () => {
  it.each([
    ['node', true],
    ['1000:1000', true],
    ['101', true],
    ['root', false],
    ['0', false],
    ['0:0', false],
    ['', false],
    [null, false],
  ])('%s → %s', (user, expected) => {
    expect(isNonRootUser(user)).toBe(expected);
  });
});
