// The page of `hexcells-view --serve` in a real browser: Debian's Chromium, headless,
// driven by playwright-core, against the real binary on 127.0.0.1 with no DISPLAY.
// Usage: node page.js HEXCELLS_VIEW (run.sh sets it up). Prints one line per check,
// then `N passed, M failed`.
'use strict';

const { spawn } = require('child_process');
const fs = require('fs');
const os = require('os');
const path = require('path');
const readline = require('readline');
const { chromium } = require('playwright-core');
const { check, assert, failed, finish } = require('./checks');

const BIN = process.argv[2];
const LEVEL = path.join(__dirname, 'levels', 'served.hexcells');
const servers = [];

/// Starts `hexcells-view --serve` on a copy of the level (its text through `edit`, if
/// given); resolves to its address and file.
async function serve(dir, extra, edit) {
  const file = path.join(dir, 'served.hexcells');
  fs.writeFileSync(file, (edit || ((text) => text))(fs.readFileSync(LEVEL, 'utf8')));
  const env = { ...process.env, XDG_STATE_HOME: path.join(dir, 'state'), XDG_CONFIG_HOME: path.join(dir, 'config') };
  delete env.DISPLAY;
  delete env.WAYLAND_DISPLAY;
  const child = spawn(BIN, ['--serve', ...extra, file], { env, stdio: ['ignore', 'pipe', 'inherit'] });
  servers.push(child);
  const lines = readline.createInterface({ input: child.stdout });
  const url = await new Promise((resolve, reject) => {
    lines.once('line', resolve);
    child.once('exit', (code) => reject(new Error(`hexcells-view --serve exited with ${code}`)));
  });
  assert(/^http:\/\/127\.0\.0\.1:\d+\/\?token=[0-9a-f]{32}$/.test(url), `the first line is the address: ${url}`);
  return { url, file };
}

/// The words of a part of the frame (its <text> runs, joined by spaces).
function words(page, part) {
  return page.evaluate((part) => {
    const group = document.querySelector(`[data-part="${part}"]`);
    return group ? Array.from(group.querySelectorAll('text'), (t) => t.textContent).join(' ') : null;
  }, part);
}

/// Waits until the part's words are `want`.
async function wordsBecome(page, part, want) {
  await page.waitForFunction(([part, want]) => {
    const group = document.querySelector(`[data-part="${part}"]`);
    return group && Array.from(group.querySelectorAll('text'), (t) => t.textContent).join(' ') === want;
  }, [part, want], { timeout: 5000 }).catch(async () => {
    throw new Error(`${part} is "${await words(page, part)}", not "${want}"`);
  });
}

/// The markup of a cell's group.
function cell(page, name) {
  return page.evaluate((name) => document.querySelector(`[data-cell="${name}"]`)?.outerHTML ?? null, name);
}

async function cellChanges(page, name, before) {
  await page.waitForFunction(([name, before]) => {
    const el = document.querySelector(`[data-cell="${name}"]`);
    return el && el.outerHTML !== before;
  }, [name, before], { timeout: 5000 });
}

