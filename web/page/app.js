/* The playground page: tabs, the inputs, and drawing what the solver's
 * worker ('worker.js') answers.  Every tab has its own worker, so a long
 * run in one tab does not hold up another, and Stop terminates that
 * worker (a new one starts at once for the next run). */
'use strict';

const $ = (id) => document.getElementById(id);

/* Inputs above this size are refused before they reach the worker: the
 * file, its copy in the program's memory and the solver's clauses must
 * fit in the 2 GB a WebAssembly page may have. */
const MAX_INPUT_BYTES = 256 * 1024 * 1024;

/*----------------------------------------------------------------------*/
/* The solver workers. */

class Solver {
  constructor() { this.start(); }
  start() {
    this.worker = new Worker('worker.js');
    this.pending = new Map();
    this.next = 1;
    this.worker.onmessage = (e) => this.receive(e.data);
    this.worker.onerror = (e) => this.failAll('the solver worker failed: ' + (e.message || 'unknown error'));
  }
  receive(m) {
    const job = this.pending.get(m.id);
    if (!job) return;
    if (m.type === 'done') { this.pending.delete(m.id); job.resolve(m.result); }
    else if (m.type === 'failed') { this.pending.delete(m.id); job.reject(new Error(m.message)); }
    else if (job.onEvent) job.onEvent(m);
  }
  failAll(message) {
    for (const job of this.pending.values()) job.reject(new Error(message));
    this.pending.clear();
  }
  /* Runs a job of 'worker.js'; 'onEvent' sees its lines and progress. */
  run(job, params = {}, onEvent = null, transfer = []) {
    const id = this.next++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject, onEvent });
      this.worker.postMessage({ id, job, ...params }, transfer);
    });
  }
  /* Ends the running job at once. */
  stop() {
    this.worker.terminate();
    const stopped = new Error('stopped');
    stopped.stopped = true;
    for (const job of this.pending.values()) job.reject(stopped);
    this.start();
  }
}

const solvers = {};
const solverFor = (tab) => solvers[tab] || (solvers[tab] = new Solver());

/* A tab's buttons and status line while a job runs. */
async function busy(tab, message, work) {
  const buttons = document.querySelectorAll(`#${tab} button.primary, #${tab} [data-busy]`);
  const stop = $(tab + '-stop');
  const status = $(tab + '-status');
  buttons.forEach((b) => { b.disabled = true; });
  if (stop) stop.disabled = false;
  status.textContent = message;
  status.classList.add('busy');
  const started = performance.now();
  try {
    const result = await work();
    status.textContent = `done in ${((performance.now() - started) / 1000).toFixed(2)} s`;
    return result;
  } catch (e) {
    status.textContent = e.stopped ? 'stopped' : 'error';
    if (!e.stopped) throw e;
    return null;
  } finally {
    status.classList.remove('busy');
    buttons.forEach((b) => { b.disabled = false; });
    if (stop) stop.disabled = true;
  }
}

function stopButton(tab) {
  const stop = $(tab + '-stop');
  if (stop) stop.addEventListener('click', () => solverFor(tab).stop());
}

function showError(element, message) {
  const div = document.createElement('div');
  div.className = 'error';
  div.textContent = message;
  element.replaceChildren(div);
}

function el(tag, attributes = {}, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attributes)) {
    if (k === 'class') e.className = v; else if (k === 'text') e.textContent = v; else e.setAttribute(k, v);
  }
  e.append(...children);
  return e;
}

async function fetchText(path) {
  const response = await fetch(path);
  if (!response.ok) throw new Error(`${path}: ${response.status}`);
  return response.text();
}

/*----------------------------------------------------------------------*/
/* Tabs. */

function showTab(name) {
  if (!$(name)) name = 'dimacs';
  document.querySelectorAll('nav button').forEach((b) => b.setAttribute('aria-selected', b.dataset.tab === name));
  document.querySelectorAll('.panel').forEach((p) => { p.hidden = p.id !== name; });
  solverFor(name); /* warm up its worker */
  if (name === 'trace' && !trace.steps) loadTrace();
}
document.querySelectorAll('nav button').forEach((b) => b.addEventListener('click', () => {
  history.replaceState(null, '', '#' + b.dataset.tab);
  showTab(b.dataset.tab);
}));

/*----------------------------------------------------------------------*/
/* DIMACS. */

const dimacs = { file: null }; /* a loaded file: {name, bytes} */

function pigeonhole(pigeons, holes) {
  const v = (p, h) => p * holes + h + 1;
  const clauses = [];
  for (let p = 0; p < pigeons; p++) clauses.push([...Array(holes).keys()].map((h) => v(p, h)));
  for (let h = 0; h < holes; h++)
    for (let p = 0; p < pigeons; p++)
      for (let q = p + 1; q < pigeons; q++) clauses.push([-v(p, h), -v(q, h)]);
  return `c ${pigeons} pigeons into ${holes} holes: variable ${holes}*p+h+1 says pigeon p sits in hole h\n` +
    `p cnf ${pigeons * holes} ${clauses.length}\n` + clauses.map((c) => c.join(' ') + ' 0').join('\n') + '\n';
}

/* Uniform random 3-SAT from a fixed seed (the high bits of a linear
 * congruential generator): at 4.26 clauses per variable such formulas
 * are hard for every solver. */
