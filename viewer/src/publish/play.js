
"use strict";
// hexcells-view --html: the published page's script (allowed by its hash). It draws
// nothing and reads no level: each level's frame (a <template>) holds every look of
// every cell and counter, drawn by hexcells-view, and its data block what a game needs
// (src/publish/level_data.rs): each item's colour, each clue's members, where the arrow
// keys go. The script shows one look at a time, counts, keeps the progress in the
// browser's storage (keyed by each level's content) and says when a level is solved.
// Its rules are the window's player's (src/player/moves.rs), and a test plays both.
(() => {
  const $ = (id) => document.getElementById(id);
  const pack = JSON.parse($("pack").textContent);
  const board = $("board");
  const message = $("message");
  const notice = $("notice");
  const tapSwitch = $("switch");
  const restart = $("restart");
  const list = $("levels");
  const PREFIX = "hexcells-view:";
  const ZOOM = { min: 0.25, max: 8, step: 1.2 };

  // The browser's storage, or none (blocked site data, some private modes): the page
  // still plays, and says that a reload starts afresh.
  const storage = (() => {
    try {
      const s = window.localStorage;
      s.setItem(`${PREFIX}probe`, "1");
      s.removeItem(`${PREFIX}probe`);
      return s;
    } catch (e) {
      return null;
    }
  })();
  if (!storage) {
    notice.textContent = "this browser keeps no progress for this page: it plays, but a reload starts afresh";
  }
  const load = (key) => {
    if (!storage) return null;
    try {
      return JSON.parse(storage.getItem(PREFIX + key));
    } catch (e) {
      return null;
    }
  };
  const store = (key, value) => {
    if (!storage) return;
    try {
      storage.setItem(PREFIX + key, JSON.stringify(value));
    } catch (e) {
      notice.textContent = "the browser's storage is full: progress is no longer kept";
    }
  };

  const levels = Array.from({ length: pack.levels }, (_, k) => JSON.parse($(`data-${k + 1}`).textContent));
  const names = list ? Array.from(list.options, (o) => o.textContent) : [document.title];
  const say = (text) => { message.textContent = text; };
  let game = null;
  let tapBlue = true;

  // What an item is and shows (`items`: b k hidden blue / black, B K revealed, c column).
  const isColumn = (g, i) => g.data.items[i] === "c";
  const isBlue = (g, i) => "bB".includes(g.data.items[i]);
  const showsNumber = (g, i) => g.data.labels[i] !== "";
  const numberVisible = (g, i) => showsNumber(g, i) && (isColumn(g, i) || g.open[i] === 1);
  const highlightable = (g, i) => numberVisible(g, i) && (isColumn(g, i) || isBlue(g, i));
  const name = (g, i) => g.items[i].dataset.cell;

  function describe(g, i) {
    const label = g.data.labels[i];
    const dimmed = g.dimmed.has(i) ? ", dimmed" : "";
    if (isColumn(g, i)) return `${name(g, i)}: column number ${label}${dimmed}`;
    if (!g.open[i]) return `${name(g, i)}: hidden`;
    return `${name(g, i)}: ${isBlue(g, i) ? "blue" : "black"}${label ? ` ${label}${dimmed}` : ""}`;
  }

  function showCounter(part, label, value, places) {
    const digits = String(Math.min(value, 10 ** places - 1));
    for (const layer of part.querySelectorAll(':scope > [data-look^="digits-"]')) {
      const on = layer.dataset.look === `digits-${digits.length}`;
      layer.classList.toggle("on", on);
      if (!on) continue;
      // Run d holds digit d at every place (<g fill><text/><g transform>glyphs</g></g>).
      Array.from(layer.children).forEach((run, d) => {
        const glyphs = run.lastElementChild.children;
        for (let p = 0; p < glyphs.length; p++) glyphs[p].classList.toggle("on", digits[p] === String(d));
      });
    }
    part.setAttribute("aria-label", `${label} ${value}`);
  }

  function showCounters(g) {
    showCounter(g.counters[0], "REMAINING", g.remaining, g.data.digits[0]);
    showCounter(g.counters[1], "MISTAKES", g.mistakes, g.data.digits[1]);
  }

  // The cells outlined: the members of the clues highlighted, hovered or focused.
  function showLit(g) {
    const want = new Set();
    const add = (i) => {
      if (i >= 0 && numberVisible(g, i)) for (const m of g.data.clues[i]) want.add(m);
    };
    g.lit.forEach(add);
    add(g.hover);
    add(g.focusLit);
    for (const m of g.litCells) if (!want.has(m)) g.items[m].classList.remove("lit");
    for (const m of want) if (!g.litCells.has(m)) g.items[m].classList.add("lit");
    g.litCells = want;
  }

  function keep(g) {
    store(`level:${g.data.key}`, { open: g.order, mistakes: g.mistakes, dimmed: [...g.dimmed], done: g.done });
  }

  function markDone(k, done) {
    if (list) list.options[k].textContent = `${done ? "✓ " : ""}${names[k]}`;
  }

  function solved(g) {
    g.done = true;
    markDone(g.index, true);
    document.body.classList.add("solved");
    const s = g.mistakes === 1 ? "" : "s";
    say(`solved with ${g.mistakes} mistake${s}${pack.levels > 1 ? " · ▶ next level" : ""}`);
  }

  // A click, a tap or a key on item i, as the window's player takes a click
  // (moves.rs, `click`): the primary one (left button, blue tap, B) shows or hides the
  // flower or beam of a number, the other (right button, black tap, X) dims or
  // restores a number; else a hidden cell is uncovered as `colour`, and a wrong colour
  // is a mistake that leaves it hidden.
  function act(i, primary, colour) {
    const g = game;
    if (primary && highlightable(g, i)) {
      if (!g.lit.delete(i)) g.lit.add(i);
      showLit(g);
      return;
    }
    if (!primary && numberVisible(g, i)) {
      g.lit.delete(i);
      const dimmed = !g.dimmed.delete(i);
      if (dimmed) g.dimmed.add(i);
      g.items[i].classList.toggle("dim", dimmed);
      g.items[i].setAttribute("aria-label", describe(g, i));
      say(dimmed ? `${name(g, i)} dimmed · the other click again restores it` : `${name(g, i)} restored`);
      showLit(g);
      keep(g);
      return;
    }
    if (isColumn(g, i) || g.open[i]) return;
    if (colour !== (isBlue(g, i) ? "blue" : "black")) {
      g.mistakes += 1;
      showCounters(g);
      say(`${name(g, i)} is not ${colour}: one more mistake`);
      keep(g);
      return;
    }
    g.open[i] = 1;
    g.order.push(i);
    g.hidden -= 1;
    if (isBlue(g, i)) g.remaining -= 1;
    g.items[i].classList.add("open");
    g.items[i].setAttribute("aria-label", describe(g, i));
    showCounters(g);
    showLit(g);
    if (g.hidden === 0) solved(g);
    else say("");
    keep(g);
  }

  // Level `index` on the board, with its saved progress unless `fresh`.
  function open(index, fresh) {
    const data = levels[index];
    const svg = document.importNode($(`level-${index + 1}`).content.firstElementChild, true);
    const items = Array.from(svg.querySelectorAll("[data-cell]"));
    const g = {
      index, data, svg, items,
      at: new Map(items.map((el, i) => [el, i])),
      open: new Uint8Array(items.length),
      order: [], mistakes: 0, dimmed: new Set(), lit: new Set(), litCells: new Set(),
      hover: -1, focus: -1, focusLit: -1, done: false, hidden: 0, remaining: 0,
      zoom: { z: 1, x: 0, y: 0 }, board: svg.querySelector('[data-part="board"]'),
      ring: svg.querySelector('[data-part="focus"]'),
      counters: [svg.querySelector('[data-part="remaining"]'), svg.querySelector('[data-part="mistakes"]')],
    };
    for (let i = 0; i < items.length; i++) {
      const kind = data.items[i];
      if (kind === "B" || kind === "K") g.open[i] = 1;
    }
    const saved = fresh ? null : load(`level:${data.key}`);
    if (saved && typeof saved === "object") {
      for (const i of Array.isArray(saved.open) ? saved.open : []) {
        if (Number.isInteger(i) && "bk".includes(data.items[i] || "c") && !g.open[i]) {
          g.open[i] = 1;
          g.order.push(i);
        }
      }
      if (Number.isInteger(saved.mistakes) && saved.mistakes > 0) g.mistakes = saved.mistakes;
      for (const i of Array.isArray(saved.dimmed) ? saved.dimmed : []) {
        if (Number.isInteger(i) && i >= 0 && i < items.length && numberVisible(g, i)) g.dimmed.add(i);
      }
      g.done = saved.done === true;
    }
    if (fresh) g.done = Boolean(load(`level:${data.key}`)?.done);
    for (let i = 0; i < items.length; i++) {
      const el = items[i];
      if (!isColumn(g, i)) {
        if (!g.open[i]) g.hidden += 1;
        if (isBlue(g, i) && !g.open[i]) g.remaining += 1;
        if (g.open[i]) el.classList.add("open");
      }
      if (g.dimmed.has(i)) el.classList.add("dim");
      el.setAttribute("role", "button");
      el.setAttribute("tabindex", "-1");
      el.setAttribute("aria-label", describe(g, i));
    }
    for (const layer of svg.querySelectorAll('[data-look^="digits-"]')) layer.setAttribute("aria-hidden", "true");
    svg.setAttribute("role", "group");
    svg.setAttribute("aria-label", "the level: arrow keys move, B uncovers blue, X black");
    const first = Math.max(0, items.findIndex((el, i) => !isColumn(g, i) && !g.open[i]));
    if (items.length) items[first].setAttribute("tabindex", "0");
    g.focus = items.length ? first : -1;
    game = g;
    board.replaceChildren(svg);
    showCounters(g);
    document.body.classList.remove("solved");
    if (list) {
      list.value = String(index);
      document.title = names[index];
      store(`pack:${pack.key}`, { level: index });
    }
    if (g.hidden === 0 && items.length) solved(g);
    else say(g.order.length || g.mistakes ? "progress restored" : "");
  }

  let focusing = false;
  // Keyboard focus: one item at a time takes Tab (a roving tabindex); the ring shows
  // on it while the keys move it, and its number's cells are outlined as on a hover.
  function focusItem(i, byKey) {
    const g = game;
    if (g.focus >= 0) g.items[g.focus].setAttribute("tabindex", "-1");
    g.focus = i;
    g.focusLit = byKey ? i : -1;
    g.items[i].setAttribute("tabindex", "0");
    focusing = true;
    g.items[i].focus({ preventScroll: true });
    focusing = false;
    g.ring.setAttribute("transform", `translate(${g.data.at[i][0]} ${g.data.at[i][1]})`);
    g.svg.classList.toggle("keys", byKey);
    showLit(g);
  }

  const itemAt = (target) => {
    const el = target && target.closest ? target.closest("[data-cell]") : null;
    return el && game.at.has(el) ? game.at.get(el) : -1;
  };

  // Zoom and pan: the board's part of the frame scaled and moved (the header stays).
  function frameOf(x, y) {
    const m = game.svg.getScreenCTM();
    return m ? new DOMPoint(x, y).matrixTransform(m.inverse()) : new DOMPoint(x, y);
  }
  function showZoom() {
    const { z, x, y } = game.zoom;
    game.board.setAttribute("transform", `translate(${x} ${y}) scale(${z})`);
  }
  function zoomAt(factor, clientX, clientY) {
    const zoom = game.zoom;
    const z = Math.min(ZOOM.max, Math.max(ZOOM.min, zoom.z * factor));
    const p = frameOf(clientX, clientY);
    const f = z / zoom.z;
    zoom.x = p.x - (p.x - zoom.x) * f;
    zoom.y = p.y - (p.y - zoom.y) * f;
    zoom.z = z;
    showZoom();
  }
  function panBy(dx, dy) {
    const m = game.svg.getScreenCTM();
    if (!m || !m.a) return;
    game.zoom.x += dx / m.a;
    game.zoom.y += dy / m.d;
    showZoom();
  }
  function zoomCentre(factor) {
    const r = board.getBoundingClientRect();
    zoomAt(factor, r.left + r.width / 2, r.top + r.height / 2);
  }

  // The mouse: left and right uncover (a modified click does nothing: the window's
  // guesses are not here), middle drags the board, the wheel zooms.
  let dragFrom = null;
  // Touch: a tap uncovers with the switch's colour; one finger drags, two pinch.
  const touches = new Map();
  const apart = (a, b) => Math.hypot(a.x - b.x, a.y - b.y);

  board.addEventListener("pointerdown", (e) => {
    if (e.pointerType === "touch") {
      document.documentElement.classList.add("touch");
      touches.set(e.pointerId, { x: e.clientX, y: e.clientY, x0: e.clientX, y0: e.clientY, item: itemAt(e.target), moved: false });
      if (touches.size > 1) for (const t of touches.values()) t.moved = true;
      return;
    }
    if (e.button === 1) {
      e.preventDefault();
      dragFrom = { x: e.clientX, y: e.clientY };
      return;
    }
    if ((e.button !== 0 && e.button !== 2) || e.shiftKey || e.ctrlKey || e.altKey || e.metaKey) return;
    const i = itemAt(e.target);
    if (i < 0) return;
    e.preventDefault();
    const left = e.button === 0;
    focusItem(i, false);
    act(i, left, left !== Boolean(pack.swap) ? "blue" : "black");
  });
  board.addEventListener("pointermove", (e) => {
    if (e.pointerType === "touch") {
      const t = touches.get(e.pointerId);
      if (!t) return;
      if (touches.size === 2) {
        const [a, b] = [...touches.values()];
        const before = apart(a, b);
        const mid = { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
        t.x = e.clientX;
        t.y = e.clientY;
        const now = { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
        panBy(now.x - mid.x, now.y - mid.y);
        if (before > 0) zoomAt(apart(a, b) / before, now.x, now.y);
        return;
      }
      const dx = e.clientX - t.x;
      const dy = e.clientY - t.y;
      t.x = e.clientX;
      t.y = e.clientY;
      if (!t.moved && Math.hypot(t.x - t.x0, t.y - t.y0) > 10) t.moved = true;
      if (t.moved) panBy(dx, dy);
      return;
    }
    if (dragFrom && !(e.buttons & 4)) dragFrom = null;
    if (dragFrom) {
      panBy(e.clientX - dragFrom.x, e.clientY - dragFrom.y);
      dragFrom = { x: e.clientX, y: e.clientY };
      return;
    }
    const i = itemAt(e.target);
    if (i !== game.hover) {
      game.hover = i;
      showLit(game);
    }
  });
  const touchEnds = (e, tapped) => {
    const t = touches.get(e.pointerId);
    touches.delete(e.pointerId);
    if (tapped && t && !t.moved && touches.size === 0 && t.item >= 0) {
      focusItem(t.item, false);
      act(t.item, tapBlue, tapBlue ? "blue" : "black");
    }
  };
  board.addEventListener("pointerup", (e) => {
    if (e.pointerType === "touch") touchEnds(e, true);
    else if (e.button === 1) dragFrom = null;
  });
  board.addEventListener("pointercancel", (e) => touchEnds(e, false));
  board.addEventListener("pointerleave", (e) => {
    if (e.pointerType !== "touch" && game.hover >= 0) {
      game.hover = -1;
      showLit(game);
    }
  });
  board.addEventListener("contextmenu", (e) => e.preventDefault());
  board.addEventListener("wheel", (e) => {
    e.preventDefault();
    const notches = e.deltaMode === 0 ? e.deltaY / 100 : e.deltaY;
    zoomAt(ZOOM.step ** -notches, e.clientX, e.clientY);
  }, { passive: false });

  // The keys: the arrows move the focus ring, B uncovers blue (or shows a flower),
  // X black (or dims a number), + - 0 zoom, N P the next and previous level.
  board.addEventListener("focusin", (e) => {
    const i = itemAt(e.target);
    if (i >= 0 && (i !== game.focus || game.focusLit < 0) && !focusing) focusItem(i, true);
  });
  board.addEventListener("focusout", (e) => {
    if (!board.contains(e.relatedTarget)) {
      game.svg.classList.remove("keys");
      game.focusLit = -1;
      showLit(game);
    }
  });
  board.addEventListener("keydown", (e) => {
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    const g = game;
    const arrow = ["ArrowUp", "ArrowRight", "ArrowDown", "ArrowLeft"].indexOf(e.key);
    const key = e.key.toLowerCase();
    if (arrow >= 0 && g.focus >= 0) {
      const to = g.data.nav[g.focus][arrow];
      if (to >= 0) focusItem(to, true);
    } else if ((key === "b" || key === "x") && g.focus >= 0) {
      act(g.focus, key === "b", key === "b" ? "blue" : "black");
    } else if (key === "+" || key === "=") {
      zoomCentre(ZOOM.step);
    } else if (key === "-") {
      zoomCentre(1 / ZOOM.step);
    } else if (key === "0") {
      g.zoom = { z: 1, x: 0, y: 0 };
      showZoom();
    } else if ((key === "n" || key === "p") && list) {
      go(key === "n" ? 1 : -1);
      if (game.items.length) focusItem(game.focus, true);
    } else {
      return;
    }
    e.preventDefault();
  });

  tapSwitch.addEventListener("click", () => {
    tapBlue = !tapBlue;
    tapSwitch.setAttribute("aria-pressed", String(!tapBlue));
    tapSwitch.querySelector("b").textContent = tapBlue ? "blue" : "black";
  });
  if (window.matchMedia && window.matchMedia("(any-pointer: coarse)").matches) {
    document.documentElement.classList.add("touch");
  }

  // Restart asks first: a second click within a few seconds clears the level's progress.
  let asked = 0;
  restart.addEventListener("click", () => {
    if (!asked) {
      restart.textContent = "restart? click again";
      asked = setTimeout(() => { asked = 0; restart.textContent = "restart"; }, 4000);
      return;
    }
    clearTimeout(asked);
    asked = 0;
    restart.textContent = "restart";
    open(game.index, true);
    keep(game);
    say("progress cleared");
  });

  function go(step) {
    open((game.index + step + pack.levels) % pack.levels, false);
  }
  if (list) {
    list.addEventListener("change", () => open(Number(list.value), false));
    $("previous").addEventListener("click", () => go(-1));
    $("next").addEventListener("click", () => go(1));
    levels.forEach((data, k) => markDone(k, Boolean(load(`level:${data.key}`)?.done)));
  }
  const place = load(`pack:${pack.key}`);
  const start = place && Number.isInteger(place.level) && place.level >= 0 && place.level < pack.levels ? place.level : 0;
  open(start, false);
  document.documentElement.dataset.ready = performance.now().toFixed(1);
})();
