// node web/run-node.cjs build/web/einsat.js ARGS... - runs a program of
// the web build outside the browser (for bench/web-speed.sh): arguments
// that name existing files are copied into the program's in-memory file
// system first.  The exit code is the program's.
'use strict';
const fs = require('fs');
const path = require('path');

const [script, ...args] = process.argv.slice(2);
const factory = require(path.resolve(script));
const wasmBinary = fs.readFileSync(path.resolve(script).replace(/\.js$/, '.wasm'));
// Emscripten ends node at exit with 'process.exit', which would cut off
// output still queued for a pipe: 'quit' lets node end by itself.
const quit = (status, toThrow) => {
  process.exitCode = status;
  throw toThrow;
};
factory({ wasmBinary, quit, print: (s) => process.stdout.write(s + '\n'), printErr: (s) => process.stderr.write(s + '\n') })
  .then((m) => {
    m.FS.mkdir('/in');
    const mapped = args.map((a) => {
      if (!fs.existsSync(a) || !fs.statSync(a).isFile()) return a;
      const copy = '/in/' + path.basename(a);
      m.FS.writeFile(copy, fs.readFileSync(a));
      return copy;
    });
    const code = m.callMain(mapped);
    if (process.exitCode === undefined) process.exitCode = code;
  });