function random3sat(n, m, seed) {
  let s = seed >>> 0;
  const next = () => { s = (Math.imul(s, 1664525) + 1013904223) >>> 0; return s; };
  const lines = [`c uniform random 3-SAT: ${n} variables, ${m} clauses (seed ${seed})`, `p cnf ${n} ${m}`];
  for (let i = 0; i < m; i++) {
    const c = [];
    while (c.length < 3) {
      const v = (next() >>> 8) % n + 1;
      if (!c.some((l) => Math.abs(l) === v)) c.push(next() >>> 31 ? v : -v);
    }
    lines.push(c.join(' ') + ' 0');
  }
  return lines.join('\n') + '\n';
}

const dimacsExamples = {
  php: () => pigeonhole(5, 4),
  sat: () => 'c (x1 or x2) and (not x1 or x3) and (not x2 or not x3) and (x2 or x3)\np cnf 3 4\n1 2 0\n-1 3 0\n-2 -3 0\n2 3 0\n',
  hard: () => random3sat(300, 1278, 1),
};

function setDimacsText(text) {
  dimacs.file = null;
  $('dimacs-text').value = text;
  $('dimacs-text').readOnly = false;
}

const magic = (b, bytes) => bytes.every((x, i) => b[i] === x);

/* Gzip is decompressed by the browser where it can; other compressed
 * input goes on as it is and einsat says it cannot read it. */
async function decompress(bytes) {
  if (magic(bytes, [0x1f, 0x8b]) && typeof DecompressionStream === 'function') {
    const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream('gzip'));
    return new Uint8Array(await new Response(stream).arrayBuffer());
  }
  return bytes;
}

async function loadDimacsFile(file) {
  if (file.size > MAX_INPUT_BYTES) {
    showError($('dimacs-result'), `einsat: ${file.name}: too large for the browser (${(file.size / 2 ** 20).toFixed(0)} MB; at most ${MAX_INPUT_BYTES / 2 ** 20} MB here: use the command line)`);
    return;
  }
  let bytes = new Uint8Array(await file.arrayBuffer());
  let name = file.name.replace(/[^\w.+-]/g, '_') || 'input.cnf';
  try {
    const plain = await decompress(bytes);
    if (plain !== bytes) name = name.replace(/\.gz$/, '');
    bytes = plain;
  } catch (e) {
    showError($('dimacs-result'), `einsat: ${file.name}: corrupt gzip data (${e.message})`);
    return;
  }
  if (bytes.length > MAX_INPUT_BYTES) {
    showError($('dimacs-result'), `einsat: ${name}: too large for the browser once decompressed (${(bytes.length / 2 ** 20).toFixed(0)} MB; at most ${MAX_INPUT_BYTES / 2 ** 20} MB here)`);
    return;
  }
  dimacs.file = { name, bytes };
  const area = $('dimacs-text');
  if (bytes.length <= 1 << 20) {
    area.value = new TextDecoder().decode(bytes);
    area.readOnly = false;
    dimacs.file.shown = area.value;
  } else {
    area.value = `${name}: ${bytes.length.toLocaleString()} bytes loaded (too large to show; Solve reads the file).`;
    area.readOnly = true;
  }
  $('dimacs-result').replaceChildren();
}

function dimacsInput() {
  const area = $('dimacs-text');
  const f = dimacs.file;
  if (f && (area.readOnly || area.value === f.shown)) return { name: f.name, data: f.bytes };
  return { name: 'input.cnf', data: new TextEncoder().encode(area.value) };
}

function showStatistics(lines) {
  const table = $('dimacs-stats');
  table.replaceChildren();
  let inside = false;
  for (const line of lines) {
    if (line.startsWith('c ---- [ statistics ]')) { inside = true; continue; }
    if (!inside || !line.startsWith('c ')) continue;
    const m = line.match(/^c (\S+)\s+(\S+)\s*(.*)$/);
    if (m) table.append(el('tr', {}, el('td', { text: m[1] }), el('td', { text: m[2] }), el('td', { text: m[3].replace(/^\S+ \S+\s+(?=\S)/, (x) => x) })));
  }
  $('dimacs-stats-box').hidden = !table.rows.length;
}

