// tests/web/browser.mjs WEB_DIR ARTIFACTS_DIR - the playground in a real
// headless Chromium (Debian's /usr/bin/chromium driven by playwright-core),
// loaded from a static server on 127.0.0.1.  Every check goes through the
// page as a user would (typing, clicking, reading what is shown); answers
// are checked here, not taken from the page's word.  Prints one
// 'ok NAME' / 'not ok NAME: why' / 'skip NAME: why' line per check and
// writes a screenshot of each tab to ARTIFACTS_DIR.
import { createServer } from 'node:http';
import { readFile, writeFile, mkdir } from 'node:fs/promises';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const [webDir, artifacts, nodeModules] = process.argv.slice(2);
const require = createRequire(path.resolve(nodeModules) + '/');
const { chromium } = require('playwright-core');

const TYPES = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.wasm': 'application/wasm',
  '.txt': 'text/plain', '.non': 'text/plain', '.png': 'image/png' };

function serve(dir) {
  const root = path.resolve(dir);
  const server = createServer(async (req, res) => {
    const url = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    const file = path.join(root, url.endsWith('/') ? url + 'index.html' : url);
    if (!file.startsWith(root)) { res.writeHead(403).end(); return; }
    try {
      const data = await readFile(file);
      res.writeHead(200, { 'content-type': TYPES[path.extname(file)] || 'application/octet-stream' }).end(data);
    } catch { res.writeHead(404).end(); }
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

let failures = 0;
const ok = (name) => console.log(`ok ${name}`);
const fail = (name, why) => { failures++; console.log(`not ok ${name}: ${why}`); };
const skip = (name, why) => console.log(`skip ${name}: ${why}`);
async function check(name, body) {
  try {
    const why = await body();
    if (why) fail(name, why); else ok(name);
  } catch (e) {
    fail(name, String(e.message || e).split('\n')[0]);
  }
}

// The checks ------------------------------------------------------------

const done = (page, tab) => page.waitForFunction((t) => {
  const s = document.getElementById(t + '-status');
  return s && !s.classList.contains('busy') && s.textContent !== '';
}, tab, { timeout: 60000 });

async function openTab(page, tab) {
  await page.click(`nav button[data-tab="${tab}"]`);
  await page.waitForSelector(`#${tab}:not([hidden])`);
}

async function shot(page, name) {
  await page.screenshot({ path: path.join(artifacts, name + '.png'), fullPage: true });
}

async function einstein(page) {
  await openTab(page, 'zebra');
  await page.waitForFunction(() => document.getElementById('zebra-text').value.includes('Einstein'));
  await page.click('#zebra-solve');
  await page.waitForSelector('#zebra-unique', { timeout: 60000 });
  const answers = await page.$$eval('#zebra-result .answer-line', (e) => e.map((x) => x.textContent));
  const unique = await page.textContent('#zebra-unique');
  const certificate = await page.textContent('#zebra-result .certificate');
  await shot(page, 'zebra');
  if (!answers.includes('Who owns the fish? German')) return `answers: ${JSON.stringify(answers)}`;
  if (unique !== 'unique: yes') return `uniqueness: ${unique}`;
  if (!/VERIFIED/.test(certificate)) return `certificate: ${certificate}`;
}

async function zebraTwoSolutions(page) {
  await page.click('#zebra [data-example="pets.txt"]');
  await page.waitForFunction(() => document.getElementById('zebra-text').value.includes('Pets on Maple'));
  await page.click('#zebra-solve');
  await page.waitForSelector('#zebra-unique', { timeout: 60000 });
  const unique = await page.textContent('#zebra-unique');
  const tables = await page.$$eval('#zebra-result table.solution', (t) => t.map((x) => x.innerText));
  if (unique !== 'unique: no') return `uniqueness: ${unique}`;
  if (tables.length !== 2 || tables[0] === tables[1]) return `${tables.length} tables, expected two different ones`;
}

// A grid (values as numbers, 0 blank) is a Sudoku solution if every row,
// column and box holds 1..n once and every given is kept.
function sudokuValid(cells, givens) {
  const n = Math.round(Math.sqrt(givens.length)), box = Math.round(Math.sqrt(n));
  if (cells.length !== n * n) return `${cells.length} cells`;
  const all = [...Array(n).keys()].map((v) => v + 1).join(',');
  for (let i = 0; i < n; i++) {
    const r = box * Math.floor(i / box), c = box * (i % box);
    const units = [[...Array(n).keys()].map((j) => n * i + j), [...Array(n).keys()].map((j) => n * j + i),
      [...Array(n).keys()].map((j) => n * (r + Math.floor(j / box)) + c + (j % box))];
    for (const u of units) {
      const values = u.map((k) => cells[k]).sort((a, b) => a - b).join(',');
      if (values !== all) return `a unit holds ${values}`;
    }
  }
  for (let k = 0; k < n * n; k++) if (givens[k] && givens[k] !== cells[k]) return `given ${k} changed`;
}

const digits = (line) => [...line].map((ch) => (ch === '.' ? 0 : parseInt(ch, 36)));
const gridValues = (page) => page.$$eval('#sudoku-grid input', (e) => e.map((x) => Number(x.value) || 0));

const SUDOKU17 = '000000010400000000020000000000050407008000300001090000300400200050100000000806000';

async function sudoku(page) {
  await openTab(page, 'sudoku');
  await page.fill('#sudoku-text', SUDOKU17);
  await page.click('#sudoku-load');
  const inputs = await page.$$('#sudoku-grid input');
  if (inputs.length !== 81) return `${inputs.length} cells`;
  await page.click('#sudoku-solve');
  await page.waitForSelector('#sudoku-answer', { timeout: 60000 });
  const cells = await gridValues(page);
  const answer = await page.textContent('#sudoku-answer');
  await shot(page, 'sudoku');
  const why = sudokuValid(cells, digits(SUDOKU17));
  if (why) return why;
  if (answer !== 'solved, unique: yes') return `answer: ${answer}`;
}

// A 16x16 puzzle of the test grids, pasted as one line of 1-9 and A-G.
async function sudoku16(page) {
  const line = readFileSync('tests/grids/sudoku16.txt', 'utf8').split('\n')[0].trim();
  await page.fill('#sudoku-text', line);
  await page.click('#sudoku-load');
  const inputs = await page.$$('#sudoku-grid input');
  if (inputs.length !== 256) return `${inputs.length} cells`;
  await page.click('#sudoku-solve');
  await page.waitForSelector('#sudoku-answer', { timeout: 60000 });
  const cells = await gridValues(page);
  const answer = await page.textContent('#sudoku-answer');
  await shot(page, 'sudoku16');
  const why = sudokuValid(cells, digits(line));
  if (why) return why;
  if (!/^solved/.test(answer)) return `answer: ${answer}`;
}

// The hint must name an empty cell and the value of the (unique) solution.
async function sudokuHint(page) {
  await page.fill('#sudoku-text', SUDOKU17);
  await page.click('#sudoku-load');
  await page.click('#sudoku-solve');
  await page.waitForSelector('#sudoku-answer', { timeout: 60000 });
  const solution = await page.$$eval('#sudoku-grid input', (e) => e.map((x) => x.value));
  await page.fill('#sudoku-text', SUDOKU17);
  await page.click('#sudoku-load');
  await page.click('#sudoku-hint');
  await page.waitForSelector('#sudoku-hint-text', { timeout: 60000 });
  const text = await page.textContent('#sudoku-hint-text');
  const m = text.match(/^Row (\d), column (\d) is (\d): /);
  if (!m) return `hint: ${text}`;
  const k = 9 * (m[1] - 1) + (m[2] - 1);
  if (SUDOKU17[k] !== '0') return `the hint names a given: ${text}`;
  if (solution[k] !== m[3]) return `the hint says ${m[3]}, the solution has ${solution[k]}`;
  const marked = await page.$$eval('#sudoku-grid input.hint', (e) => e.length);
  if (marked !== 1) return `${marked} cells marked`;
  const why = await page.textContent('#sudoku-result p:nth-child(2)');
  if (!/^Why: /.test(why)) return `no reason: ${why}`;
  await shot(page, 'sudoku-hint');
}

async function queensCount(page) {
  await openTab(page, 'queens');
  await page.fill('#queens-n', '8');
  await page.click('#queens-first');
  await done(page, 'queens');
  await page.click('#queens-count');
  await done(page, 'queens');
  const text = await page.textContent('#queens-counter');
  await shot(page, 'queens');
  if (!/^92 solutions/.test(text)) return `counter: ${text}`;
}

async function nonogram(page) {
  const solution = path.resolve('../shared/bench/nonogram/gchq2015.solution.txt');
  const bench = process.env.EINSAT_BENCH && path.join(process.env.EINSAT_BENCH, 'nonogram/gchq2015.solution.txt');
  const file = [bench, solution, 'python/examples/gchq2015.solution.txt'].find((f) => f && existsSync(f));
  if (!file) return skip('nonogram GCHQ picture', 'gchq2015.solution.txt not found'), null;
  await openTab(page, 'nonogram');
  await page.waitForFunction(() => document.getElementById('nonogram-text').value.includes('GCHQ'));
  await page.click('#nonogram-solve');
  await page.waitForSelector('#nonogram-answer', { timeout: 60000 });
  const picture = await page.getAttribute('#nonogram-picture', 'data-picture');
  const answer = await page.textContent('#nonogram-answer');
  await shot(page, 'nonogram');
  const expected = readFileSync(file, 'utf8').trim().split('\n').map((l) => l.trim()).join('\n');
  if (picture !== expected) return `picture differs from ${file}`;
  if (!/unique/.test(answer)) return `answer: ${answer}`;
  return undefined;
}

async function dimacsRun(page, text, proof = 'drat') {
  await openTab(page, 'dimacs');
  await page.fill('#dimacs-text', text);
  await page.selectOption('#dimacs-proof', proof);
  await page.click('#dimacs-solve');
  await done(page, 'dimacs');
}

async function dimacsUnsat(page, proof) {
  await page.click('#dimacs [data-example="php"]');
  const text = await page.inputValue('#dimacs-text');
  await dimacsRun(page, text, proof);
  const answer = await page.textContent('#dimacs-answer');
  const checkText = await page.textContent('#dimacs-check');
  const link = await page.getAttribute('#dimacs-proof-link', 'href');
  if (proof === 'drat') await shot(page, 'dimacs-unsat');
  if (answer !== 'UNSATISFIABLE') return `answer: ${answer}`;
  if (!/VERIFIED/.test(checkText) || /NOT/.test(checkText)) return `check: ${checkText}`;
  if (!link || !link.startsWith('blob:')) return 'no proof to download';
}

// A gzip-compressed file opened through the file chooser.
async function dimacsGzip(page) {
  await openTab(page, 'dimacs');
  const text = 'c pigeons 3 into 2\np cnf 6 9\n1 2 0\n3 4 0\n5 6 0\n-1 -3 0\n-1 -5 0\n-3 -5 0\n-2 -4 0\n-2 -6 0\n-4 -6 0\n';
  await page.setInputFiles('#dimacs-file', { name: 'php32.cnf.gz', mimeType: 'application/gzip', buffer: gzipSync(text) });
  await page.waitForFunction(() => document.getElementById('dimacs-text').value.includes('pigeons 3 into 2'));
  await page.selectOption('#dimacs-proof', 'drat');
  await page.click('#dimacs-solve');
  await done(page, 'dimacs');
  const answer = await page.textContent('#dimacs-answer');
  const checked = await page.textContent('#dimacs-check');
  const name = await page.getAttribute('#dimacs-proof-link', 'download');
  if (answer !== 'UNSATISFIABLE' || !/VERIFIED/.test(checked)) return `answer ${answer}, check ${checked}`;
  if (name !== 'php32.drat') return `proof named ${name}`;
}

// Once loaded, the page must work without the server (service worker):
// the server is shut down before the page is loaded again.
async function offline(browser, url, server) {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto(url + '#zebra');
    await page.evaluate(() => navigator.serviceWorker.ready);
    await page.waitForFunction(() => caches.open('einsat-playground').then((c) => c.keys()).then((k) => k.length >= 13), null, { timeout: 10000 });
    await new Promise((resolve) => { server.close(resolve); server.closeAllConnections(); });
    await context.setOffline(true);
    await page.reload();
    await page.waitForFunction(() => document.getElementById('zebra-text').value.includes('Einstein'));
    await page.click('#zebra-solve');
    await page.waitForSelector('#zebra-unique', { timeout: 60000 });
    const unique = await page.textContent('#zebra-unique');
    if (unique !== 'unique: yes') return `offline: ${unique}`;
  } finally {
    await context.close();
  }
}

// The model shown must satisfy the formula (checked here).
async function dimacsSat(page) {
  const clauses = [[1, 2], [-1, 3], [-2, -3], [2, 3], [-1, -2]];
  await dimacsRun(page, `p cnf 3 ${clauses.length}\n` + clauses.map((c) => c.join(' ') + ' 0').join('\n') + '\n');
  const answer = await page.textContent('#dimacs-answer');
  const model = new Set((await page.textContent('#dimacs-model')).trim().split(/\s+/).map(Number));
  const checked = await page.textContent('#dimacs-model-check');
  if (answer !== 'SATISFIABLE') return `answer: ${answer}`;
  if (!/MODEL OK/.test(checked)) return `model check: ${checked}`;
  const falsified = clauses.find((c) => !c.some((l) => model.has(l)));
  if (falsified) return `model falsifies (${falsified})`;
}

async function dimacsMalformed(page) {
  await dimacsRun(page, 'p cnf 2 2\n1 -2 0\n2 x 0\n');
  const error = await page.textContent('#dimacs-result .error');
  await shot(page, 'dimacs-error');
  if (!/^einsat: input\.cnf:3: /.test(error)) return `message: ${error}`;
}

// A hard formula runs with no time limit; Stop must end it (and give
// the buttons back) within a second, and the next run must work.
async function dimacsStop(page) {
  await openTab(page, 'dimacs');
  await page.click('#dimacs [data-example="hard"]');
  await page.fill('#dimacs-time', '0');
  await page.click('#dimacs-solve');
  await page.waitForTimeout(1500);
  if (await page.isEnabled('#dimacs-solve')) return 'the hard formula finished before Stop';
  const start = Date.now();
  await page.click('#dimacs-stop');
  await page.waitForFunction(() => !document.getElementById('dimacs-solve').disabled, null, { timeout: 5000 });
  const took = Date.now() - start;
  const status = await page.textContent('#dimacs-status');
  await shot(page, 'dimacs-stopped');
  if (took > 1000) return `Stop took ${took} ms`;
  if (status !== 'stopped') return `status: ${status}`;
  await page.fill('#dimacs-time', '60');
  const why = await dimacsSat(page);
  if (why) return 'after Stop: ' + why;
}

// Formulas by name: the models shown are compared with brute force here.
async function formulaRun(page, text, button) {
  await openTab(page, 'formula');
  await page.fill('#formula-text', text);
  await page.click(button);
  await done(page, 'formula');
}

function bruteForce(names, holds) {
  const models = [];
  for (let bits = 0; bits < 1 << names.length; bits++) {
    const v = Object.fromEntries(names.map((n, i) => [n, (bits >> i) & 1]));
    if (holds(v)) models.push(names.map((n) => v[n]).join(''));
  }
  return models.sort();
}

async function formulaModels(page) {
  const rows = await page.$$eval('#formula-models tr', (trs) => trs.map((tr) => [...tr.children].map((c) => c.textContent)));
  return { names: rows[0] || [], models: rows.slice(1).map((r) => r.join('')).sort() };
}

async function formulaTutorial(page) {
  await formulaRun(page, '(x or y) and (x or not y)', '#formula-all');
  const { names, models } = await formulaModels(page);
  const answer = await page.textContent('#formula-answer');
  const checked = await page.textContent('#formula-check');
  await shot(page, 'formula');
  const want = bruteForce(['x', 'y'], (v) => (v.x || v.y) && (v.x || !v.y));
  if (names.join(' ') !== 'x y') return `columns ${names}`;
  if (models.join(' ') !== want.join(' ')) return `models ${models}, brute force ${want}`;
  if (answer !== '2 models') return `answer: ${answer}`;
  if (!/MODEL OK/.test(checked)) return `check: ${checked}`;
}

async function formulaCountAndOne(page) {
  const text = 'A & (B | !(D | E))';
  const want = bruteForce(['A', 'B', 'D', 'E'], (v) => v.A && (v.B || !(v.D || v.E)));
  await formulaRun(page, text, '#formula-count');
  const count = await page.textContent('#formula-answer');
  if (count !== `${want.length} models`) return `count: ${count}, brute force ${want.length}`;
  await formulaRun(page, text, '#formula-solve');
  const { models } = await formulaModels(page);
  const checked = await page.textContent('#formula-check');
  if (models.length !== 1 || !want.includes(models[0])) return `model ${models}`;
  if (!/MODEL OK/.test(checked)) return `check: ${checked}`;
}

async function formulaNoModel(page) {
  await page.click('#formula [data-example="pigeons"]');
  await page.click('#formula-solve');
  await done(page, 'formula');
  const answer = await page.textContent('#formula-answer');
  const certificate = await page.textContent('#formula-certificate');
  if (!/unsatisfiable/.test(answer)) return `answer: ${answer}`;
  if (!/VERIFIED/.test(certificate)) return `certificate: ${certificate}`;
  await formulaRun(page, 'exactly(1, a, b, c) & !a & !c', '#formula-unique');
  const unique = await page.textContent('#formula-uniqueness');
  const proof = await page.textContent('#formula-certificate');
  if (unique !== 'unique: yes' || !/VERIFIED/.test(proof)) return `unique: ${unique}, ${proof}`;
}

async function formulaErrorAndCnf(page) {
  await formulaRun(page, 'a &\n(b | c', '#formula-solve');
  const error = await page.textContent('#formula-result .error');
  const selected = await page.evaluate(() => document.getElementById('formula-text').selectionStart);
  await shot(page, 'formula-error');
  if (error !== "einsat: formula.txt:2:7: expected ')' to close the '(' at 2:1, found the end of the input") return `error: ${error}`;
  if (selected !== 10) return `the selection starts at ${selected}, not at the end (10)`;
  await formulaRun(page, 'x -> atmost(1, y, z)', '#formula-cnf');
  const cnf = await page.textContent('#formula-cnf-text');
  if (!/^c var 1 x$/m.test(cnf) || !/^p cnf /m.test(cnf)) return `CNF: ${cnf.slice(0, 80)}`;
}

async function trace(page) {
  await openTab(page, 'trace');
  await page.waitForFunction(() => /steps/.test(document.getElementById('trace-step').textContent), null, { timeout: 60000 });
  const total = Number((await page.textContent('#trace-step')).match(/(\d+) steps/)[1]);
  for (let i = 0; i < 3; i++) await page.click('#trace-forward');
  const third = await page.textContent('#trace-step');
  await page.click('#trace-back');
  const second = await page.textContent('#trace-step');
  await page.click('#trace-last');
  const last = await page.textContent('#trace-status');
  await page.click('#trace-first');
  for (let i = 0; i < 17; i++) await page.click('#trace-forward');
  await shot(page, 'trace');
  if (!(total > 10)) return `${total} steps`;
  if (!/^step 3 of /.test(third) || !/^step 2 of /.test(second)) return `steps: '${third}', '${second}'`;
  if (!/solved/.test(last)) return `last step: ${last}`;
}

async function wasmBudget() {
  for (const name of ['einsat.wasm', 'einsat-check.wasm']) {
    const size = (await readFile(path.join(webDir, name))).length;
    console.log(`# ${name}: ${size} bytes`);
    if (size > 2 * 1024 * 1024) return `${name} is ${size} bytes, over 2 MB`;
  }
}

// Main -------------------------------------------------------------------

await mkdir(artifacts, { recursive: true });
await check('wasm within 2 MB', wasmBudget);
const server = await serve(webDir);
const url = `http://127.0.0.1:${server.address().port}/`;
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
    '--disable-component-update', '--disable-sync'],
});
try {
  const page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const started = Date.now();
  await page.goto(url);
  await page.waitForFunction(() => document.getElementById('zebra-text').value.length > 0);
  console.log(`# page loaded and ready in ${Date.now() - started} ms`);
  await shot(page, 'dimacs');
  await check('dimacs: satisfiable, model satisfies the formula', () => dimacsSat(page));
  await check('dimacs: UNSAT with a DRAT proof the page verifies', () => dimacsUnsat(page, 'drat'));
  await check('dimacs: UNSAT with an LRAT proof the page verifies', () => dimacsUnsat(page, 'lrat'));
  await check('dimacs: malformed input gives FILE:LINE', () => dimacsMalformed(page));
  await check('dimacs: a gzip file is decompressed and solved', () => dimacsGzip(page));
  await check('dimacs: Stop ends a hard formula within a second', () => dimacsStop(page));
  await check('formula: the tutorial formula, all models as brute force, checked', () => formulaTutorial(page));
  await check('formula: count and one model as brute force', () => formulaCountAndOne(page));
  await check('formula: no model and a unique one, certified', () => formulaNoModel(page));
  await check('formula: an error selects its place; the CNF', () => formulaErrorAndCnf(page));
  await check('zebra: Einstein gives the German, unique, certified', () => einstein(page));
  await check('zebra: two solutions side by side', () => zebraTwoSolutions(page));
  await check('sudoku: 17 clues solved, valid and unique', () => sudoku(page));
  await check('sudoku: the hint is a forced cell of the solution', () => sudokuHint(page));
  await check('sudoku: a 16x16 puzzle solved, the grid valid', () => sudoku16(page));
  await check('queens: 8 queens count 92', () => queensCount(page));
  await check('nonogram: GCHQ 2015 matches its picture', () => nonogram(page));
  await check('trace: 4 queens step forward and back', () => trace(page));
  await check('no script errors on the page', () => (errors.length ? errors.join('; ') : undefined));
  const phone = await browser.newPage({ viewport: { width: 390, height: 844 }, isMobile: true });
  await phone.goto(url + '#sudoku');
  await phone.waitForSelector('#sudoku-grid input');
  await check('phone-sized page fits its width', async () => {
    const wide = await phone.evaluate(() => document.documentElement.scrollWidth);
    await phone.screenshot({ path: path.join(artifacts, 'phone-sudoku.png'), fullPage: true });
    if (wide > 390) return `the page is ${wide} px wide`;
  });
  await check('works offline once loaded, without the server', () => offline(browser, url, server));
} finally {
  await browser.close();
  if (server.listening) server.close();
}
process.exit(failures ? 1 : 0);
