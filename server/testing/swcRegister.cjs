// Runs the server's TypeScript as it is, for tests that start a short-lived server process many
// times: each `.ts` file is turned into CommonJS by SWC (as jest's transform does), with no type
// check. A process starts in about a quarter of the CPU time ts-node's TypeScript transpiler takes.
// Use: node -r server/testing/swcRegister.cjs server/main.ts
'use strict';

const { readFileSync } = require('node:fs');
const { transformSync } = require('@swc/core');

require.extensions['.ts'] = (module, filename) => {
  const { code } = transformSync(readFileSync(filename, 'utf8'), {
    filename,
    jsc: { parser: { syntax: 'typescript' }, target: 'es2022' },
    module: { type: 'commonjs' },
    sourceMaps: 'inline',
  });
  module._compile(code, filename);
};
