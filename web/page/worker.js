/* The solver's Web Worker: runs einsat (and einsat-check) compiled to
 * WebAssembly, so the page stays responsive and Stop can end a run at
 * once by terminating the worker.  Each run of a program gets a fresh
 * instance of the compiled module (no state from one run leaks into the
 * next), its files in the instance's in-memory file system, and its
 * output lines streamed to the page in batches.
 *
 * Messages in:  {id, job, ...parameters}      (see 'jobs' below)
 * Messages out: {id, type: 'lines', lines: [[stream, text], ...]}
 *               {id, type: 'progress', ...}
 *               {id, type: 'done', result}
 *               {id, type: 'failed', message}
 */
'use strict';

importScripts('einsat.js', 'einsat-check.js');

const compiled = {
  einsat: WebAssembly.compileStreaming(fetch('einsat.wasm')),
  check: WebAssembly.compileStreaming(fetch('einsat-check.wasm')),
};
const factories = { einsat: createEinsat, check: createEinsatCheck };

/* Output lines kept per run; beyond this the rest is counted only. */
const MAX_KEPT_LINES = 200000;

class Stream {
  constructor(id, forward) {
    this.id = id;
    this.forward = forward; /* send lines to the page as they come */
    this.batch = [];
    this.last = Date.now();
  }
  line(stream, text) {
    if (!this.forward) return;
    this.batch.push([stream, text]);
    const now = Date.now();
    if (now - this.last > 100 || this.batch.length > 2000) this.flush(now);
  }
  flush(now = Date.now()) {
    if (this.batch.length) postMessage({ id: this.id, type: 'lines', lines: this.batch });
    this.batch = [];
    this.last = now;
  }
}

/* Runs 'program' ('einsat' or 'check') with 'args'.  'files' maps paths
 * to contents written before the run, 'outputs' lists paths read after
 * it.  'onLine(stream, text)' sees every line; 'store(text)', if given,
 * says which to keep. */
async function run(program, args, { files = {}, outputs = [], stream = null, onLine = null, store = null } = {}) {
  const module = await compiled[program];
  const out = [], err = [];
  let dropped = 0;
  const keep = (list, name) => (text) => {
    if (store && !store(text)) { /* counted by 'onLine' only */ } else if (list.length < MAX_KEPT_LINES) list.push(text); else dropped++;
    if (onLine) onLine(name, text);
    if (stream) stream.line(name, text);
  };
  let exitCode = null;
  const instance = await factories[program]({
    instantiateWasm(imports, receive) {
      WebAssembly.instantiate(module, imports).then((i) => receive(i));
      return {};
    },
    print: keep(out, 'out'),
    printErr: keep(err, 'err'),
    onExit: (code) => { exitCode = code; },
  });
  for (const [path, data] of Object.entries(files)) {
    const dir = path.slice(0, path.lastIndexOf('/'));
    if (dir) instance.FS.mkdirTree(dir);
    instance.FS.writeFile(path, data);
  }
  /* Inputs are named as the user named them, without the folder. */
  if (Object.keys(files).some((f) => f.startsWith('/in/'))) instance.FS.chdir('/in');
  let code;
  try {
    code = instance.callMain(args);
  } catch (e) {
    /* A trap (stack overflow, an abort after a contract violation): the
     * message of the library, if any, is already on standard error. */
    err.push('einsat: the WebAssembly program stopped: ' + (e && e.message || e));
    code = 1;
  }
  if (exitCode !== null) code = exitCode;
  const read = {};
  for (const path of outputs) {
    try { read[path] = instance.FS.readFile(path); } catch (e) { read[path] = null; }
  }
  if (stream) stream.flush();
  return { code, out, err, dropped, files: read };
}

const text = (bytes) => new TextDecoder().decode(bytes);

/* The first line of standard error that is einsat's message. */
function errorOf(r) {
  return r.err.find((l) => l.startsWith('einsat')) || r.err[0] || `exit code ${r.code}`;
}

async function checkProof(kind, cnf, proof) {
  const r = await run('check', [kind, 'formula.cnf', 'proof'], {
    files: { '/in/formula.cnf': cnf, '/in/proof': proof },
  });
  return { verified: r.code === 0 && r.out.includes('s VERIFIED'), output: r.out.concat(r.err) };
}

