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

/* A model (SAT competition output: the 's' and 'v' lines) checked
 * against every clause of the formula by einsat-check. */
async function checkModel(cnf, lines) {
  const solution = lines.filter((l) => /^[sv] /.test(l)).join('\n') + '\n';
  const r = await run('check', ['model', 'formula.cnf', 'solution'], {
    files: { '/in/formula.cnf': cnf, '/in/solution': solution },
  });
  return { verified: r.code === 0 && r.out.includes('s MODEL OK'), output: r.out.concat(r.err) };
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
    if (r.code === 10) {
      /* The page says SATISFIABLE only for a model einsat-check
       * accepts; a model beyond the lines kept cannot be checked. */
      postMessage({ id: stream.id, type: 'progress', phase: 'checking the model' });
      result.modelCheck = r.dropped ? { verified: false, output: ['the output is too long to keep the whole model'] }
        : await checkModel(p.data, r.out);
    }
    if (r.code === 20 && p.proof !== 'none' && r.files[proofPath]) {
      result.proof = r.files[proofPath];
      postMessage({ id: stream.id, type: 'progress', phase: 'checking the proof' });
      result.check = await checkProof(p.proof, p.data, result.proof);
    }
    return result;
  },

  /* Formulas by name ('einsat formula', puzzles/FORMULA.md): 'mode' is
   * 'one' (a model, or none with its certificate), 'all' (the first
   * FORMULA_SHOWN models and the count), 'count', 'unique' (with the
   * certificate of a unique model) or 'cnf' (the named DIMACS).  Every
   * model shown is checked by einsat-check (see 'checkFormulaModels'). */
  async formula(p, stream) {
    const files = { '/in/formula.txt': p.text, '/out/.keep': '' };
    const args = ['formula', '--file=formula.txt'];
    const proof = p.mode === 'one' || p.mode === 'unique';
    if (p.mode === 'all') args.push('--all=' + FORMULA_SHOWN);
    if (p.mode === 'count') args.push('--count');
    if (p.mode === 'unique') args.push('--unique');
    if (p.mode === 'cnf') args.push('--cnf');
    if (proof) args.push('--proof=/out/p.drat');
    const r = await run('einsat', args, { files, stream, outputs: ['/out/p.drat', '/out/p.drat.cnf'] });
    const result = { code: r.code, out: r.out };
    if (r.code === 1 || r.err.length) { result.error = errorOf(r); return result; }
    if (p.mode === 'cnf' || p.mode === 'count') return result;
    result.models = r.out.filter((l) => MODEL_LINE.test(l));
    if (proof && r.out.some((l) => l.startsWith('Proof written'))) {
      postMessage({ id: stream.id, type: 'progress', phase: 'checking the certificate' });
      result.certificate = await certificateOf(r, '/out/p.drat');
    }
    if (p.mode === 'all' && / \(stopped at the limit\)$/.test(r.out[r.out.length - 1] || '')) {
      postMessage({ id: stream.id, type: 'progress', phase: 'counting' });
      const count = await run('einsat', ['formula', '--count', '--file=formula.txt'], { files });
      result.total = count.out.find((l) => / models?$/.test(l));
    }
    if (result.models.length) {
      postMessage({ id: stream.id, type: 'progress', phase: 'checking the models' });
      result.check = await checkFormulaModels(files, result.models);
    }
    return result;
  },

  /* A logic-grid puzzle in the text format of puzzles/README.md.  A
   * unique solution comes with its certificate ('--proof': the puzzle's
   * CNF plus the clause that excludes the solution, and a DRAT proof
   * that nothing is left), which einsat-check verifies. */
  async zebra(p, stream) {
    const files = { '/in/puzzle.txt': p.text, '/out/.keep': '' };
    const r = await run('einsat', ['zebra', '--proof=/out/u.drat', 'puzzle.txt'], {
      files, stream, outputs: ['/out/u.drat', '/out/u.drat.cnf'],
    });
    const result = { code: r.code, out: r.out, err: r.err };
    if (r.code === 1) { result.error = errorOf(r); return result; }
    if (r.out.some((l) => l.startsWith('There is more than one solution'))) {
      const two = await run('einsat', ['zebra', '--all=2', 'puzzle.txt'], { files });
      result.two = two.out;
    } else if (r.code === 10) {
      result.certificate = await certificateOf(r, '/out/u.drat');
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

  /* The next cell that propagation forces, with its reason
   * ('einsat sudoku --hint'). */
  async hint(p) {
    const r = await run('einsat', ['sudoku', '--hint', 'sudoku.txt'], {
      files: { '/in/sudoku.txt': p.text },
    });
    if (r.code === 1 || r.err.length) return { error: errorOf(r) };
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

/* Models of 'einsat formula' are lines 'x=1 y=0' (empty for a formula
 * without variables). */
const MODEL_LINE = /^(\S+=[01])?( \S+=[01])*$/;
const FORMULA_SHOWN = 20;

/* Each model by name must extend to a model of the formula's CNF (the
 * named DIMACS of '--cnf'): the CNF with the model's values as unit
 * clauses is solved, and einsat-check checks that model against every
 * clause of it. */
async function checkFormulaModels(files, models) {
  const cnf = await run('einsat', ['formula', '--cnf=/out/f.cnf', '--file=formula.txt'], {
    files, outputs: ['/out/f.cnf'],
  });
  if (cnf.code !== 0 || !cnf.files['/out/f.cnf']) return { verified: false, output: [errorOf(cnf)] };
  const lines = text(cnf.files['/out/f.cnf']).split('\n');
  const number = new Map();
  lines.forEach((l) => { const m = l.match(/^c var (\d+) (\S+)$/); if (m) number.set(m[2], Number(m[1])); });
  const header = lines.findIndex((l) => l.startsWith('p cnf '));
  const [, , vars, clauses] = lines[header].split(/\s+/);
  for (const model of models) {
    const pairs = model ? model.split(' ').map((p) => p.split('=')) : [];
    const units = pairs.map(([name, value]) => (value === '1' ? '' : '-') + number.get(name) + ' 0');
    const withUnits = [...lines.slice(0, header), `p cnf ${vars} ${Number(clauses) + units.length}`,
      ...lines.slice(header + 1).filter((l) => l.trim()), ...units].join('\n') + '\n';
    const solved = await run('einsat', ['solve', '-q', 'model.cnf'], { files: { '/in/model.cnf': withUnits } });
    const check = solved.code === 10 ? await checkModel(withUnits, solved.out)
      : { verified: false, output: [`the CNF with the values of '${model}' has no model`] };
    if (!check.verified) return { verified: false, model, output: check.output };
  }
  return { verified: true, models: models.length };
}

/* The certificate a run with '--proof=PATH' wrote (PATH and PATH.cnf),
 * verified by einsat-check. */
async function certificateOf(r, path) {
  const drat = r.files[path], refuted = r.files[path + '.cnf'];
  if (!drat || !refuted) return { error: errorOf(r) };
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
