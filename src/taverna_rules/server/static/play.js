// The play page: /play/{id}?seat=N#token=T. Shows the board, the pending decision (with one
// button per legal action for the seat that decides), the log in words and, at the end, the
// scores. Follows the game with server-sent events, or by long polling when they fail.
import { api } from "/static/api.js";
import { el, namer, playerColour, summarize } from "/static/util.js";

// Each game's drawing, a module the server serves for the game: loading (promises) and
// loaded (modules), by address. A game without one shows its text board.
const LOADING = new Map();
const DRAWINGS = new Map();
function loadDrawing(v) {
  if (!v.drawing) return Promise.resolve(null);
  if (!LOADING.has(v.drawing)) {
    LOADING.set(
      v.drawing,
      import(v.drawing).then(
        (module) => {
          DRAWINGS.set(v.drawing, module);
          return module;
        },
        (err) => {
          console.error(err);
          return null;
        },
      ),
    );
  }
  return LOADING.get(v.drawing);
}
// The board facts of each rule set (/api/boards/FINGERPRINT): table colours, deed prices,
// customer cards, places, orders, card texts. Fetched once per fingerprint; a game whose
// facts cannot be had draws with less detail.
const boardFacts = new Map();

async function loadHints(state) {
  const key = state && state.rules;
  if (!key || boardFacts.has(key)) return;
  try {
    const response = await fetch(`/api/boards/${encodeURIComponent(key)}`);
    boardFacts.set(key, response.ok ? await response.json() : null);
  } catch (err) {
    boardFacts.set(key, null);
  }
}

function hintsFor(state) {
  return (state && boardFacts.get(state.rules)) || null;
}
const $ = (id) => document.getElementById(id);

const gameId = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop() || "");
const seatParam = new URLSearchParams(location.search).get("seat");
const storageKey = `taverna-token:${gameId}:${seatParam ?? ""}`;

let token = readToken();
let view = null; // the last view rendered
let shownVersion = null; // its version
let logSince = 0; // the log holds every line up to this version
let seatKinds = {}; // seat -> "human" | bot name, from the game summary
let acting = false; // an action is on its way
let stream = null;
let polling = false;
let generation = 0; // bumped when the updates stop: an older polling loop then ends
let stopped = false; // the game is over (or gone): no more updates
let messageSource = null; // "action" messages stay until the next action; others clear on success

