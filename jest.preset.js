/** Shared jest settings: @swc/jest transforms TypeScript (with Nest's decorator metadata) and maps the @cqa/* aliases to source. */
const path = require('node:path');

const root = __dirname;

const swcTransform = (jsx) => [
  '@swc/jest',
  {
    jsc: {
      target: 'es2022',
      parser: { syntax: 'typescript', decorators: true, tsx: jsx },
      transform: {
        legacyDecorator: true,
        decoratorMetadata: true,
        useDefineForClassFields: false,
        ...(jsx ? { react: { runtime: 'automatic' } } : {}),
      },
      keepClassNames: true,
    },
    module: { type: 'commonjs' },
  },
];

const moduleNameMapper = {
  '^@cqa/contracts$': path.join(root, 'libs/contracts/src/index.ts'),
  '^@cqa/web-core$': path.join(root, 'libs/web-core/src/index.ts'),
  '^@cqa/(web-core|web-ui)/testing$': path.join(root, 'libs/$1/src/testing/index.ts'),
  '^@cqa/web-ui$': path.join(root, 'libs/web-ui/src/index.ts'),
  '^@cqa/web-qa$': path.join(root, 'libs/web-qa/src/index.ts'),
};

// NestJS 12 ships ES modules only; jest's module system loads CommonJS, so those packages are transformed too.
const ESM_PACKAGES = ['@nestjs', 'openid-client', 'oauth4webapi', 'jose', 'content-disposition', 'cookie', 'file-type', 'strtok3', 'token-types', '@tokenizer', 'uint8array-extras',
  // linkedom's CommonJS build requires its ES-module-only css-select/htmlparser2 family (Node 24 can; jest's VM cannot).
  'linkedom', 'boolbase', 'css-select', 'css-what', 'dom-serializer', 'domhandler', 'domutils', 'entities', 'nth-check', 'htmlparser2', 'domelementtype', 'cssomnom', 'uhyphen'];
const transformIgnorePatterns = [`/node_modules/(?!(${ESM_PACKAGES.join('|')})/)`];
// react-markdown and its unified/micromark family ship ES modules only, so web tests transform them too.
const ESM_WEB_PACKAGES = [
  'react-markdown', 'remark-[^/]+', 'rehype-[^/]+', 'micromark[^/]*', 'mdast-util-[^/]+', 'hast-util-[^/]+', 'unist-util-[^/]+',
  'vfile[^/]*', 'unified', 'devlop', 'bail', 'trough', 'is-plain-obj', 'comma-separated-tokens', 'space-separated-tokens',
  'property-information', 'html-url-attributes', 'estree-util-[^/]+', 'decode-named-character-reference', 'character-entities[^/]*',
  'character-reference-invalid', 'parse-entities', 'stringify-entities', 'is-alphanumerical', 'is-alphabetical', 'is-decimal',
  'is-hexadecimal', 'is-absolute-url', 'longest-streak', 'zwitch', 'ccount', 'trim-lines', '@ungap/structured-clone', 'escape-string-regexp',
  // remark-gfm (tables in answers).
  'markdown-table',
  // @ant-design/icons' CommonJS build requires this package's ES build.
  '@ant-design/colors',
];
const webTransformIgnorePatterns = [`/node_modules/(?!(${ESM_WEB_PACKAGES.join('|')})/)`];

module.exports = {
  node: {
    testEnvironment: 'node',
    transform: { '^.+\\.(t|j)sx?$': swcTransform(false) },
    transformIgnorePatterns,
    moduleFileExtensions: ['ts', 'tsx', 'js', 'json'],
    moduleNameMapper,
    testMatch: ['<rootDir>/**/*.spec.ts'],
  },
  web: {
    testEnvironment: 'jsdom',
    transform: { '^.+\\.(t|j)sx?$': swcTransform(true) },
    transformIgnorePatterns: webTransformIgnorePatterns,
    moduleFileExtensions: ['ts', 'tsx', 'js', 'json'],
    moduleNameMapper: { ...moduleNameMapper, '\\.css$': path.join(root, 'tools/jest/style-mock.js') },
    setupFiles: [path.join(root, 'tools/jest/polyfills-web.js')],
    setupFilesAfterEnv: [path.join(root, 'tools/jest/setup-web.js')],
    testMatch: ['<rootDir>/**/*.spec.ts', '<rootDir>/**/*.spec.tsx'],
  },
};