async function solveDimacs() {
  const input = dimacsInput();
  const log = $('dimacs-log'), result = $('dimacs-result');
  log.textContent = '';
  result.replaceChildren();
  $('dimacs-proof-box').hidden = $('dimacs-model-box').hidden = $('dimacs-stats-box').hidden = true;
  const proof = $('dimacs-proof').value;
  const params = {
    name: input.name, data: input.data, proof,
    seconds: Number($('dimacs-time').value) || 0, verbose: $('dimacs-verbose').checked,
    options: $('dimacs-options').value.trim().split(/\s+/).filter(Boolean),
  };
  let shown = 0;
  const r = await busy('dimacs', 'solving', () => solverFor('dimacs').run('dimacs', params, (m) => {
    if (m.type === 'lines') {
      const text = m.lines.filter(([s, l]) => s === 'err' || !l.startsWith('v ')).map(([, l]) => l);
      if (shown < 5000) { log.textContent += text.join('\n') + '\n'; shown += text.length; log.scrollTop = log.scrollHeight; }
    } else if (m.type === 'progress') $('dimacs-status').textContent = m.phase;
  }));
  if (!r) { result.append(el('span', { class: 'answer', text: 'stopped' })); return; }
  if (r.error) { showError(result, r.error); return; }
  const answer = r.out.find((l) => l.startsWith('s ')) || 's UNKNOWN';
  let word = answer.slice(2);
  const checked = r.modelCheck;
  /* SATISFIABLE only with a model einsat-check accepts. */
  if (word === 'SATISFIABLE' && !(checked && checked.verified)) word = 'model NOT verified';
  result.append(el('span', { class: 'answer ' + (word === 'UNKNOWN' ? '' : word.startsWith('model') ? 'bad' : 'good'), id: 'dimacs-answer', text: word }));
  if (checked) {
    result.append(el('div', { class: checked.verified ? 'good' : 'bad', id: 'dimacs-model-check',
      text: checked.verified ? 'the model satisfies every clause: checked by einsat-check (MODEL OK)'
        : `einsat-check: ${checked.output.join(' / ')}` }));
  }
  const model = r.out.filter((l) => l.startsWith('v ')).map((l) => l.slice(2)).join(' ');
  if (model) { $('dimacs-model').textContent = model; $('dimacs-model-box').hidden = false; }
  showStatistics(r.out);
  if (r.proof) {
    const blob = new Blob([r.proof], { type: 'text/plain' });
    const link = $('dimacs-proof-link');
    if (link.href) URL.revokeObjectURL(link.href);
    link.href = URL.createObjectURL(blob);
    link.download = input.name.replace(/\.cnf$/, '') + (proof === 'lrat' ? '.lrat' : '.drat');
    link.textContent = `Download the ${proof.toUpperCase()} proof (${r.proof.length.toLocaleString()} bytes)`;
    const c = r.check;
    const check = $('dimacs-check');
    check.className = c.verified ? 'good' : 'bad';
    check.textContent = c.verified ? ` checked by einsat-check: VERIFIED` : ` einsat-check: NOT verified (${c.output.join(' / ')})`;
    $('dimacs-proof-box').hidden = false;
  }
}

function setupDimacs() {
  const area = $('dimacs-text');
  setDimacsText(dimacsExamples.php());
  document.querySelectorAll('#dimacs [data-example]').forEach((b) => b.addEventListener('click', () => setDimacsText(dimacsExamples[b.dataset.example]())));
  $('dimacs-file').addEventListener('change', (e) => { if (e.target.files[0]) loadDimacsFile(e.target.files[0]); });
  area.addEventListener('dragover', (e) => { e.preventDefault(); area.classList.add('drop'); });
  area.addEventListener('dragleave', () => area.classList.remove('drop'));
  area.addEventListener('drop', (e) => {
    e.preventDefault();
    area.classList.remove('drop');
    if (e.dataTransfer.files[0]) loadDimacsFile(e.dataTransfer.files[0]);
  });
  $('dimacs-solve').addEventListener('click', () => solveDimacs().catch((e) => showError($('dimacs-result'), e.message)));
  stopButton('dimacs');
}

/*----------------------------------------------------------------------*/
/* Formulas by name: 'einsat formula' (puzzles/FORMULA.md). */

const formulaExamples = {
  tutorial: '(x or y) and (x or not y)\n',
  tutorial2: 'A & (B | !(D | E))\n',
  cardinality: '# exactly one of three lamps is on, and a implies b\nexactly(1, a, b, c)\na -> b\n',
  pigeons: '# three pigeons, two holes: each pigeon in a hole, no hole shared\n' +
    'p1h1 | p1h2; p2h1 | p2h2; p3h1 | p3h2\natmost(1, p1h1, p2h1, p3h1)\natmost(1, p1h2, p2h2, p3h2)\n',
};

/* The models as a table: a column per variable, a row per model. */
function formulaTable(models) {
  const pairs = models.map((m) => (m ? m.split(' ').map((p) => p.split('=')) : []));
  const names = pairs[0].map(([n]) => n);
  const table = el('table', { class: 'solution', id: 'formula-models' });
  table.append(el('tr', {}, ...names.map((n) => el('th', { text: n }))));
  pairs.forEach((row) => table.append(el('tr', {}, ...row.map(([, v]) => el('td', { text: v })))));
  return names.length ? table : el('p', { class: 'muted', text: 'The formula has no variables.' });
}

/* An error 'einsat: formula.txt:LINE:COLUMN: ...' selects its place. */
function showFormulaError(out, message) {
  showError(out, message);
  const m = message.match(/^einsat: formula\.txt:(\d+):(\d+): /);
  const area = $('formula-text');
  if (!m) return;
  const lines = area.value.split('\n');
  const before = lines.slice(0, m[1] - 1).reduce((n, l) => n + l.length + 1, 0);
  const at = before + [...(lines[m[1] - 1] || '')].slice(0, m[2] - 1).join('').length;
  area.focus();
  area.setSelectionRange(at, Math.min(at + 1, area.value.length));
}

function formulaCheckLine(r) {
  const c = r.check;
  if (!c) return null;
  return el('p', { class: c.verified ? 'good' : 'bad', id: 'formula-check', text: c.verified
    ? `${c.models === 1 ? 'The model extends' : `Each of the ${c.models} models extends`} to a model of the formula's CNF: checked by einsat-check (MODEL OK).`
    : `einsat-check: the model ${c.model || ''} is NOT verified (${(c.output || []).join(' / ')})` });
}

