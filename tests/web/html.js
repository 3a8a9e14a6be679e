// The page of `hexcells-view --html` in a real browser: Debian's Chromium, headless,
// driven by playwright-core, on pages the real (debug) binary writes. The page is
// opened from file:// with the network off and from a static server on 127.0.0.1; it is
// played against the window's own player (the binary's hidden --play-script: the same
// clicks, and the player's state after each) on the project's levels and 20 levels of
// the shared corpus (its folder given by run.sh, which finds it through tests/corpus;
// skipped with a notice when absent, and the skip listed in HEXCELLS_SKIPPED_LOG); touch, keys, progress, storage refused, a pack, markup in a title; its first
// frame against the window's --png. Prints figures (sizes, time to ready) and asserts
// none of the times.
// Usage: node html.js HEXCELLS_VIEW [CORPUS_DIR] (run.sh sets it up). Prints one line per check,
// then `N passed, M failed`.
// Environment: HEXCELLS_WEB_SEED (the corpus sample, default 58),
// HEXCELLS_WEB_SCREENSHOT (write the phone-sized picture of the docs there).
'use strict';

const { spawnSync } = require('child_process');
const fs = require('fs');
const http = require('http');
const os = require('os');
const path = require('path');
const { chromium } = require('playwright-core');
const { check, assert, failed, finish } = require('./checks');

const BIN = process.argv[2];
const ROOT = path.resolve(__dirname, '..', '..');
const LEVELS = path.join(ROOT, 'tests', 'levels');
const CORPUS = process.argv[3] || '';
const SEED = Number(process.env.HEXCELLS_WEB_SEED || 58);
const figures = [];

/// Says that part of the checks cannot run here, and lists it where scripts/test
/// collects skips (HEXCELLS_SKIPPED_LOG; with HEXCELLS_TEST_ALL=1 a skip fails the run).
function skip(why) {
  console.log(`skipped: ${why}`);
  if (process.env.HEXCELLS_SKIPPED_LOG) {
    fs.appendFileSync(process.env.HEXCELLS_SKIPPED_LOG, `tests/web/html.js: ${why}\n`);
  }
}

/// The binary, without a display; resolves to its exit code and output.
function run(args) {
  const env = { ...process.env };
  delete env.DISPLAY;
  delete env.WAYLAND_DISPLAY;
  const out = spawnSync(BIN, args, { env, encoding: 'utf8', maxBuffer: 64 << 20 });
  return { code: out.status, stdout: out.stdout, stderr: out.stderr };
}

/// `--html OUT [extra] FILE`, which must succeed; returns OUT.
function publish(file, out, extra = []) {
  const done = run(['--html', out, ...extra, file]);
  assert(done.code === 0, `--html ${path.basename(file)} exited with ${done.code}: ${done.stderr.trim()}`);
  return out;
}

/// The window's player on its click sequence (debug builds' --play-script).
function script(file, extra = []) {
  const done = run(['--play-script', ...extra, file]);
  assert(done.code === 0, `--play-script ${path.basename(file)} exited with ${done.code}: ${done.stderr.trim()}`);
  return JSON.parse(done.stdout).levels;
}

const fileUrl = (file) => `file://${file}`;

/// A page with its requests and policy violations recorded.
async function open(context, url, viewport) {
  const page = await context.newPage();
  if (viewport) await page.setViewportSize(viewport);
  page.requests = [];
  page.violations = [];
  page.errors = [];
  page.on('request', (r) => page.requests.push(r.url()));
  page.on('pageerror', (e) => page.errors.push(e.message));
  await page.exposeFunction('violated', (d) => page.violations.push(d));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => window.violated(`${e.effectiveDirective} ${e.blockedURI}`));
  });
  await page.goto(url);
  await page.waitForSelector('html[data-ready]', { timeout: 10000 });
  return page;
}

/// Nothing but the page itself was asked for, nothing broke the policy, no error.
function clean(page, url) {
  const others = page.requests.filter((r) => r !== url);
  assert(others.length === 0, `requests besides the page: ${others.slice(0, 3)}`);
  assert(page.violations.length === 0, `policy violations: ${page.violations.slice(0, 3)}`);
  assert(page.errors.length === 0, `script errors: ${page.errors.slice(0, 3)}`);
}

/// What the page shows: the uncovered cells and dimmed numbers by name (in the frame's
/// order), the counters as their shown glyphs read them, whether it says "solved".
function state(page) {
  return page.evaluate(() => window.shown());
}

