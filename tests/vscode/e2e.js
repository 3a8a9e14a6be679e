// The checks of the VS Code end-to-end test, run by run.sh against a code-server that
// already has the packaged extension installed. Drives Debian's Chromium through
// playwright-core, waits for what VS Code shows (never for a fixed time), and prints
// one line per check with its time, then `N passed, M failed, K skipped`.
//
// Phase 1: `hexcells.server.path` points at a missing binary: one clear error
// notification naming the setting; the TextMate grammar alone colours the grid.
// Phase 2: through the notification's "Open Settings", the path changes to a server that
// crashes on start: one clear notification, no restart loop.
// Phase 3: the same way, the setting is cleared, so the hexcells the extension carries runs
// (the PATH run.sh gives VS Code has none; the output panel says which one runs), and the
// theme changes to a dark one: diagnostics, hover, quick fix, solution steps and the screenshot.
// Phase 4: "Hexcells: Open viewer" starts the live viewer (the hexcells-view the extension
// carries) on the X display run.sh gave code-server; an edit made in the viewer's editor (driven with xdotool) lands in VS Code's
// buffer through the server's workspace/applyEdit, not on disk, and VS Code's undo takes it
// back. Without a display (VIEWER_SKIP) it is reported skipped, in HEXCELLS_SKIPPED_LOG too.
//
// Phase 5 (E2E_PART=preview, a second code-server that run.sh starts with no DISPLAY and
// no WAYLAND_DISPLAY, on the settings phase 3 left): "Hexcells: Open Preview to the Side"
// (Ctrl+K V) shows the page hexcells-view --serve serves, inside a webview panel: the
// level's cells, a click moving the cursor, an edit landing in the buffer (Ctrl+Z undoes it),
// the panel following another level, and no editor left that the checks did not open.
//
// `node e2e.js --write-settings USER_DATA SERVER_PATH` writes the settings and exits.
'use strict';

const { execFileSync } = require('child_process');
const fs = require('fs');
const os = require('os');
const path = require('path');

/** What the project's own levels (levels/*.hexcells) are built to show. Lines and columns are 1-based. */
const LEVELS = {
  // A revealed 1 at U17 touches two hidden cells, U15 (blue) and U19
  // (black), and nothing else tells them apart: both are stuck. Grid line N is file line N + 5.
  stuck: { file: 'stuck.hexcells', code: 'HC0301', lines: [20, 24], column: 41 },
  // Q17 (group Q of grid line 17) is a revealed black cell with 3 blue neighbours.
  solvable: { file: 'solvable.hexcells', hover: { line: 22, column: 33, text: /Shows\s*3\s*:/ } },
  // O17 shows {0}: braces around 0 add nothing (HC0207); the quick fix writes `+`.
  fixable: {
    file: 'fixable.hexcells', code: 'HC0207', line: 22, column: 29, before: 'Oc', after: 'O+', fixTitle: 'write `+`',
  },
  // The viewer's Ctrl+D prompt starts on the title (file line 2) with its text: the test types
  // `typed` after it, Enter applies the title, Esc closes the prompt on the next field.
  viewer: { file: 'solvable.hexcells', titleLine: 2, title: 'Three and none', typed: ' edited in the viewer' },
  // O17, a revealed black cell: a click on it in the preview puts the cursor on line 22, column 29.
  preview: {
    file: 'solvable.hexcells', cells: ['O17', 'Q17', 'Q15', 'P16', 'R16', 'P18', 'R18'], click: { cell: 'O17', line: 22, column: 29, text: 'O+' },
    titleLine: 2, title: 'Three and none', typed: ' edited in the panel',
  },
};
const LANGUAGE_NAME = 'Hexcells level';
const SOLVE_COMMAND = 'Hexcells: Show solution steps';
const TIMEOUT = 30000;
/** Each phase checks the grid colours in one of VS Code's default themes. */
const THEMES = { missingServer: 'Default Light Modern', realServer: 'Default Dark Modern' };

/** User settings for code-server: quiet, no surprises. */
function settings(theme) {
  return {
    'workbench.startupEditor': 'none',
    'workbench.tips.enabled': false,
    'workbench.enableExperiments': false,
    'workbench.editor.enablePreview': false,
    'workbench.welcomePage.walkthroughs.openOnInstall': false,
    'telemetry.telemetryLevel': 'off',
    'extensions.autoCheckUpdates': false,
    'extensions.autoUpdate': false,
    'extensions.ignoreRecommendations': true,
    'update.mode': 'none',
    'security.workspace.trust.enabled': false,
    'chat.commandCenter.enabled': false,
    'editor.minimap.enabled': false,
    'editor.stickyScroll.enabled': false,
    'editor.hover.delay': 150,
    'editor.lightbulb.enabled': 'on',
    // Desktop VS Code's default; in a browser (code-server) VS Code saves after a second, which
    // would write the viewer's edit to disk behind the test's back.
    'files.autoSave': 'off',
    'window.commandCenter': false,
    'workbench.colorTheme': theme,
    'hexcells.trace.server': 'messages',
  };
}

/**
 * The settings files: the user's, and the machine's with `hexcells.server.path`. The Settings
 * editor of a remote window (code-server is one) changes this machine-overridable setting on
 * the Remote tab, that is in the machine's file, so it starts there too: cleared there, it
 * is empty, not the user file's value.
 */
function writeSettings(userData, serverPath, theme) {
  const write = (scope, values) => {
    fs.mkdirSync(path.join(userData, scope), { recursive: true });
    fs.writeFileSync(path.join(userData, scope, 'settings.json'), JSON.stringify(values, null, 2) + '\n');
  };
  write('User', settings(theme));
  write('Machine', { 'hexcells.server.path': serverPath });
}

if (process.argv[2] === '--write-settings') {
  writeSettings(process.argv[3], process.argv[4], THEMES.missingServer);
  process.exit(0);
}