function formulaCertificateLine(r, what) {
  const c = r.certificate;
  if (!c) return null;
  return el('p', { class: 'certificate ' + (c.verified ? 'good' : 'bad'), id: 'formula-certificate', text: c.verified
    ? `Certificate: a DRAT proof (${c.proofBytes.toLocaleString()} bytes) that the CNF's ${c.clauses.toLocaleString()} clauses${what} have no model, checked by einsat-check: VERIFIED.`
    : `The certificate failed: ${c.error || (c.output || []).join(' / ')}` });
}

async function solveFormula(mode) {
  const out = $('formula-result');
  out.replaceChildren();
  const text = $('formula-text').value;
  const r = await busy('formula', mode === 'count' ? 'counting' : 'solving', () => solverFor('formula').run('formula', { text, mode },
    (m) => { if (m.type === 'progress' && m.phase) $('formula-status').textContent = m.phase; }));
  if (!r) return;
  if (r.error) { showFormulaError(out, r.error); return; }
  const answer = (t, good) => el('p', { class: 'answer ' + (good ? 'good' : 'bad'), id: 'formula-answer', text: t });
  if (mode === 'cnf') {
    const cnf = r.out.join('\n') + '\n';
    const link = el('a', { download: 'formula.cnf', href: URL.createObjectURL(new Blob([cnf], { type: 'text/plain' })), text: 'Download formula.cnf' });
    out.append(el('p', { text: "The encoding as DIMACS: 'c var' lines name the variables, 'c ind' lines (with auxiliary variables) list them as the projection. " }, link),
      el('pre', { id: 'formula-cnf-text', class: 'log', text: cnf }));
    return;
  }
  if (mode === 'count') { out.append(answer(r.out[r.out.length - 1] || '', true)); return; }
  const models = r.models || [];
  if (!models.length) {
    out.append(answer('No model: the formula is unsatisfiable.', false));
    out.append(formulaCertificateLine(r, '') || '');
    return;
  }
  const verified = r.check && r.check.verified;
  if (mode === 'all') {
    const count = r.out[r.out.length - 1];
    const total = r.total ? `${r.total}, the first ${models.length} shown` : count;
    out.append(answer(verified ? total : 'models NOT verified', verified), formulaTable(models));
  } else {
    out.append(answer(verified ? 'satisfiable' : 'model NOT verified', verified), formulaTable(models));
    if (mode === 'unique') {
      const unique = r.out.includes('The model is unique.');
      out.append(el('p', { class: 'answer ' + (unique && r.certificate && r.certificate.verified ? 'good' : 'bad'), id: 'formula-uniqueness',
        text: unique ? (r.certificate && r.certificate.verified ? 'unique: yes' : 'unique: not certified') : 'unique: no (--all lists the models)' }));
      if (unique) out.append(formulaCertificateLine(r, ' plus the clause that excludes this model') || '');
    }
  }
  out.append(formulaCheckLine(r) || '');
}

function setupFormula() {
  $('formula-text').value = formulaExamples.tutorial;
  document.querySelectorAll('#formula [data-example]').forEach((b) => b.addEventListener('click', () => {
    $('formula-text').value = formulaExamples[b.dataset.example];
    $('formula-result').replaceChildren();
  }));
  const on = (id, mode) => $(id).addEventListener('click', () => solveFormula(mode).catch((e) => showError($('formula-result'), e.message)));
  on('formula-solve', 'one');
  on('formula-all', 'all');
  on('formula-count', 'count');
  on('formula-unique', 'unique');
  on('formula-cnf', 'cnf');
  stopButton('formula');
}

/*----------------------------------------------------------------------*/
/* Logic-grid puzzles: the text of 'einsat zebra' turned into tables. */

/* The tables in the output: a header line and one row per position,
 * columns separated by two or more spaces; the lines after a table up to
 * a blank line are its answers. */
function parseZebraTables(lines) {
  const tables = [];
  for (let i = 0; i < lines.length; i++) {
    const header = lines[i].split(/\s{2,}/);
    if (header.length < 2 || !/^\d+\s{2,}/.test(lines[i + 1] || '')) continue;
    const rows = [];
    let j = i + 1;
    for (; j < lines.length && /^\d+\s{2,}/.test(lines[j]); j++) rows.push(lines[j].split(/\s{2,}/));
    const answers = [];
    for (; j < lines.length && lines[j].trim() && !/^solution \d+:|^\d+ solutions|^The solution|^There is/.test(lines[j]); j++) answers.push(lines[j]);
    tables.push({ header, rows, answers });
    i = j - 1;
  }
  return tables;
}

function zebraTable(t, other) {
  const table = el('table', { class: 'solution' });
  table.append(el('tr', {}, ...t.header.map((h) => el('th', { text: h }))));
  t.rows.forEach((row, r) => table.append(el('tr', {}, ...row.map((cell, c) =>
    el('td', { text: cell, class: other && other.rows[r] && other.rows[r][c] !== cell ? 'differs' : '' })))));
  return el('div', {}, table, ...t.answers.map((a) => el('div', { class: 'answer-line', text: a })));
}