/// Installs `window.shown()` (what the page shows, read from its looks) and
/// `window.play(steps)` (clicks dispatched as the mouse's pointer events, the state
/// after each) in the page.
async function instrument(page) {
  await page.evaluate(() => {
    const counter = (part) => {
      const g = document.querySelector(`#board [data-part="${part}"]`);
      const layers = g.querySelectorAll(':scope > [data-look^="digits-"].on');
      if (layers.length !== 1) return `${layers.length} layers`;
      const digits = [];
      Array.from(layers[0].children).forEach((run, d) => {
        Array.from(run.lastElementChild.children).forEach((use, p) => {
          if (use.classList.contains('on')) digits[p] = (digits[p] === undefined ? '' : `${digits[p]}|`) + d;
        });
      });
      const shown = digits.join('');
      const label = g.getAttribute('aria-label');
      return label === `${part.toUpperCase()} ${shown}` ? Number(shown) : `${shown} (${label})`;
    };
    window.shown = () => ({
      uncovered: Array.from(document.querySelectorAll('#board [data-cell].open'), (e) => e.dataset.cell),
      remaining: counter('remaining'),
      mistakes: counter('mistakes'),
      dimmed: Array.from(document.querySelectorAll('#board [data-cell].dim'), (e) => e.dataset.cell),
      solved: document.body.classList.contains('solved'),
    });
    window.play = (steps) => {
      const cells = new Map(Array.from(document.querySelectorAll('#board [data-cell]'), (e) => [e.dataset.cell, e]));
      return steps.map((s) => {
        const el = cells.get(s.cell);
        const target = el.querySelector('use, path') || el;
        const r = el.getBoundingClientRect();
        const init = {
          bubbles: true, cancelable: true, composed: true, pointerId: 1, pointerType: 'mouse', isPrimary: true,
          button: s.button === 'left' ? 0 : 2, clientX: r.x + r.width / 2, clientY: r.y + r.height / 2,
        };
        target.dispatchEvent(new PointerEvent('pointerdown', { ...init, buttons: s.button === 'left' ? 1 : 2 }));
        target.dispatchEvent(new PointerEvent('pointerup', { ...init, buttons: 0 }));
        return window.shown();
      });
    };
  });
}

const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);

/// The first step where the page and the player differ, or null.
function firstDifference(steps, shown) {
  for (let k = 0; k < steps.length; k++) {
    const want = steps[k];
    const got = shown[k];
    for (const field of ['uncovered', 'remaining', 'mistakes', 'dimmed', 'solved']) {
      if (!same(want[field], got[field])) {
        return `step ${k + 1} (${want.button} on ${want.cell}): ${field} is ${JSON.stringify(got[field]).slice(0, 120)}, the window's ${JSON.stringify(want[field]).slice(0, 120)}`;
      }
    }
  }
  return null;
}

/// A static server on 127.0.0.1 for `dir`, logging every request.
function staticServer(dir) {
  const log = [];
  const server = http.createServer((req, res) => {
    log.push(req.url);
    const file = path.join(dir, path.normalize(decodeURIComponent(req.url.split('?')[0])));
    if (!file.startsWith(dir) || !fs.existsSync(file) || !fs.statSync(file).isFile()) {
      res.writeHead(404);
      res.end();
      return;
    }
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end(fs.readFileSync(file));
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ server, log, port: server.address().port })));
}