function readToken() {
  const fragment = new URLSearchParams(location.hash.replace(/^#/, ""));
  const fromLink = fragment.get("token");
  try {
    if (fromLink) sessionStorage.setItem(storageKey, fromLink);
    return fromLink || sessionStorage.getItem(storageKey);
  } catch {
    return fromLink; // storage disabled: the link's fragment still works
  }
}

function forgetToken() {
  token = null;
  try {
    sessionStorage.removeItem(storageKey);
  } catch {
    /* nothing stored */
  }
}

// ------------------------------------------------------------------ messages

function showMessage(text, source = "other") {
  const box = $("message");
  box.replaceChildren(el("span", {}, text), " ", el("button", { type: "button", class: "small dismiss", onclick: () => clearMessage() }, "Dismiss"));
  box.hidden = false;
  messageSource = source;
}

function clearMessage(source) {
  if (source && messageSource !== source) return;
  const box = $("message");
  box.replaceChildren();
  box.hidden = true;
  messageSource = null;
}

function setConnection(state) {
  const words = { live: "live", polling: "polling", reconnecting: "reconnecting…", offline: "offline", over: "" };
  const c = $("connection");
  c.textContent = words[state] ?? state;
  c.dataset.state = state;
}

// ------------------------------------------------------------------ refreshing

let refreshing = null;
let again = false;

/** Fetch the view and the new log lines and draw them; calls made meanwhile coalesce. */
function refresh() {
  if (refreshing) {
    again = true;
    return refreshing;
  }
  refreshing = (async () => {
    do {
      again = false;
      await refreshOnce();
    } while (again && !stopped);
  })().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

async function refreshOnce() {
  let v;
  try {
    v = await api.view(gameId, token);
  } catch (err) {
    if (token && (err.status === 401 || err.status === 403)) {
      forgetToken();
      showMessage(`This seat's link was refused (${err.message}). You are watching the game without a seat.`, "token");
      restartUpdates();
      return refreshOnce();
    }
    if (err.status === 404) {
      stopped = true;
      stopUpdates();
      $("board").replaceChildren(el("p", { class: "hint" }, "No such game on this server."));
    }
    if (err.code === "game_broken") {
      stopped = true;
      stopUpdates();
      $("board").replaceChildren(el("p", { class: "hint broken" }, "This game is broken: its stored record does not load, so it cannot be shown or played."));
    }
    showMessage(err.message, "refresh");
    return;
  }
  try {
    addLines(await api.events(gameId, logSince, token));
  } catch (err) {
    showMessage(`The log could not be loaded: ${err.message}`, "refresh");
  }
  await loadHints(v.state);
  await loadDrawing(v);
  render(v);
  clearMessage("refresh");
}

// ------------------------------------------------------------------ log

function addLines(data) {
  if (!data) return;
  let lines = data.lines || [];
  // An answer to an older "since" overlaps what the log holds already.
  if (typeof data.since === "number" && data.since < logSince) lines = lines.filter((l) => l.version > logSince);
  const box = $("log-box");
  const atBottom = box.scrollTop + box.clientHeight >= box.scrollHeight - 40;
  const list = $("log");
  for (const line of lines) {
    const text = String(line.text ?? "").trim();
    const head = /^(--|==)/.test(text) || /^The game is over/.test(text);
    list.append(el("li", { class: head ? "head" : text ? null : "blank", "data-version": line.version }, text));
  }
  if (typeof data.version === "number") logSince = Math.max(logSince, data.version);
  if (lines.length && (atBottom || list.children.length === lines.length)) box.scrollTop = box.scrollHeight;
}

// ------------------------------------------------------------------ drawing

function playerName(v, seat) {
  const p = v && v.state && v.state.players && v.state.players[seat];
  return (p && p.name) || `seat ${seat}`;
}

function render(v, force = false) {
  const changed = force || !view || v.version !== shownVersion || v.seat !== view.seat || v.over !== view.over;
  view = v;
  shownVersion = v.version;
  if (changed) {
    const hints = hintsFor(v.state);
    const name = namer(v.names, hints);
    const title = v.title || v.game;
    $("game-title").textContent = `${title} · ${v.id || gameId}`;
    const me = v.seat ?? null;
    document.title = `${title} ${v.id || gameId}${me !== null ? ` · ${playerName(v, me)}` : " · watching"}${v.over ? " · over" : ""}`;
    const who = $("who");
    who.replaceChildren(
      me !== null
        ? el("span", {}, "You play ", el("strong", { style: `color:${playerColour(me)}` }, playerName(v, me)), ` (seat ${me}).`)
        : el("span", {}, "Watching (no seat)."),
    );
    renderTurn(v);
    renderOver(v, name);
    const drawing = DRAWINGS.get(v.drawing);
    const board = $("board");
    if (v.drawing && !drawing) {
      // Its drawing is still loading: the text board meanwhile, then the drawing.
      loadDrawing(v).then((module) => module && view === v && render(v, true));
    }
    if (!drawing) {
      // A game without a drawing of its own shows its text board (every game has one).
      board.replaceChildren(el("pre", { class: "raw", "data-board": "text" }, v.board));
    } else {
      try {
        drawing.draw(board, v, { name, hints, me, seatKinds, waiting: new Set(v.waiting_for || []) });
      } catch (err) {
        console.error(err);
        board.replaceChildren(el("p", { class: "hint" }, `The board could not be drawn: ${err.message}`));
      }
    }
  }
  document.body.dataset.version = String(v.version);
  document.body.dataset.over = v.over ? "true" : "false";
  if (v.over && !stopped) {
    stopped = true;
    stopUpdates();
    setConnection("over");
  }
}

function kindOf(seat) {
  const k = seatKinds[seat];
  return k && k !== "human" ? ` (bot: ${k})` : "";
}

function humanType(type) {
  const spaced = String(type || "action").replace(/([a-z])([A-Z])/g, "$1 $2");
  return spaced.charAt(0).toUpperCase() + spaced.slice(1).toLowerCase();
}

function renderTurn(v) {
  const box = $("turn");
  box.replaceChildren();
  if (v.over) return;
  const d = v.decision;
  const actions = (d && d.actions) || [];
  const me = v.seat ?? null;
  if (me !== null && actions.length) {
    const labels = v.labels || [];
    const groups = new Map();
    actions.forEach((action, i) => {
      const type = (action && action.type) || "action";
      if (!groups.has(type)) groups.set(type, []);
      const label = typeof labels[i] === "string" && labels[i] ? labels[i] : summarize(action);
      const button = el("button", { type: "button", class: "action", "data-index": i, title: summarize(action) }, label);
      button.addEventListener("click", () => act(v, i, button));
      groups.get(type).push(button);
    });
    const others = (v.waiting_for || []).filter((s) => s !== me);
    box.append(
      el(
        "div",
        { id: "decision", class: "decision" },
        el("h2", {}, "Your move"),
        el("p", { id: "prompt" }, d.prompt || "Choose an action."),
        [...groups.entries()].map(([type, buttons]) =>
          el("div", { class: "group" }, groups.size > 1 ? el("h3", {}, humanType(type)) : null, el("div", { class: "buttons" }, buttons)),
        ),
        others.length ? el("p", { class: "hint" }, `Also deciding now: ${others.map((s) => playerName(v, s)).join(", ")}.`) : null,
      ),
    );
    return;
  }
  let seats = (v.waiting_for || []).filter((s) => s !== me);
  if (!seats.length && d && d.player !== undefined && d.player !== null && d.player !== me) seats = [d.player];
  const names = seats.map((s) => `${playerName(v, s)}${kindOf(s)}`);
  const text = names.length ? `Waiting for ${names.join(" and ")}` : "Waiting for the game to go on";
  box.append(
    el(
      "div",
      { id: "waiting", class: "waiting" },
      el("p", {}, el("span", { class: "spinner", "aria-hidden": "true" }), text, "…"),
      d && d.prompt && seats.length ? el("p", { class: "hint" }, d.prompt) : null, // the prompt names its decider
    ),
  );
}

function renderOver(v, name) {
  const box = $("over");
  const result = v.result || (v.state && v.state.result);
  if (!v.over) {
    box.hidden = true;
    box.replaceChildren();
    return;
  }
  const children = [el("h2", { class: "over-title" }, "Game over")];
  const standings = (result && result.standings) || [];
  if (standings.length) {
    const winners = standings.filter((s) => s.rank === 1).map((s) => s.name);
    children.push(el("p", { class: "winner" }, winners.length === 1 ? `${winners[0]} wins.` : `${winners.join(" and ")} share the win.`));
    const cats = [];
    for (const s of standings) for (const [c] of s.breakdown || []) if (!cats.includes(c)) cats.push(c);
    cats.sort();
    const head = el("tr", {}, el("th", {}, "Rank"), el("th", {}, "Player"), cats.map((c) => el("th", { class: "num" }, catName(c, name))), el("th", { class: "num" }, "Total"));
    const rows = standings.map((s) => {
      const by = Object.fromEntries(s.breakdown || []);
      return el(
        "tr",
        { class: s.player === v.seat ? "me" : null },
        el("td", {}, `${s.rank}${s.tied ? "=" : ""}`),
        el("td", {}, el("span", { class: "dot", style: `background:${playerColour(s.player)}` }), s.name),
        cats.map((c) => el("td", { class: "num" }, String(by[c] ?? 0))),
        el("td", { class: "num total" }, String(s.total)),
      );
    });
    children.push(el("table", { id: "scores", class: "scores" }, el("thead", {}, head), el("tbody", {}, rows)));
  } else {
    children.push(el("p", { class: "hint" }, "No result was given."));
  }
  children.push(el("p", {}, el("a", { href: "/" }, "Back to the lobby")));
  box.replaceChildren(...children);
  box.hidden = false;
}

function catName(category, name) {
  const n = name(category);
  return n === category ? category.replace(/_/g, " ") : n;
}

// ------------------------------------------------------------------ acting

async function act(v, index, button) {
  if (acting) return;
  acting = true;
  for (const b of document.querySelectorAll("#decision button.action")) b.disabled = true;
  button.classList.add("chosen");
  clearMessage("action");
  let ok = false;
  try {
    await api.act(gameId, token, v.decision.actions[index], v.version);
    ok = true;
  } catch (err) {
    showMessage(err.message, "action");
  } finally {
    acting = false;
  }
  await refresh();
  // A refused action leaves the same version: draw the buttons again, enabled.
  if (!ok && view && view.version === v.version) render(view, true);
}

// ------------------------------------------------------------------ following the game

async function listen(reopened = 0) {
  if (stopped) return;
  if (!("EventSource" in window)) {
    poll();
    return;
  }
  const mine = generation;
  let url;
  try {
    url = await api.streamUrl(gameId, token);
  } catch {
    if (mine === generation) poll();
    return;
  }
  if (stopped || mine !== generation || stream !== null) return;
  const source = new EventSource(url);
  stream = source;
  let failures = 0;
  let opened = false;
  const catchUp = reopened > 0;
  source.addEventListener("open", () => {
    failures = 0;
    reopened = 0;
    setConnection("live");
    if (opened || catchUp) refresh(); // reconnected: catch up on what was missed
    opened = true;
  });
  source.addEventListener("version", (event) => {
    failures = 0;
    let data = {};
    try {
      data = JSON.parse(event.data);
    } catch {
      /* any version event means: look again */
    }
    if (data.version === undefined || data.version !== shownVersion || (data.over && !(view && view.over))) refresh();
  });
  source.addEventListener("error", () => {
    if (stream !== source) return;
    failures += 1;
    if (source.readyState === EventSource.CLOSED && opened && reopened < 3) {
      // Closed for good (a server restart, or the ticket expired): a new ticket, once more.
      source.close();
      stream = null;
      setConnection("reconnecting");
      setTimeout(() => {
        if (mine === generation) listen(reopened + 1);
      }, 1000);
    } else if (source.readyState === EventSource.CLOSED || failures >= 3) {
      source.close();
      stream = null;
      poll();
    } else {
      setConnection("reconnecting");
    }
  });
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function poll() {
  if (polling || stopped) return;
  polling = true;
  const mine = generation;
  setConnection("polling");
  let delay = 1000;
  try {
    while (!stopped && mine === generation) {
      const started = Date.now();
      try {
        const data = await api.events(gameId, logSince, token, { wait: 20 });
        if (mine !== generation) break;
        addLines(data);
        if (data.version !== shownVersion) await refresh();
        setConnection("polling");
        delay = 1000;
        // A server that answers at once (no long polling) is asked again a little later.
        if (Date.now() - started < 1000) await sleep(2000);
      } catch (err) {
        setConnection("offline");
        if (err.status === 404) {
          showMessage(err.message, "refresh");
          break;
        }
        await sleep(delay);
        delay = Math.min(delay * 2, 30000);
      }
    }
  } finally {
    if (mine === generation) polling = false;
  }
}

function stopUpdates() {
  generation += 1;
  if (stream) {
    stream.close();
    stream = null;
  }
  polling = false;
}

/** Follow the game again (with another token), if it was followed already. */
function restartUpdates() {
  const active = stream !== null || polling;
  stopUpdates();
  if (active) listen();
}

async function loadSeats() {
  try {
    const summary = await api.summary(gameId);
    seatKinds = Object.fromEntries((summary.seats || []).map((s) => [s.seat, s.player]));
    if (view) render(view, true);
  } catch {
    /* the seat kinds are a nicety */
  }
}

async function start() {
  if (!gameId) {
    showMessage("No game id in the address.");
    return;
  }
  await refresh();
  loadSeats();
  if (stopped) return;
  listen();
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible" && !stopped) refresh();
  });
}

start();