async function solveZebra() {
  const out = $('zebra-result');
  out.replaceChildren();
  const r = await busy('zebra', 'solving', () => solverFor('zebra').run('zebra', { text: $('zebra-text').value }));
  if (!r) return;
  if (r.error) { showError(out, r.error); return; }
  out.append(el('h3', { text: r.out[0] || '' }), el('div', { class: 'muted', text: r.out[1] || '' }));
  if (r.code === 20) { out.append(el('p', { class: 'answer bad', text: 'This puzzle has no solution.' })); return; }
  const [first] = parseZebraTables(r.out);
  if (r.two) {
    const [a, b] = parseZebraTables(r.two);
    out.append(el('p', { class: 'answer bad', id: 'zebra-unique', text: 'unique: no' }),
      el('p', { text: 'Two different solutions (cells that differ are marked):' }),
      el('div', { class: 'side' }, zebraTable(a, b), zebraTable(b, a)));
    return;
  }
  out.append(zebraTable(first));
  const c = r.certificate || {};
  const unique = el('p', { class: 'answer ' + (c.verified ? 'good' : 'bad'), id: 'zebra-unique' });
  unique.textContent = c.verified ? 'unique: yes' : 'unique: not certified';
  out.append(unique);
  out.append(el('p', { class: 'certificate', text: c.verified
    ? `Certificate: a DRAT proof (${c.proofBytes.toLocaleString()} bytes) that the puzzle's ${c.clauses.toLocaleString()} clauses plus the clause excluding this solution have no model, checked by einsat-check: VERIFIED.`
    : `The uniqueness certificate failed: ${c.error || (c.output || []).join(' / ')}` }));
}

function setupZebra() {
  const load = (name) => fetchText('examples/' + name).then((t) => { $('zebra-text').value = t; });
  load('einstein.txt');
  document.querySelectorAll('#zebra [data-example]').forEach((b) => b.addEventListener('click', () => load(b.dataset.example)));
  $('zebra-solve').addEventListener('click', () => solveZebra().catch((e) => showError($('zebra-result'), e.message)));
  stopButton('zebra');
}

/*----------------------------------------------------------------------*/
/* Sudoku: a grid of inputs; the puzzle goes to 'einsat sudoku' as one
 * line of numbers (a format for every size). */

const SUDOKU_EXAMPLE = '000000010400000000020000000000050407008000300001090000300400200050100000000806000';
const sudoku = { box: 3, inputs: [] };
const valueText = (v) => (v ? String(v) : '');

function buildSudokuGrid(box) {
  sudoku.box = box;
  const size = box * box;
  const grid = $('sudoku-grid');
  grid.replaceChildren();
  grid.style.gridTemplateColumns = `repeat(${size}, 1fr)`;
  grid.style.fontSize = size > 16 ? '0.6rem' : '';
  sudoku.inputs = [];
  for (let r = 0; r < size; r++)
    for (let c = 0; c < size; c++) {
      const input = el('input', { inputmode: 'numeric', 'aria-label': `row ${r + 1} column ${c + 1}` });
      input.maxLength = String(size).length;
      if (size > 16) input.style.fontSize = size > 36 ? '0.45rem' : '0.65rem';
      if (c % box === box - 1 && c < size - 1) input.classList.add('box-right');
      if (r % box === box - 1 && r < size - 1) input.classList.add('box-bottom');
      input.addEventListener('input', () => { input.classList.remove('solved'); clearSudokuMarks(); });
      grid.append(input);
      sudoku.inputs.push(input);
    }
}

function clearSudokuMarks() {
  sudoku.inputs.forEach((i) => i.classList.remove('hint', 'reason'));
}

/* The givens as a grid of numbers, a row per line, 0 for a blank (the
 * one format of every size; cells an earlier answer filled count as
 * blank).  Anything else in a cell goes as it is, for einsat's reader to
 * report. */
function sudokuLine() {
  const size = sudoku.box ** 2;
  const cells = sudoku.inputs.map((i) => (i.classList.contains('solved') || !i.value.trim() ? '0' : i.value.trim()));
  const rows = [];
  for (let r = 0; r < size; r++) rows.push(cells.slice(r * size, (r + 1) * size).join(' '));
  return rows.join('\n') + '\n';
}

/* A pasted puzzle: one line of characters or numbers, or a grid; the
 * reader of 'einsat sudoku' decides, this only fills the cells. */
function parseSudokuText(text) {
  const rows = text.split('\n').map((l) => l.trim()).filter((l) => l && !/^[-=+| ]+$/.test(l));
  const tokens = [];
  for (const row of rows) {
    const clean = row.replace(/[|+]/g, ' ').trim();
    if (/\s/.test(clean)) tokens.push(...clean.split(/\s+/).map((t) => (t === '.' ? 0 : parseInt(t, 10))));
    else tokens.push(...[...clean].map((ch) => (ch === '.' ? 0 : parseInt(ch, 36))));
  }
  const box = Math.round(Math.sqrt(Math.sqrt(tokens.length)));
  if (box < 2 || box > 8 || box ** 4 !== tokens.length || tokens.some((t) => !Number.isInteger(t) || t < 0 || t > box * box)) return null;
  return { box, cells: tokens };
}

function fillSudoku(cells, solved) {
  cells.forEach((v, k) => {
    const input = sudoku.inputs[k];
    if (solved && input.value && !input.classList.contains('solved')) return;
    input.value = valueText(v);
    input.classList.toggle('solved', !!(solved && v));
  });
}