/// The corpus's level files, `n` of them sampled with the seed, that --html publishes,
/// and its largest level (most items, by MANIFEST.tsv) that it publishes.
function corpusSample(n, dir) {
  const manifest = fs.readFileSync(path.join(CORPUS, 'MANIFEST.tsv'), 'utf8').trim().split('\n');
  const head = manifest[0].split('\t');
  const rows = manifest.slice(1).map((line) => {
    const f = line.split('\t');
    const at = (name) => f[head.indexOf(name)];
    return { file: path.join(CORPUS, at('file')), items: Number(at('cells')) + Number(at('column_hints')) };
  });
  // mulberry32: a small generator of 32-bit integers, fixed by the seed.
  let seed = SEED >>> 0;
  const random = () => {
    seed = (seed + 0x6d2b79f5) >>> 0;
    let t = seed;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const order = rows.map((r) => [random(), r]).sort((a, b) => a[0] - b[0]).map((p) => p[1]);
  const picked = [];
  let refused = 0;
  for (const row of order) {
    if (picked.length === n) break;
    const out = path.join(dir, `corpus-${picked.length + 1}.html`);
    const done = run(['--html', out, row.file]);
    if (done.code === 0) picked.push({ ...row, html: out, bytes: fs.statSync(out).size });
    else refused += 1;
  }
  const largest = rows.slice().sort((a, b) => b.items - a.items).find((r) => {
    const out = path.join(dir, 'largest.html');
    return run(['--html', out, r.file]).code === 0;
  });
  largest.html = path.join(dir, 'largest.html');
  largest.bytes = fs.statSync(largest.html).size;
  return { picked, refused, largest };
}

/// The level file of `text` in `dir`.
function levelFile(dir, name, text) {
  const file = path.join(dir, name);
  fs.writeFileSync(file, text);
  return file;
}

const read = (name) => fs.readFileSync(path.join(LEVELS, name), 'utf8');

(async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hexcells-html-'));
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking',
      '--disable-component-update', '--disable-sync'],
  });
  const { server, log, port } = await staticServer(dir);
  try {
    const flowers = publish(path.join(LEVELS, 'flowers.hexcells'), path.join(dir, 'flowers.html'));
    // Two of its hidden cells, a blue and a black one, and the revealed number, by name.
    const cells = await (async () => {
      const context = await browser.newContext();
      const page = await open(context, fileUrl(flowers));
      const found = await page.evaluate(() => {
        const data = JSON.parse(document.getElementById('data-1').textContent);
        const names = Array.from(document.querySelectorAll('#board [data-cell]'), (e) => e.dataset.cell);
        return {
          blue: names[data.items.indexOf('b')],
          black: names[data.items.indexOf('k')],
          number: names[data.items.split('').findIndex((k, i) => k === 'B' && data.labels[i])],
        };
      });
      await context.close();
      return found;
    })();

    await check('from file:// with the network off: the page plays, asks for nothing but itself, breaks no policy', async () => {
      const context = await browser.newContext({ offline: true });
      const page = await open(context, fileUrl(flowers), { width: 900, height: 700 });
      await instrument(page);
      const before = await state(page);
      assert(before.remaining === 6 && before.mistakes === 0, JSON.stringify(before));
      await page.click(`[data-cell="${cells.black}"]`, { button: 'right' });
      const after = await state(page);
      assert(after.uncovered.includes(cells.black) && after.mistakes === 0, JSON.stringify(after));
      clean(page, fileUrl(flowers));
      await context.close();
    });

    await check('from a static server on 127.0.0.1: the server is asked for the page alone', async () => {
      const context = await browser.newContext();
      const url = `http://127.0.0.1:${port}/flowers.html`;
      log.length = 0;
      const page = await open(context, url, { width: 900, height: 700 });
      await page.click(`[data-cell="${cells.blue}"]`);
      await page.reload();
      await page.waitForSelector('html[data-ready]');
      assert(page.requests.every((r) => r === url), `requests: ${page.requests}`);
      assert(log.length === 2 && log.every((u) => u === '/flowers.html'), `the server's log: ${log}`);
      clean(page, url);
      await context.close();
    });

    // The differential test: the project's levels with real clicks (the mouse, through
    // the browser's input), the corpus's with pointer events dispatched in the page.
    // Each in a context of its own: a level's progress is kept by its content, and a
    // page opened again would take up where the last one stopped.
    const fixtures = fs.readdirSync(LEVELS).filter((f) => f.endsWith('.hexcells')).sort();
    for (const name of fixtures) {
      for (const extra of name === 'columns.hexcells' ? [[], ['--swap-buttons']] : [[]]) {
        await check(`${name}${extra.length ? ' (--swap-buttons)' : ''}: real clicks, the same as the window's player after each`, async () => {
          const file = path.join(LEVELS, name);
          const out = publish(file, path.join(dir, `${name}.html`), extra);
          const steps = script(file, extra)[0].steps;
          const differential = await browser.newContext();
          const page = await open(differential, fileUrl(out), { width: 1000, height: 800 });
          await instrument(page);
          const at = await page.evaluate(() => Object.fromEntries(Array.from(document.querySelectorAll('#board [data-cell]'), (e) => {
            const r = e.getBoundingClientRect();
            return [e.dataset.cell, [r.x + r.width / 2, r.y + r.height / 2]];
          })));
          const shown = [];
          for (const s of steps) {
            await page.mouse.click(at[s.cell][0], at[s.cell][1], { button: s.button });
            shown.push(await state(page));
          }
          const difference = firstDifference(steps, shown);
          assert(!difference, difference);
          assert(steps[steps.length - 1].solved, 'the script ends solved');
          const message = await page.textContent('#message');
          const mistakes = steps[steps.length - 1].mistakes;
          assert(message.startsWith(`solved with ${mistakes} mistake`), `the end says "${message}"`);
          clean(page, fileUrl(out));
          await differential.close();
        });
      }
    }

    let sample = null;
    if (!CORPUS || !fs.existsSync(path.join(CORPUS, 'levels'))) {
      skip('corpus not found: the differential test on 20 corpus levels, the size and time figures');
    } else {
      sample = corpusSample(20, dir);
      console.log(`      corpus sample (seed ${SEED}): ${sample.picked.length} levels, ${sample.refused} refused by --html on the way (syntax errors)`);
      for (const level of sample.picked) {
        const short = path.relative(path.join(CORPUS, 'levels'), level.file);
        await check(`corpus ${short} (${level.items} items): the same as the window's player after each of its clicks`, async () => {
          const steps = script(level.file)[0].steps;
          const differential = await browser.newContext();
          const page = await open(differential, fileUrl(level.html), { width: 1000, height: 800 });
          await instrument(page);
          const shown = await page.evaluate((s) => window.play(s), steps);
          const difference = firstDifference(steps, shown);
          assert(!difference, difference);
          assert(steps[steps.length - 1].solved === shown[shown.length - 1].solved, 'the end');
          clean(page, fileUrl(level.html));
          await differential.close();
        });
      }
    }

    await check('touch: a tap uncovers with the switch\'s colour, a wrong one is a mistake, a pinch zooms', async () => {
      // A pack that starts with the same level: the phone shows its list too.
      const names = ['flowers', 'first-steps', 'columns', 'together-apart', 'column-groups'];
      const packFile = levelFile(dir, 'phone.hexcells', names.map((n) => read(`${n}.hexcells`)).join('\n'));
      const phone = publish(packFile, path.join(dir, 'phone.html'));
      const context = await browser.newContext({ hasTouch: true, isMobile: true, deviceScaleFactor: 2, viewport: { width: 390, height: 844 } });
      const page = await open(context, fileUrl(phone));
      await instrument(page);
      assert(await page.isVisible('#switch'), 'the switch shows on a touch screen');
      const centre = async (name) => {
        const box = await page.locator(`[data-cell="${name}"]`).boundingBox();
        return [box.x + box.width / 2, box.y + box.height / 2];
      };
      await page.touchscreen.tap(...await centre(cells.blue));
      let now = await state(page);
      assert(now.uncovered.includes(cells.blue) && now.remaining === 5, `a blue tap on blue: ${JSON.stringify(now)}`);
      await page.touchscreen.tap(...await centre(cells.black));
      now = await state(page);
      assert(!now.uncovered.includes(cells.black) && now.mistakes === 1, `a blue tap on black: ${JSON.stringify(now)}`);
      await page.tap('#switch');
      assert((await page.textContent('#switch')).includes('black'), 'the switch says black');
      await page.touchscreen.tap(...await centre(cells.black));
      now = await state(page);
      assert(now.uncovered.includes(cells.black) && now.mistakes === 1, `a black tap on black: ${JSON.stringify(now)}`);
      if (process.env.HEXCELLS_WEB_SCREENSHOT) {
        await page.screenshot({ path: process.env.HEXCELLS_WEB_SCREENSHOT });
        console.log(`      wrote ${process.env.HEXCELLS_WEB_SCREENSHOT}`);
      }
      // Two fingers apart: the board grows, and nothing is uncovered.
      const cdp = await context.newCDPSession(page);
      const [x, y] = await centre(cells.number);
      const touch = (type, d) => cdp.send('Input.dispatchTouchEvent', {
        type, touchPoints: type === 'touchEnd' ? [] : [{ x: x - d, y, id: 1 }, { x: x + d, y, id: 2 }],
      });
      await touch('touchStart', 20);
      for (const d of [30, 45, 60, 80]) await touch('touchMove', d);
      await touch('touchEnd', 0);
      const scale = await page.evaluate(() => {
        const t = document.querySelector('#board [data-part="board"]').getAttribute('transform') || '';
        return Number((t.match(/scale\(([^)]+)\)/) || [0, 1])[1]);
      });
      assert(scale > 2, `the pinch zoomed by ${scale}`);
      assert(same(now, await state(page)), 'a pinch uncovers nothing');
      clean(page, fileUrl(phone));
      await context.close();
    });

    await check('a hover outlines the cells a number counts; a left click keeps its flower outlined, a second hides it', async () => {
      const context = await browser.newContext({ viewport: { width: 900, height: 700 } });
      const page = await open(context, fileUrl(flowers));
      const lit = () => page.evaluate(() => Array.from(document.querySelectorAll('#board [data-cell].lit'), (e) => e.dataset.cell).sort());
      const members = await page.evaluate((name) => {
        const data = JSON.parse(document.getElementById('data-1').textContent);
        const names = Array.from(document.querySelectorAll('#board [data-cell]'), (e) => e.dataset.cell);
        return data.clues[names.indexOf(name)].map((i) => names[i]).sort();
      }, cells.number);
      assert(members.length > 3, `the flower of ${cells.number}: ${members}`);
      await page.hover(`[data-cell="${cells.number}"]`);
      assert(same(await lit(), members), `on a hover: ${await lit()}`);
      await page.mouse.move(2, 2);
      assert((await lit()).length === 0, 'the pointer gone, nothing outlined');
      await page.click(`[data-cell="${cells.number}"]`);
      await page.mouse.move(2, 2);
      assert(same(await lit(), members), `after a left click: ${await lit()}`);
      await page.click(`[data-cell="${cells.number}"]`);
      await page.mouse.move(2, 2);
      assert((await lit()).length === 0, 'a second click hides it');
      clean(page, fileUrl(flowers));
      await context.close();
    });

    await check('the wheel zooms around the pointer, and 0 undoes it', async () => {
      const context = await browser.newContext({ viewport: { width: 900, height: 700 } });
      const page = await open(context, fileUrl(flowers));
      const cell = page.locator(`[data-cell="${cells.number}"]`);
      const box = await cell.boundingBox();
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      await page.mouse.wheel(0, -300);
      const after = await cell.boundingBox();
      assert(after.width > 1.5 * box.width, `${cells.number} is ${after.width} wide, was ${box.width}`);
      assert(Math.abs(after.x + after.width / 2 - (box.x + box.width / 2)) < 2, 'the cell under the pointer stays');
      await page.keyboard.press('Tab');
      await page.keyboard.press('0');
      const back = await cell.boundingBox();
      assert(Math.abs(back.width - box.width) < 0.5, `after 0: ${back.width}`);
      await context.close();
    });

    await check('keyboard play to the end: the arrows move the ring, B and X uncover, X dims, each cell named', async () => {
      const context = await browser.newContext({ viewport: { width: 900, height: 700 } });
      const page = await open(context, fileUrl(flowers));
      await instrument(page);
      const data = await page.evaluate(() => JSON.parse(document.getElementById('data-1').textContent));
      const names = await page.evaluate(() => Array.from(document.querySelectorAll('#board [data-cell]'), (e) => e.dataset.cell));
      await page.keyboard.press('Tab');
      const focused = () => page.evaluate(() => document.activeElement.dataset.cell || null);
      assert(await page.evaluate(() => document.querySelector('#board svg').classList.contains('keys')), 'the ring shows');
      assert((await page.evaluate(() => document.activeElement.getAttribute('aria-label'))) === `${await focused()}: hidden`, 'a hidden cell is named');
      // The arrows' moves, found in the page's own data (breadth first).
      const walk = async (to) => {
        const from = names.indexOf(await focused());
        const back = new Map([[from, null]]);
        const queue = [from];
        while (queue.length && !back.has(to)) {
          const i = queue.shift();
          data.nav[i].forEach((j, arrow) => {
            if (j >= 0 && !back.has(j)) { back.set(j, [i, arrow]); queue.push(j); }
          });
        }
        assert(back.has(to), `${names[to]} cannot be reached from ${names[from]} by the arrows`);
        const keys = [];
        for (let i = to; back.get(i); i = back.get(i)[0]) keys.unshift(['ArrowUp', 'ArrowRight', 'ArrowDown', 'ArrowLeft'][back.get(i)[1]]);
        for (const key of keys) await page.keyboard.press(key);
        assert((await focused()) === names[to], `the ring is on ${await focused()}, not ${names[to]}`);
      };
      let mistakes = 0;
      for (let i = 0; i < names.length; i++) {
        if (!'bk'.includes(data.items[i])) continue;
        await walk(i);
        const right = data.items[i] === 'b' ? 'b' : 'x';
        if (mistakes === 0) {
          await page.keyboard.press(right === 'b' ? 'x' : 'b');
          mistakes += 1;
        }
        await page.keyboard.press(right);
        const label = await page.evaluate(() => document.activeElement.getAttribute('aria-label'));
        assert(label.startsWith(`${names[i]}: ${right === 'b' ? 'blue' : 'black'}`), `named "${label}"`);
        if (data.labels[i] && right === 'x') {
          await page.keyboard.press('x');
          assert((await state(page)).dimmed.includes(names[i]), `X dims ${names[i]}`);
        }
      }
      const end = await state(page);
      assert(end.solved && end.remaining === 0 && end.mistakes === mistakes, JSON.stringify(end));
      assert((await page.textContent('#message')) === 'solved with 1 mistake', await page.textContent('#message'));
      await context.close();
    });

    await check('progress after a reload, by the level\'s content; restart clears it', async () => {
      const context = await browser.newContext({ viewport: { width: 900, height: 700 } });
      const page = await open(context, fileUrl(flowers));
      await instrument(page);
      await page.click(`[data-cell="${cells.black}"]`);
      await page.click(`[data-cell="${cells.black}"]`, { button: 'right' });
      await page.click(`[data-cell="${cells.number}"]`, { button: 'right' });
      await page.click(`[data-cell="${cells.blue}"]`);
      const before = await state(page);
      assert(before.mistakes === 1 && same(before.dimmed, [cells.number]) && before.uncovered.includes(cells.blue), JSON.stringify(before));
      await page.reload();
      await page.waitForSelector('html[data-ready]');
      await instrument(page);
      assert(same(await state(page), before), `after a reload: ${JSON.stringify(await state(page))}`);
      assert((await page.textContent('#message')) === 'progress restored', await page.textContent('#message'));
      // The same level under another title is another level: it starts afresh.
      const renamed = levelFile(dir, 'renamed.hexcells', read('flowers.hexcells').replace('\nFlowers\n', '\nBlossoms\n'));
      const other = await open(context, fileUrl(publish(renamed, path.join(dir, 'renamed.html'))));
      await instrument(other);
      assert((await state(other)).mistakes === 0, 'another level\'s progress');
      await page.click('#restart');
      assert((await page.textContent('#restart')).includes('again'), 'restart asks first');
      await page.click('#restart');
      await page.reload();
      await page.waitForSelector('html[data-ready]');
      await instrument(page);
      const fresh = await state(page);
      assert(fresh.mistakes === 0 && fresh.dimmed.length === 0 && fresh.remaining === 6, `after restart: ${JSON.stringify(fresh)}`);
      await context.close();
    });

    await check('storage refused: the page plays, says that nothing is kept, and a reload starts afresh', async () => {
      const context = await browser.newContext({ viewport: { width: 900, height: 700 } });
      await context.addInitScript(() => {
        Object.defineProperty(window, 'localStorage', {
          get() { throw new DOMException('Access is denied for this document.', 'SecurityError'); },
        });
      });
      const page = await open(context, fileUrl(flowers));
      await instrument(page);
      const notice = await page.textContent('#notice');
      assert(notice.includes('keeps no progress') && await page.isVisible('#notice'), `the notice: "${notice}"`);
      await page.click(`[data-cell="${cells.blue}"]`);
      assert((await state(page)).remaining === 5, 'it plays');
      await page.reload();
      await page.waitForSelector('html[data-ready]');
      await instrument(page);
      assert((await state(page)).remaining === 6, 'a reload starts afresh');
      clean(page, fileUrl(flowers));
      await context.close();
    });

    await check('a pack: the list, next and previous, a done mark when solved, the last level shown on a reload', async () => {
      const packFile = levelFile(dir, 'pack.hexcells', fixtures.map(read).join('\n'));
      const steps = script(packFile)[0].steps;
      const pack = publish(packFile, path.join(dir, 'pack.html'));
      const context = await browser.newContext({ viewport: { width: 900, height: 700 } });
      const page = await open(context, fileUrl(pack));
      await instrument(page);
      const options = () => page.evaluate(() => Array.from(document.querySelectorAll('#levels option'), (o) => o.textContent));
      const titles = await options();
      assert(titles.length === fixtures.length && titles[0].startsWith('1. '), `the list: ${titles}`);
      const title = () => page.evaluate(() => Array.from(document.querySelectorAll('#board [data-part="title"] text'), (t) => t.textContent).join(' '));
      const first = await title();
      await page.click('#next');
      const second = await title();
      assert(second !== first && (await page.inputValue('#levels')) === '1', `next: ${second}`);
      await page.click('#previous');
      assert((await title()) === first, 'previous');
      await page.click('#previous');
      assert((await page.inputValue('#levels')) === String(fixtures.length - 1), 'previous from the first: the last');
      await page.selectOption('#levels', '0');
      const shown = await page.evaluate((s) => window.play(s), steps);
      assert(shown[shown.length - 1].solved, 'level 1 solved');
      assert((await options())[0].startsWith('✓ 1. '), `the done mark: ${(await options())[0]}`);
      await page.click('#next');
      await page.reload();
      await page.waitForSelector('html[data-ready]');
      assert((await page.inputValue('#levels')) === '1', 'the reload opens the level shown last');
      assert((await options())[0].startsWith('✓ ') && !(await options())[1].startsWith('✓'), `${await options()}`);
      clean(page, fileUrl(pack));
      // --level N: that level alone, without a list.
      const alone = await open(context, fileUrl(publish(packFile, path.join(dir, 'second.html'), ['--level', '2'])));
      assert(!(await alone.$('#levels')) && (await alone.evaluate(() => document.title)) === second, 'one level');
      await context.close();
    });

    await check('a level titled with markup shows it as text and runs nothing', async () => {
      const TITLE = '<img src=x onerror=ran=1>';
      const AUTHOR = '<script>ran=2</script>';
      const marked = levelFile(dir, 'marked.hexcells', read('flowers.hexcells').replace('\nFlowers\nhexcells project\n', `\n${TITLE}\n${AUTHOR}\n`));
      const out = publish(marked, path.join(dir, 'marked.html'));
      const context = await browser.newContext();
      const page = await open(context, fileUrl(out), { width: 900, height: 700 });
      const words = (part) => page.evaluate((p) => Array.from(document.querySelectorAll(`#board [data-part="${p}"] text`), (t) => t.textContent).join(' '), part);
      // The frame cuts a title to its width, with an ellipsis, as the window does.
      const title = await words('title');
      const cut = title.endsWith('…') && TITLE.startsWith(title.slice(0, -1)) && title.length > 10;
      assert((title === TITLE || cut) && (await words('author')) === AUTHOR, `${title} / ${await words('author')}`);
      assert((await page.title()) === TITLE, `the page's title: ${await page.title()}`);
      const found = await page.evaluate(() => ({
        ran: window.ran,
        images: document.querySelectorAll('img').length,
        scripts: Array.from(document.querySelectorAll('script')).filter((s) => !s.type).length,
      }));
      assert(found.ran === undefined && found.images === 0 && found.scripts === 1, JSON.stringify(found));
      // Were the escaping to slip, the policy would still stop it.
      await page.evaluate(() => {
        const div = document.createElement('div');
        div.innerHTML = '<img src="x" onerror="ran=3"><style>body { background: red }</style>';
        document.body.append(div);
      });
      await new Promise((resolve) => setTimeout(resolve, 300));
      const after = await page.evaluate(() => ({ ran: window.ran, background: getComputedStyle(document.body).backgroundColor }));
      assert(after.ran === undefined && after.background !== 'rgb(255, 0, 0)', JSON.stringify(after));
      assert(page.violations.some((v) => v.startsWith('script-src') || v.startsWith('img-src')), `no violation reported: ${page.violations}`);
      await context.close();
    });

    // The first frame against the window's --png of the same level and size: over the
    // header and the board (the footer holds the window's key line, the page's controls
    // are below it), at most 0.2% of the pixels differ by more than 32 of 255 in a
    // channel, as viewer/tests/svg.rs allows a whole frame.
    const frames = fixtures.map((name) => path.join(LEVELS, name));
    if (sample) frames.push(sample.largest.file);
    const compare = await browser.newContext();
    for (const file of frames) {
      await check(`${path.basename(file)}: the page's first frame is the window's --png`, async () => {
        const out = publish(file, path.join(dir, `frame-${path.basename(file)}.html`));
        const page = await open(compare, fileUrl(out), { width: 800, height: 600 });
        const [w, h] = await page.evaluate(() => {
          const svg = document.querySelector('#board svg');
          return [Number(svg.getAttribute('width')), Number(svg.getAttribute('height'))];
        });
        const bar = await page.evaluate(() => document.getElementById('bar').offsetHeight);
        await page.setViewportSize({ width: w, height: h + bar });
        const shot = await page.screenshot({ clip: { x: 0, y: 0, width: w, height: h } });
        const png = path.join(dir, 'frame.png');
        const done = run(['--png', png, '--size', `${w}x${h}`, file]);
        assert(done.code === 0, done.stderr);
        const blank = await compare.newPage();
        const d = await blank.evaluate(async ([a, b, footer]) => {
          const pixels = async (url) => {
            const image = new Image();
            image.src = url;
            await image.decode();
            const canvas = document.createElement('canvas');
            canvas.width = image.width;
            canvas.height = image.height;
            const c = canvas.getContext('2d');
            c.drawImage(image, 0, 0);
            return c.getImageData(0, 0, image.width, image.height);
          };
          const [pa, pb] = [await pixels(a), await pixels(b)];
          if (pa.width !== pb.width || pa.height !== pb.height) return { size: `${pa.width}x${pa.height} and ${pb.width}x${pb.height}` };
          const rows = pa.height - footer;
          let over8 = 0;
          let over32 = 0;
          for (let k = 0; k < pa.width * rows * 4; k += 4) {
            const diff = Math.max(...[0, 1, 2].map((c) => Math.abs(pa.data[k + c] - pb.data[k + c])));
            over8 += diff > 8;
            over32 += diff > 32;
          }
          return { over8: over8 / (pa.width * rows), over32: over32 / (pa.width * rows) };
        }, [`data:image/png;base64,${shot.toString('base64')}`, `data:image/png;base64,${fs.readFileSync(png).toString('base64')}`, 80]);
        await blank.close();
        assert(!d.size, `sizes differ: ${d.size}`);
        console.log(`      ${path.basename(file)} ${w}x${h}: ${(100 * d.over32).toFixed(3)}% of the pixels differ by > 32, ${(100 * d.over8).toFixed(3)}% by > 8`);
        assert(d.over32 <= 0.002, `${(100 * d.over32).toFixed(3)}% differ by > 32`);
        await page.close();
      });
    }
    await compare.close();

    if (sample) {
      await check('figures: the largest corpus level\'s page and a 20-level pack\'s (goals < 300 kB, < 2 MB); time to ready', async () => {
        const packFile = levelFile(dir, 'corpus-pack.hexcells', sample.picked.map((l) => fs.readFileSync(l.file, 'utf8').trimEnd()).join('\n'));
        const pack = publish(packFile, path.join(dir, 'corpus-pack.html'));
        const packBytes = fs.statSync(pack).size;
        const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
        const times = [];
        for (let k = 0; k < 5; k++) {
          const page = await open(context, fileUrl(sample.largest.html));
          times.push(Number(await page.evaluate(() => document.documentElement.dataset.ready)));
          await page.close();
        }
        const packPage = await open(context, fileUrl(pack));
        const packReady = Number(await packPage.evaluate(() => document.documentElement.dataset.ready));
        await context.close();
        times.sort((a, b) => a - b);
        figures.push(`largest corpus level (${path.relative(CORPUS, sample.largest.file)}, ${sample.largest.items} items): ${(sample.largest.bytes / 1000).toFixed(1)} kB (goal < 300 kB)`);
        figures.push(`a pack of the 20 sampled levels: ${(packBytes / 1000).toFixed(1)} kB (goal < 2 MB); pages of one level: ${Math.min(...sample.picked.map((l) => l.bytes / 1000)).toFixed(1)} to ${Math.max(...sample.picked.map((l) => l.bytes / 1000)).toFixed(1)} kB`);
        figures.push(`ready (cells clickable, from navigation start) in Chromium, largest level: median ${times[2].toFixed(0)} ms of 5 (${times[0].toFixed(0)} to ${times[4].toFixed(0)}; goal < 500 ms); the 20-level pack: ${packReady.toFixed(0)} ms`);
        assert(sample.largest.bytes < 300000 && packBytes < 2000000, figures.join('; '));
      });
    }
  } catch (e) {
    failed(e.stack);
  } finally {
    await browser.close().catch(() => {});
    server.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
  for (const figure of figures) console.log(`      ${figure}`);
  finish();
})();