const env = (name) => {
  const value = process.env[name];
  if (!value) {
    console.log(`e2e.js: ${name} is not set (run tests/vscode/run.sh)`);
    console.log('0 passed, 1 failed');
    process.exit(2);
  }
  return value;
};
const PORT = env('PORT');
const WORKSPACE = env('WORKSPACE');
const EXTENSIONS = env('EXTENSIONS');
const MISSING_BIN = env('HEXCELLS_MISSING_BIN');
const CRASHING_BIN = env('HEXCELLS_CRASHING_BIN');
const OUT = env('OUT');
const USER_DATA = env('USER_DATA');
const ROOT = env('ROOT');
const VIEWER_DISPLAY = process.env.VIEWER_DISPLAY || '';
const VIEWER_SKIP = process.env.VIEWER_SKIP || (VIEWER_DISPLAY ? '' : 'no X display for the viewer (run.sh starts Xvfb)');
const T0 = Number(process.env.T0_MS) || Date.now();
/** `preview`: only phase 5, against the code-server run.sh started with no display. */
const E2E_PART = process.env.E2E_PART || '';
const elapsed = () => `${((Date.now() - T0) / 1000).toFixed(1)}s`;

let chromium;
try {
  ({ chromium } = require('playwright-core'));
} catch (e) {
  console.log(`e2e.js: playwright-core is not installed (run tests/vscode/run.sh): ${e.message}`);
  console.log('0 passed, 1 failed');
  process.exit(2);
}

const results = [];
const skipped = [];
let page;

/**
 * Reports a check that cannot run here: printed, and recorded in the file HEXCELLS_SKIPPED_LOG
 * names (scripts/test lists it; with HEXCELLS_TEST_ALL=1, as in CI, it fails the run).
 */
function skip(name, why) {
  skipped.push(name);
  console.log(`skip  ${name}: skipped: ${why}`);
  if (process.env.HEXCELLS_SKIPPED_LOG) {
    fs.appendFileSync(process.env.HEXCELLS_SKIPPED_LOG, `vscode-e2e::${name}: ${why.replace(/\n/g, ' ')}\n`);
  }
}

/** Runs one check; a failure is recorded with a screenshot, and the next check still runs. */
async function check(name, body) {
  const start = Date.now();
  try {
    const note = await body();
    results.push(true);
    console.log(`ok    ${name} (${Date.now() - start} ms)${note ? `: ${note}` : ''}`);
  } catch (e) {
    results.push(false);
    const shot = path.join(OUT, `failed-${E2E_PART ? `${E2E_PART}-` : ''}${results.length}.png`);
    await page.screenshot({ path: shot }).catch(() => {});
    const html = await page.content().catch(() => '');
    fs.writeFileSync(shot.replace(/\.png$/, '.html'), html);
    console.log(`FAIL  ${name} (${Date.now() - start} ms): ${String(e.message).split('\n')[0]}`);
    console.log(`      screenshot: ${shot}`);
  }
}

/** Polls `probe` until it returns a truthy value; throws `what` with the last value seen on timeout. */
async function until(what, probe, timeout = TIMEOUT) {
  const deadline = Date.now() + timeout;
  let last;
  for (;;) {
    last = await probe();
    if (last && (!Array.isArray(last) || last.length > 0)) {
      return last;
    }
    if (Date.now() > deadline) {
      throw new Error(`timed out after ${timeout} ms waiting for ${what} (last seen: ${JSON.stringify(last)})`);
    }
    await page.waitForTimeout(100);
  }
}

// ---------------------------------------------------------------------------
// The workbench, driven the way a user would: keyboard shortcuts and the mouse.
// ---------------------------------------------------------------------------

async function loadWorkbench() {
  await page.goto(`http://127.0.0.1:${PORT}/?folder=${encodeURIComponent(WORKSPACE)}`);
  await page.waitForSelector('.monaco-workbench', { timeout: 60000 });
  await page.waitForSelector('.explorer-folders-view .monaco-list-row', { timeout: 60000 });
}

/** Runs a command from the command palette by its title (`then`: a picker it opens, by placeholder). */
async function runCommand(title, then) {
  await closeQuickInput();
  await page.keyboard.press('Control+Shift+P');
  const input = page.locator('.quick-input-widget input');
  await input.waitFor({ state: 'visible', timeout: TIMEOUT });
  await input.fill(`>${title}`);
  // Click the row itself: Enter could pick a row of the list before it was filtered.
  await page.locator('.quick-input-list .monaco-list-row', { hasText: title }).first().click({ timeout: TIMEOUT });
  if (then) {
    await page.locator(`.quick-input-widget input[placeholder*="${then}"]`).waitFor({ timeout: TIMEOUT });
  } else {
    await input.waitFor({ state: 'hidden', timeout: TIMEOUT });
  }
}

/** Closes a quick input left open by a failed check (Escape alone would also hide notifications). */
async function closeQuickInput() {
  const widget = page.locator('.quick-input-widget');
  if (await widget.isVisible().catch(() => false)) {
    await page.keyboard.press('Escape');
    await widget.waitFor({ state: 'hidden', timeout: TIMEOUT });
  }
}

/** Opens a workspace file with Quick Open and waits until its text is on screen. */
async function openFile(name) {
  await quickOpen(name);
  await page.waitForFunction((n) => document.title.startsWith(`${n} `), name, { timeout: TIMEOUT });
  await activeEditor().locator('.view-line').first().waitFor({ timeout: TIMEOUT });
}

/** Picks a workspace file in Quick Open (the row named exactly so). */
async function quickOpen(name) {
  await closeQuickInput();
  await page.keyboard.press('Control+P');
  const input = page.locator('.quick-input-widget input');
  await input.waitFor({ state: 'visible', timeout: TIMEOUT });
  await input.fill(name);
  // The row named exactly so: an untitled document (the solution steps) is named after its
  // first line, which holds the file name too.
  const exact = new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
  await page.locator('.quick-input-list .monaco-list-row')
    .filter({ has: page.locator('.label-name', { hasText: exact }) })
    .first().click({ timeout: TIMEOUT });
}

function activeEditor() {
  return page.locator('.editor-group-container.active .monaco-editor').first();
}