const jobs = {
  /* A DIMACS formula: 'data' (bytes, already decompressed), 'name',
   * 'seconds' (0: none), 'proof' ('none', 'drat' or 'lrat'), 'verbose'. */
  async dimacs(p, stream) {
    const input = p.name;
    const args = ['solve', ...(p.options || []).filter((o) => o.startsWith('-'))];
    if (p.verbose) args.push('-v');
    if (p.seconds > 0) args.push('--time=' + p.seconds);
    if (p.proof === 'drat') args.push('--proof=/out/proof.drat', '--proof-text');
    if (p.proof === 'lrat') args.push('--lrat=/out/proof.lrat');
    args.push(input);
    const proofPath = p.proof === 'lrat' ? '/out/proof.lrat' : '/out/proof.drat';
    const r = await run('einsat', args, {
      files: { ['/in/' + input]: p.data, '/out/.keep': '' }, outputs: [proofPath], stream,
    });
    const result = { code: r.code, out: r.out, err: r.err, dropped: r.dropped };
    if (r.code === 1) result.error = errorOf(r);
    if (r.code === 20 && p.proof !== 'none' && r.files[proofPath]) {
      result.proof = r.files[proofPath];
      postMessage({ id: stream.id, type: 'progress', phase: 'checking the proof' });
      result.check = await checkProof(p.proof, p.data, result.proof);
    }
    return result;
  },

  /* A logic-grid puzzle in the text format of puzzles/README.md. */
  async zebra(p, stream) {
    const files = { '/in/puzzle.txt': p.text };
    const r = await run('einsat', ['zebra', 'puzzle.txt'], { files, stream });
    const result = { code: r.code, out: r.out, err: r.err };
    if (r.code === 1) { result.error = errorOf(r); return result; }
    if (r.out.some((l) => l.startsWith('There is more than one solution'))) {
      const two = await run('einsat', ['zebra', '--all=2', 'puzzle.txt'], { files });
      result.two = two.out;
    } else if (r.code === 10) {
      result.certificate = await certifyUnique(files);
    }
    return result;
  },

  /* A Sudoku as text (any format of 'einsat sudoku'). */
  async sudoku(p, stream) {
    const r = await run('einsat', ['sudoku', '--unique', 'sudoku.txt'], {
      files: { '/in/sudoku.txt': p.text }, stream,
    });
    const result = { code: r.code, out: r.out, err: r.err };
    if (r.code === 1 || r.err.length) result.error = errorOf(r);
    return result;
  },

  /* The next cell that propagation forces, with its reason. */
  async hint(p) {
    const cnf = await run('einsat', ['sudoku', '--cnf', 'sudoku.txt'], {
      files: { '/in/sudoku.txt': p.text },
    });
    if (cnf.code !== 0) return { error: errorOf(cnf) };
    const r = await run('einsat', ['hint', 'sudoku.cnf'], {
      files: { '/in/sudoku.cnf': cnf.out.join('\n') + '\n' },
    });
    if (r.code !== 0) return { error: errorOf(r) };
    return { lines: r.out };
  },

  /* N queens: the first solution, or all of them counted as they come. */
  async queens(p, stream) {
    if (p.mode === 'first') {
      const r = await run('einsat', ['queens', String(p.n)], { stream });
      return { code: r.code, out: r.out, err: r.err, error: r.code === 1 ? errorOf(r) : undefined };
    }
    let count = 0, last = 0;
    const r = await run('einsat', ['queens', String(p.n), '--all'], {
      store: (line) => !/^[.Q ]*$/.test(line) && !line.startsWith('solution '),
      onLine(s, line) {
        if (s !== 'out' || !line.startsWith('solution ')) return;
        count++;
        const now = Date.now();
        if (now - last > 100) { last = now; postMessage({ id: stream.id, type: 'progress', count }); }
      },
    });
    const summary = r.out.find((l) => / solutions?$/.test(l));
    return { code: r.code, count, summary, err: r.err, error: r.code === 1 ? errorOf(r) : undefined };
  },

  /* A nonogram in the '.non' format. */
  async nonogram(p, stream) {
    const r = await run('einsat', ['nonogram', '--unique', 'puzzle.non'], {
      files: { '/in/puzzle.non': p.text }, stream,
    });
    return { code: r.code, out: r.out, err: r.err, error: r.err.length ? errorOf(r) : undefined };
  },

  /* The solver's steps on N queens (the trace of 'einsat queens N --trace'). */
  async trace(p) {
    const r = await run('einsat', ['queens', String(p.n), '--trace']);
    return { code: r.code, out: r.out, error: r.code === 1 ? errorOf(r) : undefined };
  },
};

/* "Unique: yes" with a certificate: the puzzle's named CNF, the clause
 * that blocks the solution found, a DRAT proof that nothing else is
 * left (einsat --unique --proof), and einsat-check verifying it. */
async function certifyUnique(files) {
  const cnf = await run('einsat', ['zebra', '--cnf=/out/puzzle.cnf', 'puzzle.txt'], {
    files: { ...files, '/out/.keep': '' }, outputs: ['/out/puzzle.cnf'],
  });
  if (cnf.code !== 0 || !cnf.files['/out/puzzle.cnf']) return { error: errorOf(cnf) };
  const proof = await run('einsat', ['solve', '-n', '--unique', '--proof=/out/u.drat', 'puzzle.cnf'], {
    files: { '/in/puzzle.cnf': cnf.files['/out/puzzle.cnf'], '/out/.keep': '' },
    outputs: ['/out/u.drat', '/out/u.drat.cnf'],
  });
  const drat = proof.files['/out/u.drat'], refuted = proof.files['/out/u.drat.cnf'];
  if (!proof.out.includes('c unique yes') || !drat || !refuted) return { error: errorOf(proof) };
  const check = await checkProof('drat', refuted, drat);
  return { proofBytes: drat.length, clauses: text(refuted).split('\n').filter((l) => /^-?\d/.test(l)).length, ...check };
}

onmessage = async (event) => {
  const { id, job } = event.data;
  const stream = new Stream(id, event.data.stream !== false);
  try {
    const result = await jobs[job](event.data, stream);
    stream.flush();
    const transfer = result && result.proof ? [result.proof.buffer] : [];
    postMessage({ id, type: 'done', result }, transfer);
  } catch (e) {
    stream.flush();
    postMessage({ id, type: 'failed', message: String(e && e.message || e) });
  }
};

postMessage({ type: 'ready' });