/* The grids 'einsat sudoku' prints: rows of numbers with '|' between
 * boxes and lines of '-' and '+'. */
function parseSudokuGrids(lines, size) {
  const rows = lines.filter((l) => /^\s*[0-9A-Za-z]/.test(l) && l.replace(/\|/g, ' ').trim().split(/\s+/).length === size);
  const grids = [];
  for (let k = 0; k + size <= rows.length; k += size)
    grids.push(rows.slice(k, k + size).flatMap((r) => r.replace(/\|/g, ' ').trim().split(/\s+/).map((t) => parseInt(t, 10))));
  return grids;
}

async function solveSudoku() {
  const out = $('sudoku-result');
  out.replaceChildren();
  clearSudokuMarks();
  const size = sudoku.box ** 2;
  const r = await busy('sudoku', 'solving', () => solverFor('sudoku').run('sudoku', { text: sudokuLine() }));
  if (!r) return;
  if (r.error) { showError(out, r.error); return; }
  const grids = parseSudokuGrids(r.out, size);
  const verdict = r.out.find((l) => /^(unique|not unique|no solution)/i.test(l)) || '';
  if (!grids.length) { out.append(el('p', { class: 'answer bad', id: 'sudoku-answer', text: verdict || 'no solution' })); return; }
  fillSudoku(grids[0], true);
  const unique = verdict === 'unique';
  out.append(el('p', { class: 'answer ' + (unique ? 'good' : 'bad'), id: 'sudoku-answer', text: unique ? 'solved, unique: yes' : 'solved, unique: no' }));
  if (grids.length > 1) {
    const start = r.out.indexOf(verdict) + 1;
    out.append(el('p', { text: 'Another solution:' }), el('pre', { text: r.out.slice(start).join('\n') }));
  }
}

/* Draws the hint: the forced cell, the cells of the clause that forced
 * it, and in words why. */
async function sudokuHint() {
  const out = $('sudoku-result');
  out.replaceChildren();
  clearSudokuMarks();
  const r = await busy('sudoku', 'looking for a hint', () => solverFor('sudoku').run('hint', { text: sudokuLine() }));
  if (!r) return;
  if (r.error) { showError(out, r.error); return; }
  const hint = r.lines[0] || '';
  if (hint === 'hint none') { out.append(el('p', { text: 'Propagation alone forces no further cell: from here a solver has to guess (decide) and may have to backtrack.' })); return; }
  if (hint === 'hint contradiction') { out.append(el('p', { class: 'bad', text: 'The givens contradict the rules already.' })); return; }
  const cell = (name) => name.replace(/^-/, '').match(/^r(\d+)c(\d+)=(\d+)$/).slice(1).map(Number);
  const [, lit, ...reason] = hint.split(' ').filter((t) => t !== 'by');
  const [row, col] = cell(lit);
  sudoku.inputs[(row - 1) * sudoku.box ** 2 + col - 1].classList.add('hint');
  /* A value with one place left: the other places of its unit. */
  const cells = reason.map(cell);
  if (!cells.every(([r, c]) => r === row && c === col))
    cells.forEach(([r, c]) => sudoku.inputs[(r - 1) * sudoku.box ** 2 + c - 1].classList.add('reason'));
  /* The words are einsat's ('einsat sudoku --hint'). */
  out.append(el('p', { class: 'answer', id: 'sudoku-hint-text', text: r.lines[1] || '' }),
    el('p', { text: r.lines[2] || '' }),
    el('p', { class: 'muted', text: `The clause propagation used: (${lit} ${reason.join(' ')}).` }));
}

function setupSudoku() {
  buildSudokuGrid(3);
  fillSudoku([...SUDOKU_EXAMPLE].map(Number), false);
  $('sudoku-size').addEventListener('change', (e) => buildSudokuGrid(Number(e.target.value)));
  $('sudoku-example').addEventListener('click', () => {
    buildSudokuGrid(3);
    $('sudoku-size').value = '3';
    fillSudoku([...SUDOKU_EXAMPLE].map(Number), false);
  });
  $('sudoku-clear').addEventListener('click', () => { buildSudokuGrid(sudoku.box); $('sudoku-result').replaceChildren(); });
  $('sudoku-load').addEventListener('click', async () => {
    const text = $('sudoku-text').value;
    const parsed = parseSudokuText(text);
    if (parsed) {
      buildSudokuGrid(parsed.box);
      $('sudoku-size').value = String(parsed.box);
      fillSudoku(parsed.cells, false);
      $('sudoku-result').replaceChildren();
      return;
    }
    /* Not a puzzle the page understands: einsat's reader says why. */
    const r = await busy('sudoku', 'reading', () => solverFor('sudoku').run('sudoku', { text }));
    if (r) showError($('sudoku-result'), r.error || 'einsat: not a single puzzle');
  });
  $('sudoku-solve').addEventListener('click', () => solveSudoku().catch((e) => showError($('sudoku-result'), e.message)));
  $('sudoku-hint').addEventListener('click', () => sudokuHint().catch((e) => showError($('sudoku-result'), e.message)));
  stopButton('sudoku');
}

/*----------------------------------------------------------------------*/
/* N-Queens. */