/** Moves the cursor to a 1-based line and column with "Go to Line/Column". */
async function goTo(line, column) {
  await page.keyboard.press('Control+G');
  const input = page.locator('.quick-input-widget input');
  await input.waitFor({ state: 'visible', timeout: TIMEOUT });
  await input.fill(`:${line}:${column}`);
  await page.keyboard.press('Enter');
  await input.waitFor({ state: 'hidden', timeout: TIMEOUT });
  await until(`the cursor at ${line}:${column}`, async () => {
    const text = await page.locator('#status\\.editor\\.selection').innerText().catch(() => '');
    return text.includes(`Ln ${line}, Col ${column}`);
  });
}

/**
 * The cursor as VS Code shows it: the status bar's `Ln, Col` item (of the active editor, which
 * the window's title names), and the text of line `line` of the active editor, found by its
 * number in the gutter (null while that line is not on screen). One look, in the page.
 */
async function shownCursor(line, file) {
  return page.evaluate(([line, file]) => {
    const status = document.querySelector('#status\\.editor\\.selection');
    // The group whose shown tab is `file` (the active one, or the one beside a panel that
    // holds the focus).
    const group = [...document.querySelectorAll('.editor-group-container')]
      .find((g) => g.querySelector(`.tabs-container .tab.active[data-resource-name="${file}"]`));
    const editor = group && [...group.querySelectorAll('.monaco-editor')]
      .find((e) => e.getClientRects().length > 0);
    const number = editor && [...editor.querySelectorAll('.margin-view-overlays .line-numbers')]
      .find((n) => n.textContent.trim() === String(line));
    const top = number && number.parentElement.style.top;
    const row = top && [...editor.querySelectorAll('.view-lines .view-line')].find((v) => v.style.top === top);
    return {
      title: document.title,
      status: status ? status.innerText.replace(/\s+/g, ' ').trim() : '',
      text: row ? row.textContent.replace(/\u00a0/g, ' ') : null,
    };
  }, [line, file]);
}

/** The tabs of every editor group, as `{ group, name, dirty }` (the name of the tab's resource). */
async function editorTabs() {
  return page.evaluate(() => [...document.querySelectorAll('.editor-group-container')].flatMap((group, n) =>
    [...group.querySelectorAll('.tabs-container .tab')].map((tab) => ({
      group: n + 1, name: tab.getAttribute('data-resource-name'), dirty: tab.classList.contains('dirty'),
    }))));
}

/** The screen box of the cursor, and the text of the line it is on. */
async function cursorLine() {
  const cursor = await activeEditor().locator('.cursors-layer .cursor').first().boundingBox();
  if (!cursor) {
    throw new Error('no cursor on screen');
  }
  const middle = cursor.y + cursor.height / 2;
  for (const line of await activeEditor().locator('.view-line').all()) {
    const box = await line.boundingBox();
    if (box && box.y <= middle && middle < box.y + box.height) {
      return { cursor, text: (await line.innerText()).replace(/\u00a0/g, ' ') };
    }
  }
  throw new Error('the line of the cursor is not on screen');
}

/** Rests the mouse on the character at a 1-based line and column until a hover with `text` shows. */
async function hoverAt(line, column, text) {
  await goTo(line, column);
  const { cursor } = await cursorLine();
  const hover = page.locator('.monaco-hover:not(.hidden)', { hasText: text }).first();
  // Read the text while the hover is on screen: it can hide again between a wait and a
  // later read (a stray pointer event), and a read of a hidden hover waits for its timeout.
  let shown = null;
  await until(`a hover with ${text}`, async () => {
    await page.mouse.move(cursor.x + 200, cursor.y + 200);
    await page.mouse.move(cursor.x + 3, cursor.y + cursor.height / 2, { steps: 3 });
    if (!(await hover.waitFor({ timeout: 2000 }).then(() => true, () => false))) return false;
    shown = await hover.innerText({ timeout: 1000 }).catch(() => null);
    return shown !== null;
  });
  return shown.replace(/\s+/g, ' ').trim();
}

/** The rows of the Problems panel, each with the file it belongs to. */
async function problems() {
  return page.evaluate(() => {
    const rows = [...document.querySelectorAll('.markers-panel .monaco-list-row')];
    rows.sort((a, b) => Number(a.getAttribute('data-index')) - Number(b.getAttribute('data-index')));
    let file = '';
    const out = [];
    for (const row of rows) {
      const text = row.innerText.replace(/\s+/g, ' ').trim();
      if (row.getAttribute('aria-level') === '1') {
        file = text.split(' ')[0];
        continue;
      }
      const at = /\[Ln (\d+), Col (\d+)\]/.exec(text);
      const code = /\b(HC\d{4})\b/.exec(text);
      out.push({ file, text, line: at ? Number(at[1]) : 0, code: code ? code[1] : '' });
    }
    return out;
  });
}

async function openProblemsPanel() {
  if (!(await page.locator('.markers-panel').isVisible().catch(() => false))) {
    await runCommand('View: Focus Problems');
  }
  await page.locator('.markers-panel').waitFor({ state: 'visible', timeout: TIMEOUT });
}

/** The notification toasts on screen: text and severity. */
async function toasts() {
  return page.evaluate(() =>
    [...document.querySelectorAll('.notifications-toasts .notification-toast')].map((t) => ({
      text: t.innerText.replace(/\s+/g, ' ').trim(),
      error: t.querySelector('.codicon-error') !== null,
    })),
  );
}

/**
 * The colours the editor gives the first character of each item kind on the grid lines
 * on screen: `{ x: [...], o: [...], ... }` (blue cells are `x`/`X`, black cells `o`/`O`).
 */
async function itemColours() {
  return activeEditor().evaluate((editor) => {
    const colours = {};
    for (const line of editor.querySelectorAll('.view-line')) {
      const text = line.textContent.replace(/\u00a0/g, ' ');
      if (!/^[.oOxX|\\/][.+cn](?:[.oOxX|\\/][.+cn])*$/.test(text)) {
        continue; // header lines: their letters are text, not cells
      }
      let at = 0;
      for (const span of line.querySelectorAll('span span')) {
        const colour = getComputedStyle(span).color;
        for (const ch of span.textContent) {
          if (at % 2 === 0 && ch !== '.') {
            (colours[ch] = colours[ch] || []).includes(colour) || colours[ch].push(colour);
          }
          at += 1;
        }
      }
    }
    return colours;
  });
}

