// Runs a TypeScript entry point of the server in a child process (the fault tests SIGKILL it), compiling each file
// with swc as it is required, with the same settings and @cqa/* aliases as jest.
const { transformSync } = require('@swc/core');
const Module = require('node:module');
const fs = require('node:fs');
const path = require('node:path');

const root = path.resolve(__dirname, '..', '..', '..', '..');
const aliases = { '@cqa/contracts': path.join(root, 'libs/contracts/src/index.ts') };
const resolve = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  return resolve.call(this, aliases[request] ?? request, ...rest);
};
require.extensions['.ts'] = (module, filename) => {
  const { code } = transformSync(fs.readFileSync(filename, 'utf8'), {
    filename,
    jsc: {
      target: 'es2022',
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: false },
      keepClassNames: true,
    },
    module: { type: 'commonjs' },
  });
  module._compile(code, filename);
};
require(path.resolve(process.argv[2]));