/* Draws an N x N board: 'cells(r, c)' gives 'Q' (a queen), 'x' (no
 * queen), 'd' (a decided queen), 'D' (a decided empty square) or ''. */
function drawBoard(canvas, n, cells, highlight = new Set()) {
  const side = Math.max(n, Math.min(640, Math.max(320, n * 4)));
  const cell = Math.max(1, Math.floor(side / n));
  canvas.width = canvas.height = cell * n;
  const g = canvas.getContext('2d');
  for (let r = 0; r < n; r++)
    for (let c = 0; c < n; c++) {
      g.fillStyle = highlight.has(`${r + 1}_${c + 1}`) ? '#ffe27a' : (r + c) % 2 ? '#b7c3d6' : '#eef1f6';
      g.fillRect(c * cell, r * cell, cell, cell);
      const v = cells(r, c);
      if (!v) continue;
      if (cell < 8) {
        if (v === 'Q' || v === 'd') { g.fillStyle = '#b3261e'; g.fillRect(c * cell, r * cell, cell, cell); }
        continue;
      }
      g.fillStyle = v === 'd' || v === 'D' ? '#2457c5' : v === 'Q' ? '#1d2330' : '#8a93a3';
      g.font = `${Math.floor(cell * (v === 'Q' || v === 'd' ? 0.75 : 0.5))}px serif`;
      g.textAlign = 'center';
      g.textBaseline = 'middle';
      g.fillText(v === 'Q' || v === 'd' ? '\u265B' : '\u00D7', c * cell + cell / 2, r * cell + cell / 2 + 1);
    }
}

async function queensFirst() {
  const n = Number($('queens-n').value);
  $('queens-counter').textContent = '';
  const r = await busy('queens', 'solving', () => solverFor('queens').run('queens', { n, mode: 'first' }, null));
  if (!r) return;
  if (r.error) { $('queens-counter').replaceChildren(el('div', { class: 'error', text: r.error })); return; }
  const rows = r.out.filter((l) => /^[.Q ]+$/.test(l) && l.includes(' ') || l === 'Q');
  if (rows.length !== n) { $('queens-counter').textContent = r.out.join(' ') || 'no solution'; return; }
  const board = rows.map((l) => l.split(' '));
  drawBoard($('queens-board'), n, (row, c) => (board[row][c] === 'Q' ? 'Q' : ''));
  $('queens-counter').textContent = `a solution for ${n} queens`;
}

async function queensCount() {
  const n = Number($('queens-n').value);
  const counter = $('queens-counter');
  if (!(n >= 1 && n <= 13)) { counter.replaceChildren(el('div', { class: 'error', text: 'einsat: counting here is for N up to 13 (the command line counts more: einsat queens N --count)' })); return; }
  counter.textContent = '0 solutions';
  const r = await busy('queens', 'counting', () => solverFor('queens').run('queens', { n, mode: 'count' }, (m) => {
    if (m.type === 'progress') counter.textContent = `${m.count.toLocaleString()} solutions so far`;
  }));
  if (!r) return;
  if (r.error) { counter.replaceChildren(el('div', { class: 'error', text: r.error })); return; }
  counter.textContent = r.summary || `${r.count} solutions`;
  counter.dataset.count = r.count;
}

function setupQueens() {
  $('queens-first').addEventListener('click', () => queensFirst());
  $('queens-count').addEventListener('click', () => queensCount());
  $('queens-count').dataset.busy = '1';
  stopButton('queens');
  drawBoard($('queens-board'), 8, () => '');
}

/*----------------------------------------------------------------------*/
/* Nonogram: the picture drawn with a white margin of four cells, so a
 * phone can read it when it is a QR code. */

function drawPicture(canvas, rows) {
  const h = rows.length, w = rows[0].length, border = 4;
  const cell = Math.max(2, Math.floor(400 / (w + 2 * border)));
  canvas.width = (w + 2 * border) * cell;
  canvas.height = (h + 2 * border) * cell;
  const g = canvas.getContext('2d');
  g.fillStyle = '#fff';
  g.fillRect(0, 0, canvas.width, canvas.height);
  g.fillStyle = '#000';
  rows.forEach((row, r) => [...row].forEach((ch, c) => {
    if (ch === '#') g.fillRect((c + border) * cell, (r + border) * cell, cell, cell);
  }));
}