async function checkCellColours() {
  // Tokenizing is asynchronous: wait until the grid has more than one colour and two looks
  // in a row agree.
  let previous = '';
  const colours = await until('coloured blue and black cells on screen', async () => {
    const c = await itemColours();
    const seen = JSON.stringify(c);
    const settled = seen === previous && new Set(Object.values(c).flat()).size > 1;
    previous = seen;
    return settled && (c.x || c.X) && (c.o || c.O) ? c : null;
  });
  const blue = [...(colours.x || []), ...(colours.X || [])];
  const black = [...(colours.o || []), ...(colours.O || [])];
  const note = Object.entries(colours).map(([ch, c]) => `${ch} ${c.join('/')}`).join(', ');
  if (blue.some((c) => black.includes(c))) {
    throw new Error(`a blue cell and a black cell share a colour: ${note}`);
  }
  return note;
}

async function checkLanguageInStatusBar() {
  const item = page.locator('#status\\.editor\\.mode');
  const text = await until(`"${LANGUAGE_NAME}" in the status bar`, async () => {
    const t = await item.innerText().catch(() => '');
    return t.includes(LANGUAGE_NAME) ? t : null;
  });
  return `"${text}"`;
}

// ---------------------------------------------------------------------------
// The checks.
// ---------------------------------------------------------------------------

async function phaseMissingServer() {
  await check('workbench loads the workspace', async () => {
    await loadWorkbench();
    await openFile(LEVELS.solvable.file);
  });
  await check('missing server: one error notification that names hexcells.server.path', async () => {
    const shown = await until('an error notification about hexcells.server.path', async () =>
      (await toasts()).filter((t) => t.text.includes('hexcells.server.path')),
    );
    if (!shown[0].error) {
      throw new Error(`the notification is not an error: ${shown[0].text}`);
    }
    if (!shown[0].text.includes(MISSING_BIN)) {
      throw new Error(`the notification does not name the path tried (${MISSING_BIN}): ${shown[0].text}`);
    }
    return shown[0].text;
  });
  await check(`TextMate grammar (${THEMES.missingServer}): blue and black cells get different colours`, checkCellColours);
  await check(`status bar shows the language "${LANGUAGE_NAME}"`, checkLanguageInStatusBar);
  await check('missing server: no restart loop (still one Hexcells notification)', async () => {
    await openFile(LEVELS.stuck.file);
    const all = (await toasts()).filter((t) => t.text.includes('Hexcells'));
    if (all.length !== 1) {
      throw new Error(`${all.length} Hexcells notifications: ${JSON.stringify(all)}`);
    }
  });
}

/**
 * As a user would: "Open Settings" on the Hexcells notification, then type the path into the
 * setting. The extension restarts the server when its settings change.
 */
async function setServerPathFromNotification(serverPath) {
  await page.locator('.notifications-toasts .notification-toast', { hasText: 'hexcells.server.path' })
    .getByRole('button', { name: 'Open Settings' }).first().click({ timeout: TIMEOUT });
  const input = page.locator('.settings-editor .setting-item', { hasText: 'Server: Path' }).locator('input').first();
  // In a remote window (code-server is one) a machine-overridable setting is not on the User
  // tab but on the Remote one.
  const remoteTab = page.locator('.settings-editor .settings-tabs-widget .action-label', { hasText: 'Remote' });
  await until('the setting or a Remote tab', async () =>
    (await input.isVisible()) || (await remoteTab.first().isVisible()));
  if (await remoteTab.first().isVisible()) {
    await remoteTab.first().click();
  }
  await input.waitFor({ state: 'visible', timeout: TIMEOUT });
  await runCommand('Notifications: Clear All Notifications');
  await until('no notifications', async () => (await toasts()).length === 0);
  await input.fill(serverPath);
  // The Settings editor saves after a pause: wait for the machine's file, then close the
  // editor, so the next "Open Settings" starts afresh. An empty path may be saved as "" or
  // as no entry at all.
  const file = path.join(USER_DATA, 'Machine', 'settings.json');
  await until(`"${serverPath}" saved in ${file}`, async () => {
    let saved;
    try {
      saved = JSON.parse(fs.readFileSync(file, 'utf8'))['hexcells.server.path'];
    } catch {
      return false;
    }
    return saved === serverPath || (serverPath === '' && saved === undefined);
  });
  await runCommand('View: Close All Editors');
}

/** The running processes whose executable lies under `dir`, as `{ pid, exe, args }`. */
function processesUnder(dir) {
  const found = [];
  for (const pid of fs.readdirSync('/proc').filter((p) => /^\d+$/.test(p))) {
    try {
      const exe = fs.readlinkSync(`/proc/${pid}/exe`);
      if (exe.startsWith(dir + path.sep)) {
        const args = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
        found.push({ pid: Number(pid), exe, args });
      }
    } catch {
      // gone, or not ours to read
    }
  }
  return found;
}

/** The text of the Hexcells output channel, as VS Code logs it under the user data. */
function hexcellsOutput() {
  const logs = path.join(USER_DATA, 'logs');
  if (!fs.existsSync(logs)) return '';
  return fs.readdirSync(logs, { recursive: true })
    .filter((f) => /(^|[/-])Hexcells\.log$/.test(f))
    .map((f) => fs.readFileSync(path.join(logs, f), 'utf8'))
    .join('\n');
}

async function phaseCrashingServer() {
  await check('crashing server: one error notification that names hexcells.server.path', async () => {
    await setServerPathFromNotification(CRASHING_BIN);
    const shown = await until('an error notification about hexcells.server.path', async () =>
      (await toasts()).filter((t) => t.error && t.text.includes('hexcells.server.path')),
    );
    return shown.map((t) => t.text).join(' | ');
  });
  await check('crashing server: started once, not restarted in a loop', async () => {
    const starts = path.join(path.dirname(CRASHING_BIN), 'starts');
    const n = fs.existsSync(starts) ? fs.readFileSync(starts, 'utf8').split('\n').filter(Boolean).length : 0;
    const all = (await toasts()).filter((t) => t.text.includes('Hexcells'));
    if (n !== 1 || all.length !== 1) {
      throw new Error(`started ${n} time(s); ${all.length} Hexcells notification(s): ${all.map((t) => t.text).join(' | ')}`);
    }
  });
}