(async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hexcells-web-'));
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking',
      '--disable-component-update', '--disable-sync'],
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1000, height: 700 } });
    const player = await serve(fs.mkdtempSync(path.join(dir, 'play-')), []);
    await check('the page shows the level: each cell a data-cell group, the counters as text', async () => {
      await page.goto(player.url);
      await page.waitForSelector('[data-cell="Q11"]', { timeout: 10000 });
      for (const name of ['Q9', 'Q11', 'Q15', 'P10', 'P12', 'R12', 'Q13']) {
        assert(await cell(page, name), `no ${name}`);
      }
      await wordsBecome(page, 'remaining', 'REMAINING 2');
      await wordsBecome(page, 'mistakes', 'MISTAKES 0');
      assert((await page.title()) === 'served.hexcells - hexcells-view', await page.title());
    });
    await page.evaluate(() => { window.notReloaded = true; });
    await check('a right click uncovers a black cell, a left click a blue one and REMAINING counts down', async () => {
      const before = await cell(page, 'P10');
      await page.click('[data-cell="P10"]', { button: 'right' });
      await cellChanges(page, 'P10', before);
      await wordsBecome(page, 'mistakes', 'MISTAKES 0');
      await page.click('[data-cell="P12"]');
      await wordsBecome(page, 'remaining', 'REMAINING 1');
    });
    await check('a wrong click counts a mistake', async () => {
      await page.click('[data-cell="Q13"]');
      await wordsBecome(page, 'mistakes', 'MISTAKES 1');
    });
    await check('a save of the file elsewhere changes the page without a reload', async () => {
      const text = fs.readFileSync(player.file, 'utf8').replace('\nServed\n', '\nSaved elsewhere\n');
      fs.writeFileSync(`${player.file}.tmp`, text);
      fs.renameSync(`${player.file}.tmp`, player.file);
      await wordsBecome(page, 'title', 'Saved elsewhere');
      assert(await page.evaluate(() => window.notReloaded === true), 'the page was reloaded');
    });

    await check('after patches the page shows exactly the SVG a new page gets whole', async () => {
      const svg = (p) => p.evaluate(() => document.querySelector('#board > svg')?.outerHTML ?? '');
      const fresh = await browser.newPage({ viewport: { width: 1000, height: 700 } });
      await fresh.goto(player.url);
      await fresh.waitForSelector('[data-cell="Q11"]', { timeout: 10000 });
      const whole = await svg(fresh);
      await fresh.close();
      assert(whole.includes('Saved elsewhere') && whole === (await svg(page)),
        `the patched page differs from the whole frame (${(await svg(page)).length} and ${whole.length} characters)`);
    });

    await check('a second page of another size: both show its frame, and a click on the first still finds its cell', async () => {
      const second = await browser.newPage({ viewport: { width: 500, height: 400 } });
      await second.goto(player.url);
      await second.waitForSelector('svg[width="500"]', { timeout: 5000 });
      await page.waitForSelector('svg[width="500"]', { timeout: 5000 });
      await page.click('[data-cell="R12"]');
      await wordsBecome(second, 'remaining', 'REMAINING 0');
      await second.close();
    });

    const viewport = { width: 1000, height: 700 };
    const traded = await serve(fs.mkdtempSync(path.join(dir, 'cookie-')), []);
    await check('the token leaves the address at load (the first socket keeps it), and a reload opens the page and its socket through the cookie', async () => {
      const context = await browser.newContext({ viewport });
      const tab = await context.newPage();
      const sockets = [];
      tab.on('websocket', (socket) => sockets.push(socket.url()));
      await tab.goto(traded.url);
      await tab.waitForSelector('[data-cell="Q11"]', { timeout: 10000 });
      const { port, searchParams } = new URL(traded.url);
      // The first socket goes with the token the script kept (a frame that gets no
      // cookie, as in VS Code's panel, has nothing else).
      assert(sockets.length === 1 && sockets[0].endsWith(`/ws?token=${searchParams.get('token')}`),
        `the first socket: ${sockets}`);
      const bare = `http://127.0.0.1:${port}/`;
      assert(tab.url() === bare, `the address after the load: ${tab.url()}`);
      const cookie = (await context.cookies()).find((c) => c.name === `hexcells-view-${port}`);
      assert(cookie && cookie.value === searchParams.get('token') && cookie.httpOnly && cookie.sameSite === 'Strict',
        `the cookie: ${JSON.stringify(cookie)}`);
      assert(await tab.evaluate(() => document.cookie === ''), 'the page\'s script can read the cookie');
      await tab.reload();
      await tab.waitForSelector('[data-cell="Q11"]', { timeout: 10000 });
      assert(tab.url() === bare, `the address after a reload: ${tab.url()}`);
      assert(sockets.length === 2 && sockets[1] === `ws://127.0.0.1:${port}/ws`, `the socket after a reload: ${sockets[1]}`);
      await tab.click('[data-cell="P12"]');
      await wordsBecome(tab, 'remaining', 'REMAINING 1');
      await context.close();
    });

    // A level whose title and author are markup: the page must show it as text.
    const TITLE = '<img src=x onerror=ran=1>';
    const AUTHOR = '<script>ran=2</script>';
    const marked = await serve(fs.mkdtempSync(path.join(dir, 'markup-')), [],
      (text) => text.replace('\nServed\nhexcells project\n', `\n${TITLE}\n${AUTHOR}\n`));
    await check('a level titled with markup shows the markup as text and runs nothing', async () => {
      const tab = await browser.newPage({ viewport });
      const violations = [];
      await tab.exposeFunction('violated', (directive) => violations.push(directive));
      await tab.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (e) => window.violated(e.effectiveDirective));
      });
      await tab.goto(marked.url);
      await tab.waitForSelector('[data-cell="Q11"]', { timeout: 10000 });
      await wordsBecome(tab, 'title', TITLE);
      await wordsBecome(tab, 'author', AUTHOR);
      const found = await tab.evaluate(() => ({
        ran: window.ran,
        images: document.querySelectorAll('img').length,
        scripts: document.querySelectorAll('script').length,
      }));
      assert(found.ran === undefined && found.images === 0 && found.scripts === 1, JSON.stringify(found));
      assert(violations.length === 0, `the page itself broke its policy: ${violations}`);
      // Were the escaping to slip, the policy would still stop it: markup put in the way
      // the page puts frames in (innerHTML) runs nothing, and the browser says why.
      await tab.evaluate(() => {
        const svg = document.querySelector('#board > svg');
        const slip = document.createElementNS('http://www.w3.org/2000/svg', 'g');
        slip.innerHTML = '<image href="x" onerror="ran=3"/><foreignObject><img src="x" onerror="ran=4"></foreignObject>';
        svg.append(slip);
        const div = document.createElement('div');
        div.innerHTML = '<img src="x" onerror="ran=5"><style>body { background: red }</style>';
        document.body.append(div);
      });
      await new Promise((resolve) => setTimeout(resolve, 500));
      const after = await tab.evaluate(() => ({ ran: window.ran, background: getComputedStyle(document.body).backgroundColor }));
      assert(after.ran === undefined, `an inline handler ran: ran=${after.ran}`);
      assert(after.background !== 'rgb(255, 0, 0)', 'an inline style applied');
      assert(violations.includes('script-src-attr') || violations.includes('script-src'),
        `no script violation reported: ${violations}`);
      await tab.close();
    });

    const editor = await serve(fs.mkdtempSync(path.join(dir, 'edit-')), ['--edit']);
    await check('--edit: a click edits, Ctrl+S writes the file', async () => {
      const before = fs.readFileSync(editor.file, 'utf8');
      await page.goto(editor.url);
      await page.waitForSelector('[data-cell="P12"]', { timeout: 10000 });
      assert((await page.title()).startsWith('served.hexcells'), await page.title());
      // A left click on a blue cell shows its number: `x.` becomes `x+`.
      await page.click('[data-cell="P12"]');
      await page.waitForFunction(() => document.title.includes('*'), null, { timeout: 5000 });
      assert(fs.readFileSync(editor.file, 'utf8') === before, 'the file is written only on Ctrl+S');
      await page.keyboard.press('Control+s');
      await page.waitForFunction(() => !document.title.includes('*'), null, { timeout: 5000 });
      const after = fs.readFileSync(editor.file, 'utf8');
      assert(after !== before, 'the file did not change');
      assert(after.split('\n')[16].slice(30, 32) === 'x+', `P12 reads ${after.split('\n')[16].slice(30, 32)}`);
    });
  } catch (e) {
    failed(e.message);
  } finally {
    await browser.close().catch(() => {});
    for (const child of servers) child.kill();
    fs.rmSync(dir, { recursive: true, force: true });
  }
  finish();
})();