async function solveNonogram() {
  const out = $('nonogram-result');
  out.replaceChildren();
  const r = await busy('nonogram', 'solving', () => solverFor('nonogram').run('nonogram', { text: $('nonogram-text').value }));
  if (!r) return;
  if (r.error) { showError(out, r.error); return; }
  const rows = r.out.filter((l) => /^[#.]+$/.test(l));
  const verdict = r.out.filter((l) => !/^[#.]+$/.test(l)).join(' ');
  if (rows.length) drawPicture($('nonogram-picture'), rows);
  $('nonogram-picture').dataset.picture = rows.join('\n');
  out.append(el('p', { class: 'answer ' + (r.code === 0 ? 'good' : 'bad'), id: 'nonogram-answer', text: rows.length ? `solved: ${verdict || 'done'}` : verdict || 'no solution' }));
}

function setupNonogram() {
  const load = () => fetchText('examples/gchq2015.non').then((t) => { $('nonogram-text').value = t; });
  load();
  $('nonogram-example').addEventListener('click', load);
  $('nonogram-solve').addEventListener('click', () => solveNonogram().catch((e) => showError($('nonogram-result'), e.message)));
  stopButton('nonogram');
}

/*----------------------------------------------------------------------*/
/* Trace: the lines of 'einsat queens N --trace' as steps, replayed on
 * the board.  The indentation of a line is its decision level. */

const trace = { steps: null, at: 0, n: 4 };

function parseTrace(lines) {
  const steps = [];
  for (const line of lines) {
    const level = (line.length - line.trimStart().length) / 2;
    const t = line.trim();
    let m;
    if ((m = t.match(/^decide (-?)q_(\d+)_(\d+)/))) steps.push({ kind: 'decide', lit: t.split(/\s+/)[1], level: level + 1, text: t });
    else if ((m = t.match(/^propagate (\S+)\s+by \((.*)\)$/))) steps.push({ kind: 'propagate', lit: m[1], clause: m[2].split(' '), level, text: t });
    else if ((m = t.match(/^conflict \((.*)\)$/))) steps.push({ kind: 'conflict', clause: m[1].split(' '), level, text: t });
    else if ((m = t.match(/^learn \((.*)\)$/))) steps.push({ kind: 'learn', clause: m[1].split(' '), level, text: t });
    else if ((m = t.match(/^(?:backjump|restart) to level (\d+)$/))) steps.push({ kind: 'backjump', target: Number(m[1]), level, text: t });
  }
  return steps;
}

/* The assignment after the first 'k' steps: a trail of literals with
 * their levels, cut back at each backjump. */
function traceState(k) {
  let trail = [];
  const learned = [];
  for (const s of trace.steps.slice(0, k)) {
    if (s.kind === 'decide') trail.push({ lit: s.lit, level: s.level, decision: true });
    else if (s.kind === 'propagate') trail.push({ lit: s.lit, level: s.level });
    else if (s.kind === 'learn') learned.push(s.clause);
    else if (s.kind === 'backjump') trail = trail.filter((t) => t.level <= s.target);
  }
  return { trail, learned };
}

function showTraceStep() {
  const { steps, at, n } = trace;
  const { trail, learned } = traceState(at);
  const value = new Map(trail.map((t) => [t.lit.replace(/^-/, '').slice(2), { pos: !t.lit.startsWith('-'), decision: t.decision }]));
  const current = steps[at - 1];
  const marked = new Set((current && (current.clause || [current.lit]) || []).filter(Boolean).map((l) => l.replace(/^-/, '').slice(2)));
  drawBoard($('trace-board'), n, (r, c) => {
    const v = value.get(`${r + 1}_${c + 1}`);
    if (!v) return '';
    return v.pos ? (v.decision ? 'd' : 'Q') : (v.decision ? 'D' : 'x');
  }, marked);
  $('trace-step').textContent = current ? `step ${at} of ${steps.length}: ${current.text}` : `${steps.length} steps: press forward`;
  $('trace-learned').textContent = learned.length ? 'learned: ' + learned.map((c) => `(${c.join(' ')})`).join('  ') : '';
  $('trace-status').textContent = at === steps.length ? 'solved: every queen placed' : '';
  const log = $('trace-log');
  log.replaceChildren(...trace.lines.map((l, i) => el('span', { class: i === trace.lineOf[at - 1] ? 'current' : '', text: l + '\n' })));
  const cur = log.querySelector('.current');
  if (cur) cur.scrollIntoView({ block: 'nearest' });
}

async function loadTrace() {
  trace.n = Number($('trace-n').value);
  trace.steps = [];
  const r = await busy('trace', 'tracing', () => solverFor('trace').run('trace', { n: trace.n }));
  if (!r) return;
  if (r.error) { $('trace-step').replaceChildren(el('div', { class: 'error', text: r.error })); return; }
  trace.lines = r.out.filter((l) => !/^[.Q ]+$/.test(l) || !l.trim());
  trace.steps = parseTrace(trace.lines);
  trace.lineOf = [];
  trace.lines.forEach((l, i) => { if (parseTrace([l]).length) trace.lineOf.push(i); });
  trace.at = 0;
  showTraceStep();
}

function setupTrace() {
  const go = (k) => { if (!trace.steps) return; trace.at = Math.max(0, Math.min(trace.steps.length, k)); showTraceStep(); };
  $('trace-first').addEventListener('click', () => go(0));
  $('trace-back').addEventListener('click', () => go(trace.at - 1));
  $('trace-forward').addEventListener('click', () => go(trace.at + 1));
  $('trace-last').addEventListener('click', () => go(trace.steps.length));
  $('trace-n').addEventListener('change', loadTrace);
  document.addEventListener('keydown', (e) => {
    if ($('trace').hidden || e.target.tagName === 'INPUT' || e.target.tagName === 'TEXTAREA') return;
    if (e.key === 'ArrowRight') go(trace.at + 1);
    if (e.key === 'ArrowLeft') go(trace.at - 1);
  });
}

/*----------------------------------------------------------------------*/

setupDimacs();
setupFormula();
setupZebra();
setupSudoku();
setupQueens();
setupNonogram();
setupTrace();
showTab(location.hash.slice(1));
if ('serviceWorker' in navigator && location.protocol.startsWith('http'))
  navigator.serviceWorker.register('sw.js').catch(() => {});