async function phaseRealServer() {
  let stepLines = [];
  await check('real server: hexcells.server.path cleared through the notification\'s Open Settings, theme switched', async () => {
    await setServerPathFromNotification('');
    await runCommand('Preferences: Color Theme', 'Color Theme');
    await page.locator('.quick-input-widget input').fill(THEMES.realServer.replace('Default ', ''));
    await page.locator('.quick-input-list .monaco-list-row', { hasText: THEMES.realServer.replace('Default ', '') })
      .first().click({ timeout: TIMEOUT });
    await page.locator('.quick-input-widget').waitFor({ state: 'hidden', timeout: TIMEOUT });
    await openFile(LEVELS.stuck.file);
  });
  await check('the hexcells the extension carries runs, and the output panel says so', async () => {
    const running = await until(`hexcells lsp running from ${EXTENSIONS}`, async () =>
      processesUnder(EXTENSIONS).filter((p) => path.basename(p.exe) === 'hexcells' && p.args[1] === 'lsp'));
    const exe = running[0].exe;
    if (!exe.includes(`${path.sep}server${path.sep}`)) {
      throw new Error(`the server runs from ${exe}, not from the extension's server/ folder`);
    }
    const line = await until('the output panel naming the carried server', async () =>
      hexcellsOutput().split('\n').find((l) => l.includes(exe) && l.includes('carried by the extension')));
    return line.trim();
  });
  await check(`stuck level: ${LEVELS.stuck.code} in the Problems panel on lines ${LEVELS.stuck.lines.join(', ')}`, async () => {
    await openProblemsPanel();
    const want = LEVELS.stuck;
    const rows = await until(`${want.code} rows for ${want.file}`, async () => {
      const found = (await problems()).filter((p) => p.file === want.file && p.code === want.code);
      return want.lines.every((l) => found.some((p) => p.line === l)) ? found : null;
    });
    const stray = rows.filter((p) => !want.lines.includes(p.line));
    if (stray.length > 0) {
      throw new Error(`${want.code} on unexpected lines: ${JSON.stringify(stray)}`);
    }
    return rows.map((p) => p.text).join(' | ');
  });
  await check('screenshot of the stuck level with its diagnostics', async () => {
    await activeEditor().locator('.squiggly-error').first().waitFor({ timeout: TIMEOUT });
    await hoverAt(LEVELS.stuck.lines[0], LEVELS.stuck.column, LEVELS.stuck.code);
    // Let the hover finish fading in (its own animations and its containers').
    // The hover may already be gone again: then there is nothing left to wait for.
    await page.locator('.monaco-hover:not(.hidden)').first().evaluate(async (el) => {
      const animations = [];
      for (let node = el; node && node !== document.body; node = node.parentElement) {
        animations.push(...node.getAnimations());
      }
      const done = Promise.all(animations.map((a) => a.finished.catch(() => {})));
      await Promise.race([done, new Promise((resolve) => setTimeout(resolve, 3000))]);
    }, undefined, { timeout: 5000 }).catch(() => {});
    const shot = path.join(OUT, 'vscode.png');
    await page.screenshot({ path: shot });
    await page.mouse.move(5, 5);
    if (process.env.UPDATE_SCREENSHOT === '1') {
      fs.mkdirSync(path.join(ROOT, 'docs', 'images'), { recursive: true });
      fs.copyFileSync(shot, path.join(ROOT, 'docs', 'images', 'vscode.png'));
      return `${shot}, copied to docs/images/vscode.png`;
    }
    return shot;
  });
  await check(`grid colours with the server running (${THEMES.realServer}): blue and black cells differ`, checkCellColours);
  await check(`status bar shows the language "${LANGUAGE_NAME}" with the server running`, checkLanguageInStatusBar);

  await check('hover on a numbered cell shows its count', async () => {
    const want = LEVELS.solvable.hover;
    await openFile(LEVELS.solvable.file);
    const text = await hoverAt(want.line, want.column, want.text);
    await page.mouse.move(5, 5);
    return text;
  });

  await check(`"${SOLVE_COMMAND}" opens the steps without an error notification`, async () => {
    await openFile(LEVELS.solvable.file);
    const tabsBefore = await page.locator('.tabs-container .tab').count();
    await runCommand(SOLVE_COMMAND);
    const heading = `Solution steps: ${LEVELS.solvable.file}`;
    await until('the steps document', async () => {
      const errors = (await toasts()).filter((t) => t.error || t.text.includes('Hexcells'));
      if (errors.length > 0) {
        throw new Error(`notification: ${errors.map((t) => t.text).join(' | ')}`);
      }
      return page.locator('.view-line', { hasText: heading }).first().isVisible();
    });
    const tabsAfter = await page.locator('.tabs-container .tab').count();
    const steps = await until('numbered steps', () =>
      page.locator('.editor-group-container.active .view-line', { hasText: /^\d+\.\s/ }).allInnerTexts());
    const broken = steps.filter((s) => /^\d+\.\s+(error|usage)\b/i.test(s));
    if (broken.length > 0) {
      throw new Error(`the steps are an error message: ${broken.join(' | ')}`);
    }
    stepLines = steps;
    return `${tabsAfter - tabsBefore} new tab; ${steps[0]} (${steps.length} step line(s) on screen)`;
  });

  await check('the solution steps read as text, not raw JSON', async () => {
    const raw = stepLines.filter((s) => /^\d+\.\s+`?[{[]/.test(s));
    if (stepLines.length === 0 || raw.length > 0) {
      throw new Error(`steps shown as JSON: ${raw.join(' | ') || '(no steps)'}`);
    }
  });

  await check(`quick fix from the light bulb changes the text and clears ${LEVELS.fixable.code}`, async () => {
    const want = LEVELS.fixable;
    await openFile(want.file);
    await openProblemsPanel();
    await until(`${want.code} for ${want.file} in the Problems panel`, async () =>
      (await problems()).filter((p) => p.file === want.file && p.code === want.code && p.line === want.line),
    );
    await goTo(want.line, want.column);
    const before = (await cursorLine()).text;
    const group = before.slice(want.column - 1, want.column + 1);
    if (group !== want.before) {
      throw new Error(`expected \`${want.before}\` at ${want.line}:${want.column}, found \`${group}\``);
    }
    // VS Code draws the light bulb in the gutter (or, without a glyph margin, in the text).
    const bulb = activeEditor()
      .locator('[class*="codicon-gutter-lightbulb"], .lightBulbWidget .codicon')
      .filter({ visible: true })
      .first();
    await until('the light bulb', async () => {
      if (await bulb.waitFor({ state: 'visible', timeout: 3000 }).then(() => true, () => false)) {
        return true;
      }
      // Code actions are asked for when the cursor moves: move it away and back.
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('ArrowLeft');
      return false;
    });
    await bulb.click();
    const menu = page.locator('.action-widget .monaco-list-row.action');
    await menu.first().waitFor({ state: 'visible', timeout: TIMEOUT });
    const offered = (await menu.allInnerTexts()).map((t) => t.replace(/\s+/g, ' ').trim());
    // The preferred quick fix comes first and has the focus: Enter applies it, as a user would.
    const focused = page.locator('.action-widget .monaco-list-row.action.focused');
    const title = (await focused.innerText({ timeout: TIMEOUT })).replace(/\s+/g, ' ').trim();
    if (!title.includes(want.fixTitle)) {
      throw new Error(`the first action is "${title}", not the quick fix (offered: ${offered.join(' | ')})`);
    }
    await page.keyboard.press('Enter');
    const after = await until('the text to change', async () => {
      const text = (await cursorLine()).text;
      return text !== before ? text : null;
    });
    const fixed = after.slice(want.column - 1, want.column + 1);
    if (fixed !== want.after) {
      throw new Error(`expected \`${want.after}\` after the fix, found \`${fixed}\` (offered: ${offered.join(' | ')})`);
    }
    await until(`${want.code} to leave the Problems panel`, async () =>
      !(await problems()).some((p) => p.file === want.file && p.code === want.code),
    );
    return `offered: ${offered.join(' | ')}`;
  });

  await check('no problems for the solvable level and the fixed one, while the stuck one keeps its own', async () => {
    const rows = await problems();
    const clean = [LEVELS.solvable.file, LEVELS.fixable.file];
    const unexpected = rows.filter((p) => clean.includes(p.file));
    if (unexpected.length > 0) {
      throw new Error(`unexpected problems: ${unexpected.map((p) => `${p.file}: ${p.text}`).join(' | ')}`);
    }
    if (!rows.some((p) => p.file === LEVELS.stuck.file && p.code === LEVELS.stuck.code)) {
      throw new Error(`${LEVELS.stuck.code} for ${LEVELS.stuck.file} is gone from the panel: ${JSON.stringify(rows)}`);
    }
  });
}

// ---------------------------------------------------------------------------
// The live viewer, on the X display run.sh started for code-server.
// ---------------------------------------------------------------------------

/** Runs xdotool on the viewer's display; returns its output (empty when it fails, e.g. no window yet). */
function xdotool(...args) {
  try {
    return execFileSync('xdotool', args, {
      env: { ...process.env, DISPLAY: VIEWER_DISPLAY }, encoding: 'utf8', timeout: 10000, stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch (e) {
    return (e.stdout || '').trim();
  }
}

/** The name of the X window `id`. */
const windowName = (id) => xdotool('getwindowname', id);

/** The text of the active editor's lines on screen, top to bottom (spaces as spaces). */
async function editorLines(editor = activeEditor()) {
  return editor.evaluate((editor) =>
    [...editor.querySelectorAll('.view-lines .view-line')]
      .map((line) => ({ top: parseFloat(line.style.top) || 0, text: line.textContent.replace(/\u00a0/g, ' ') }))
      .sort((a, b) => a.top - b.top)
      .map((line) => line.text));
}

async function phaseViewer() {
  const name = 'viewer edit lands in VS Code\'s buffer (workspace/applyEdit), not on disk; Ctrl+Z undoes it';
  if (VIEWER_SKIP) {
    skip(name, VIEWER_SKIP);
    return;
  }
  await check(name, async () => {
    const want = LEVELS.viewer;
    const disk = path.join(WORKSPACE, want.file);
    const onDisk = fs.readFileSync(disk, 'utf8');
    const edited = want.title + want.typed;
    await openFile(want.file);
    const before = await editorLines();
    if (before[want.titleLine - 1] !== want.title) {
      throw new Error(`line ${want.titleLine} is \`${before[want.titleLine - 1]}\`, not the title \`${want.title}\``);
    }
    // By resource: the untitled steps document's tab is named after its first line, which
    // holds the file name too (and it is dirty).
    const tab = page.locator(`.tabs-container .tab.dirty[data-resource-name="${want.file}"]`);
    if ((await tab.count()) > 0) {
      throw new Error(`${want.file} has unsaved changes before the viewer's edit`);
    }
    await runCommand('Hexcells: Open viewer');
    // The window is named after the level once the viewer has the text from the server.
    const window = await until(`a viewer window named after "${want.title}" on ${VIEWER_DISPLAY}`, async () => {
      const id = xdotool('search', '--onlyvisible', '--name', 'hexcells-view').split('\n')[0];
      return id && windowName(id).includes(want.title) ? id : null;
    }, 60000);
    const viewers = processesUnder(EXTENSIONS).filter((p) => path.basename(p.exe) === 'hexcells-view');
    if (viewers.length === 0) {
      throw new Error(`the viewer is not the hexcells-view the extension carries (none runs from ${EXTENSIONS})`);
    }
    xdotool('windowfocus', '--sync', window);
    xdotool('key', '--window', window, 'Tab');
    await until('Tab to switch the viewer to its editor', async () => windowName(window).includes('(editor)'));
    // Ctrl+D: the title's prompt, holding the title; type after it, Enter applies, Esc closes.
    xdotool('key', '--window', window, 'ctrl+d');
    xdotool('type', '--window', window, '--delay', '20', want.typed);
    xdotool('key', '--window', window, 'Return');
    xdotool('key', '--window', window, 'Escape');
    await until(`line ${want.titleLine} to read \`${edited}\` in VS Code`, async () =>
      (await editorLines())[want.titleLine - 1] === edited);
    const after = await editorLines();
    const changed = after.map((text, i) => (text === before[i] ? -1 : i + 1)).filter((i) => i > 0);
    if (changed.length !== 1) {
      throw new Error(`lines ${changed.join(', ')} changed, not only line ${want.titleLine}`);
    }
    const written = () => fs.readFileSync(disk, 'utf8') !== onDisk;
    await until(`the tab of ${want.file} to show unsaved changes`, async () => {
      if (written()) {
        throw new Error(`the viewer's edit was written to ${disk}; it belongs in the buffer only`);
      }
      return (await tab.count()) > 0;
    });
    if (written()) {
      throw new Error(`the viewer's edit was written to ${disk}; it belongs in the buffer only`);
    }
    // VS Code's own undo, in the editor.
    await activeEditor().locator('.view-line').first().click();
    await page.keyboard.press('Control+Z');
    await until(`Ctrl+Z to bring back \`${want.title}\` on line ${want.titleLine}`, async () =>
      (await editorLines())[want.titleLine - 1] === want.title);
    await until(`the tab of ${want.file} to be clean again`, async () => (await tab.count()) === 0);
    if (fs.readFileSync(disk, 'utf8') !== onDisk) {
      throw new Error(`${disk} changed`);
    }
    return `viewer window ${window} on ${VIEWER_DISPLAY} (${viewers[0].exe}); \`${edited}\` in the buffer, undone`;
  });
}

/** The frame of the page hexcells-view --serve serves, inside the preview panel's webview. */
async function previewFrame() {
  let seen = [];
  try {
    return await until('the preview page inside the panel', async () => {
      seen = [];
      for (const frame of page.frames()) {
        const cells = await frame.locator('[data-cell]').count().catch(() => 0);
        const url = frame.url().replace(/token=[^&]*/, 'token=…');
        const text = url.includes('/proxy/') ? (await frame.locator('body').innerText().catch(() => '')).slice(0, 200) : '';
        seen.push(`${url.slice(0, 80)} (${cells} cells) ${text}`);
        // The page reached through code-server's /proxy/PORT/ (its script takes the
        // token out of its own address once loaded, and keeps it for its socket).
        if (frame.url().includes('/proxy/') && cells > 0) {
          return frame;
        }
      }
      return null;
    }, 60000);
  } catch (e) {
    throw new Error(`${e.message}; frames: ${seen.join(' | ')}`);
  }
}

/** The environment of process `pid` (Linux), as an object. */
function environOf(pid) {
  const env = {};
  for (const entry of fs.readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0')) {
    const eq = entry.indexOf('=');
    if (eq > 0) env[entry.slice(0, eq)] = entry.slice(eq + 1);
  }
  return env;
}

async function phasePreview() {
  const want = LEVELS.preview;
  // The level's text editor: the only one on screen, whether or not its group is active.
  const levelEditor = () => page.locator('.editor-group-container .monaco-editor').first();
  // Its tab: a click on it gives the text the keyboard back (from the panel).
  // The level's tab, then its text: the keyboard goes back to the editor (the panel
  // keeps it otherwise, and Ctrl+G would reach the page instead of the workbench). The
  // click on the text is in the middle of the editor, away from the tab's tooltip,
  // which shows while the pointer rests on the tab and covers the lines below it.
  const focusLevel = async () => {
    await page.locator(`.tabs-container .tab[data-resource-name="${want.file}"]`).first().click();
    const box = await activeEditor().boundingBox();
    if (box) {
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    }
  };
  let frame;
  await check('"Hexcells: Open Preview to the Side" (Ctrl+K V) shows the level\'s cells in a panel, served with no display', async () => {
    await openFile(want.file);
    await activeEditor().locator('.view-line').first().click();
    await page.keyboard.press('Control+K');
    await page.keyboard.press('V');
    frame = await previewFrame();
    const cells = await frame.locator('[data-cell]').evaluateAll((els) => els.map((e) => e.getAttribute('data-cell')));
    const missing = want.cells.filter((c) => !cells.includes(c));
    if (missing.length > 0) {
      throw new Error(`cells ${missing.join(', ')} are not in the panel (it has ${cells.join(', ')})`);
    }
    const servers = processesUnder(EXTENSIONS).filter((p) => path.basename(p.exe) === 'hexcells-view');
    if (servers.length === 0) {
      throw new Error(`the page is not served by the hexcells-view the extension carries (none runs from ${EXTENSIONS})`);
    }
    const displays = servers.map((p) => environOf(p.pid)).filter((env) => env.DISPLAY || env.WAYLAND_DISPLAY);
    if (displays.length > 0) {
      throw new Error(`hexcells-view runs with a display (${JSON.stringify(displays[0].DISPLAY || displays[0].WAYLAND_DISPLAY)}); this part must run without one`);
    }
    return `${cells.length} cells at ${new URL(frame.url()).pathname}, no DISPLAY or WAYLAND_DISPLAY`;
  });
  if (!frame) {
    return;
  }
  await check(`a click on ${want.click.cell} in the panel moves the cursor to line ${want.click.line}`, async () => {
    const { line, column } = want.click;
    await focusLevel();
    await goTo(1, 1);
    await frame.locator(`[data-cell="${want.click.cell}"]`).first().click();
    // The cursor as VS Code shows it (the status bar, of the level's editor or of the
    // panel beside it), not where a cursor element is drawn: the cell's two characters
    // are selected (the status bar names either end), and they are its text on that line.
    // The language server asks for the focus too (`takeFocus`), but VS Code may hand it
    // back to the panel when it notices the click there late: the title names either.
    const at = new RegExp(`^Ln ${line}, Col (${column}|${column + 2}) \\(2 selected\\)$`);
    let seen;
    try {
      await until(`${want.file}'s cursor on \`${want.click.text}\` of line ${line}`, async () => {
        seen = await shownCursor(line, want.file);
        const titled = seen.title.startsWith(`${want.file} `) || seen.title.startsWith(`Preview ${want.file} `);
        return titled && at.test(seen.status)
          && seen.text !== null && seen.text.slice(column - 1, column + 1) === want.click.text;
      });
    } catch (e) {
      throw new Error(`${e.message}; shown: ${JSON.stringify(seen)}`);
    }
    return `${seen.status} in ${want.file}`;
  });
  await check('an edit in the panel lands in VS Code\'s buffer (not on disk); Ctrl+Z undoes it', async () => {
    const disk = path.join(WORKSPACE, want.file);
    const onDisk = fs.readFileSync(disk, 'utf8');
    const edited = want.title + want.typed;
    // The click scrolled the editor to the grid: back to the top, where the title is.
    await focusLevel();
    await goTo(1, 1);
    const before = await editorLines(levelEditor());
    if (before[want.titleLine - 1] !== want.title) {
      throw new Error(`line ${want.titleLine} is \`${before[want.titleLine - 1]}\`, not the title \`${want.title}\``);
    }
    const board = frame.locator('#board');
    await board.focus();
    await board.press('Tab');
    await until('Tab to switch the page to its editor', async () => (await frame.title()).includes('(editor)'));
    // Ctrl+D: the title's prompt, holding the title; type after it, Enter applies, Esc closes.
    await board.press('Control+D');
    await board.pressSequentially(want.typed, { delay: 20 });
    await board.press('Enter');
    await board.press('Escape');
    await until(`line ${want.titleLine} to read \`${edited}\` in VS Code`, async () =>
      (await editorLines(levelEditor()))[want.titleLine - 1] === edited);
    const tab = page.locator(`.tabs-container .tab.dirty[data-resource-name="${want.file}"]`);
    await until(`the tab of ${want.file} to show unsaved changes`, async () => (await tab.count()) > 0);
    if (fs.readFileSync(disk, 'utf8') !== onDisk) {
      throw new Error(`the panel's edit was written to ${disk}; it belongs in the buffer only`);
    }
    await focusLevel();
    await page.keyboard.press('Control+Z');
    await until(`Ctrl+Z to bring back \`${want.title}\` on line ${want.titleLine}`, async () =>
      (await editorLines(levelEditor()))[want.titleLine - 1] === want.title);
    await until(`the tab of ${want.file} to be clean again`, async () => (await tab.count()) === 0);
    await until('the panel to follow the undo', async () => !(await frame.title()).includes(want.typed));
    return `\`${edited}\` in the buffer, undone, and the panel's title followed`;
  });
  await check('the panel follows the active level: another .hexcells file shows its own cells', async () => {
    const other = LEVELS.stuck;
    await quickOpen(other.file);
    await page.locator(`.editor-group-container .tab.active[data-resource-name="${other.file}"]`)
      .waitFor({ timeout: TIMEOUT });
    const shown = await until(`the panel to show ${other.file}'s cells`, async () => {
      for (const f of page.frames()) {
        if (f.url().includes('/proxy/') && (await f.locator('[data-cell="U15"]').count().catch(() => 0)) > 0) {
          return f;
        }
      }
      return null;
    });
    // The keyboard stays in the text editor: the page, framed, takes it only on a click
    // (the window's title would name the panel, and the status bar lose its cursor).
    const keys = await page.evaluate(() => ({
      title: document.title,
      cursor: document.querySelector('#status\\.editor\\.selection')?.innerText ?? null,
    }));
    if (!keys.title.startsWith(`${other.file} `) || !/^Ln \d+, Col \d+/.test(keys.cursor ?? '')) {
      throw new Error(`the panel took the keyboard from ${other.file}'s editor: ${JSON.stringify(keys)}`);
    }
    const tab = await page.locator('.tabs-container .tab', { hasText: `Preview ${other.file}` }).count();
    if (tab === 0) {
      throw new Error(`the panel's tab is not named after ${other.file}`);
    }
    return `U15 shown at ${new URL(shown.url()).pathname}`;
  });
  await check('no editor but those the checks opened, and none left unsaved (nothing restored, nothing typed astray)', async () => {
    const opened = [want.file, LEVELS.stuck.file];
    const all = await editorTabs();
    const stray = all.filter((t) => t.dirty || !(opened.includes(t.name) || t.name.startsWith('webview-')));
    if (stray.length > 0) {
      throw new Error(`stray editors: ${JSON.stringify(stray)} (all: ${JSON.stringify(all)})`);
    }
    return all.map((t) => `${t.group}: ${t.name}`).join(', ');
  });
}

(async () => {
  fs.mkdirSync(OUT, { recursive: true });
  for (const f of fs.readdirSync(OUT)) {
    if (f.endsWith('.png') && E2E_PART === '') fs.rmSync(path.join(OUT, f));
  }
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'hexcells-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    headless: true,
    viewport: { width: 1280, height: 800 },
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
      '--disable-component-update', '--disable-sync'],
  });
  try {
    page = context.pages()[0] || (await context.newPage());
    console.log(`[${elapsed()}] browser up`);
    if (E2E_PART === 'preview') {
      await loadWorkbench();
      await phasePreview();
    } else {
      await phaseMissingServer();
      await phaseCrashingServer();
      await phaseRealServer();
      await phaseViewer();
    }
  } catch (e) {
    results.push(false);
    console.log(`FAIL  the test itself: ${e.message}`);
  } finally {
    await context.close().catch(() => {});
    fs.rmSync(profile, { recursive: true, force: true });
  }
  const passed = results.filter(Boolean).length;
  const failed = results.length - passed;
  console.log(`[${elapsed()}] total`);
  console.log(`${passed} passed, ${failed} failed, ${skipped.length} skipped`);
  process.exit(failed === 0 ? 0 : 1);
})();
