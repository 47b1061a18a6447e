// The lobby: choose a game, its seats and options, create it, share the seats' links;
// list the games on the server with a link to watch each.
import { api } from "/static/api.js";
import { el } from "/static/util.js";

const DEFAULT_NAMES = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal"];
const $ = (id) => document.getElementById(id);

let rules = null; // GET /api/rules
const seatValues = []; // what the person typed or chose, kept across re-renders

function showMessage(text) {
  const box = $("message");
  box.textContent = text || "";
  box.hidden = !text;
}

function currentGame() {
  return rules && rules.games.find((g) => g.game === $("game").value);
}

/** The player counts the game allows: "players" is [min, max] (a longer list is taken as the counts themselves). */
function playerCounts(game) {
  const given = Array.isArray(game.players) && game.players.length ? game.players.map(Number) : [2, 5];
  if (given.length > 2) return given;
  const [lo, hi] = [given[0], given[1] ?? given[0]];
  const out = [];
  for (let n = lo; n <= hi; n++) out.push(n);
  return out;
}

function defaultPlayer(i) {
  if (i === 0) return "human";
  const bots = rules.bots || [];
  return bots.includes("greedy") ? "greedy" : bots[0] || "human";
}

function playerKinds() {
  return ["human", ...(rules.bots || []).filter((b) => b !== "human")];
}

function renderPlayerCounts() {
  const game = currentGame();
  const select = $("players");
  const counts = playerCounts(game);
  const before = Number(select.value) || 3;
  select.replaceChildren(...counts.map((n) => el("option", { value: n }, String(n))));
  select.value = String(counts.includes(before) ? before : counts.includes(3) ? 3 : counts[0]);
  select.disabled = false;
}

function renderSeats() {
  const count = Number($("players").value);
  const box = $("seats");
  box.replaceChildren();
  for (let i = 0; i < count; i++) {
    if (!seatValues[i]) seatValues[i] = { name: DEFAULT_NAMES[i] || `Player ${i + 1}`, player: defaultPlayer(i) };
    const value = seatValues[i];
    const name = el("input", {
      id: `seat-name-${i}`,
      type: "text",
      maxlength: 64,
      required: true,
      value: value.name,
      "aria-label": `Seat ${i} name`,
    });
    name.addEventListener("input", () => (value.name = name.value));
    const kind = el("select", { id: `seat-player-${i}`, "aria-label": `Seat ${i} player` });
    for (const k of playerKinds()) kind.append(el("option", { value: k }, k === "human" ? "human" : `bot: ${k}`));
    kind.value = playerKinds().includes(value.player) ? value.player : "human";
    kind.addEventListener("change", () => (value.player = kind.value));
    box.append(el("div", { class: "seat-row" }, el("span", { class: "seat-no" }, `Seat ${i}`), name, kind));
  }
}

function isBoolOption(o) {
  const ch = o.choices || [];
  if (ch.length === 0) return typeof o.default === "boolean";
  return ch.length === 2 && ch.every((c) => typeof c === "boolean");
}

function renderOptions() {
  const game = currentGame();
  const box = $("options");
  box.replaceChildren();
  const options = game.options || [];
  if (!options.length) {
    box.append(el("p", { class: "hint" }, "This game has no rule options."));
    return;
  }
  for (const raw of options) {
    const o = { ...raw, name: raw.name ?? raw.id };
    const id = `option-${o.name}`;
    const title = o.title || o.label || words(o.name);
    let input;
    if (isBoolOption(o)) {
      input = el("input", { id, type: "checkbox", "data-option": o.name, "data-kind": "bool" });
      input.checked = o.default === true;
      box.append(el("div", { class: "option" }, el("label", { for: id, class: "check" }, input, " ", title), doc(o)));
      continue;
    }
    if (o.choices && o.choices.length) {
      input = el("select", { id, "data-option": o.name, "data-kind": "json" });
      for (const c of o.choices) input.append(el("option", { value: JSON.stringify(c) }, words(c)));
      input.value = JSON.stringify(o.default);
    } else if (typeof o.default === "number") {
      input = el("input", { id, type: "number", step: 1, value: o.default, "data-option": o.name, "data-kind": "number" });
    } else {
      input = el("input", { id, type: "text", value: o.default ?? "", "data-option": o.name, "data-kind": "text" });
    }
    box.append(el("div", { class: "option" }, el("label", { for: id }, title), " ", input, doc(o)));
  }
}

/** Names in a sentence: "A", "A or B", "A, B or C". */
function listed(names) {
  return names.length < 2 ? names.join("") : `${names.slice(0, -1).join(", ")} or ${names[names.length - 1]}`;
}

/** A choice's value in words: ``face_down`` as "face down". */
function words(value) {
  if (typeof value === "boolean") return value ? "yes" : "no";
  return String(value).replace(/_/g, " ");
}

/** An option's reason in words: the rulebook's line numbers, for the content's authors, are left out. */
function doc(o) {
  if (!o.doc) return null;
  const text = String(o.doc)
    .replace(/\s*\(lines? [0-9][^)]*\)/g, "")
    .replace(/,? ?\blines? [0-9]+(?:[-–, ]+[0-9]+)*/g, "")
    .replace(/`([^`]*)`/g, "$1");
  return el("p", { class: "doc" }, text);
}

function collectOptions() {
  const out = {};
  for (const input of $("options").querySelectorAll("[data-option]")) {
    const name = input.dataset.option;
    switch (input.dataset.kind) {
      case "bool":
        out[name] = input.checked;
        break;
      case "json":
        out[name] = JSON.parse(input.value);
        break;
      case "number":
        out[name] = Number(input.value);
        break;
      default:
        out[name] = input.value;
    }
  }
  return out;
}

function collectSeats() {
  const count = Number($("players").value);
  const seats = [];
  const seen = new Set();
  for (let i = 0; i < count; i++) {
    const name = $(`seat-name-${i}`).value.trim();
    const player = $(`seat-player-${i}`).value;
    if (!name) throw new Error(`Seat ${i} needs a name.`);
    if (name === "?") throw new Error(`"?" cannot be a name (seat ${i}).`);
    if (name.length > 64) throw new Error(`The name of seat ${i} is longer than 64 characters.`);
    if (seen.has(name.toLowerCase())) throw new Error(`Two seats are named "${name}": names must differ.`);
    seen.add(name.toLowerCase());
    seats.push({ name, player });
  }
  return seats;
}

async function create(event) {
  event.preventDefault();
  showMessage("");
  let body;
  try {
    body = { game: $("game").value, seats: collectSeats(), options: collectOptions() };
    const seed = $("seed").value.trim();
    if (seed !== "") {
      if (!/^-?\d+$/.test(seed)) throw new Error("The seed is a whole number.");
      body.seed = Number(seed);
    }
  } catch (err) {
    showMessage(err.message);
    return;
  }
  const button = $("create");
  button.disabled = true;
  try {
    const game = await api.createGame(body);
    showCreated(game);
    loadGames();
  } catch (err) {
    showMessage(err.message);
  } finally {
    button.disabled = false;
  }
}

function absolute(link) {
  return new URL(link, location.origin).href;
}

function showCreated(game) {
  const box = $("created");
  const title = (rules.games.find((g) => g.game === game.game) || {}).title || game.game;
  const list = el("ul", { class: "seat-links" });
  let first = null;
  for (const seat of game.seats) {
    const who = el("span", { class: "who" }, `Seat ${seat.seat}: ${seat.name}`);
    if (seat.player === "human" && seat.link) {
      if (!first) first = seat;
      const link = el("a", { class: "seat-link", "data-seat": seat.seat, href: seat.link, target: "_blank", rel: "noopener" }, absolute(seat.link));
      const copy = el("button", { type: "button", class: "small" }, "Copy");
      copy.addEventListener("click", () => copyLink(absolute(seat.link), copy));
      list.append(el("li", {}, who, " ", link, " ", copy));
    } else {
      list.append(el("li", {}, who, " ", el("span", { class: "bot" }, `(bot: ${seat.player})`)));
    }
  }
  const watch = `/play/${encodeURIComponent(game.id)}`;
  const open = first
    ? el("a", { id: "open-first-seat", class: "button", href: first.link }, `Play as ${first.name} (seat ${first.seat})`)
    : el("a", { id: "open-first-seat", class: "button", href: watch }, "Watch the game");
  box.replaceChildren(
    el("h3", {}, `${title} game ${game.id} created`),
    el("p", { class: "hint" }, "Send each friend their own seat's link and keep them private: a link lets whoever has it play that seat."),
    list,
    el("p", {}, open, " ", el("a", { href: watch, class: "watch" }, "watch link (no seat)")),
  );
  box.hidden = false;
}

async function copyLink(text, button) {
  try {
    await navigator.clipboard.writeText(text);
    button.textContent = "Copied";
  } catch {
    button.textContent = "Select and copy the link";
  }
  setTimeout(() => (button.textContent = "Copy"), 2000);
}

function when(created) {
  if (created === undefined || created === null || created === "") return "";
  let date;
  if (typeof created === "number") date = new Date(created < 1e12 ? created * 1000 : created);
  else date = new Date(created);
  return Number.isNaN(date.getTime()) ? String(created) : date.toLocaleString();
}

function createdKey(g) {
  const c = g.created;
  if (typeof c === "number") return c < 1e12 ? c * 1000 : c;
  const t = Date.parse(c);
  return Number.isNaN(t) ? 0 : t;
}

async function loadGames() {
  const box = $("games");
  let data;
  try {
    data = await api.games();
  } catch (err) {
    box.replaceChildren(el("p", { class: "hint" }, `Could not list the games: ${err.message}`));
    return;
  }
  const games = [...(data.games || [])].sort((a, b) => createdKey(b) - createdKey(a));
  if (!games.length) {
    box.replaceChildren(el("p", { class: "hint" }, "No games yet."));
    return;
  }
  const titles = Object.fromEntries(((rules && rules.games) || []).map((g) => [g.game, g.title || g.game]));
  const rows = games.map((g) => {
    const seats = g.seats || [];
    const nameOf = (s) => (seats.find((x) => x.seat === s) || {}).name || `seat ${s}`;
    const players = seats.map((s) => (s.player === "human" ? s.name : `${s.name} (${s.player})`)).join(", ");
    const status = g.broken
      ? "broken: it does not load"
      : g.over
      ? "over"
      : g.waiting_for && g.waiting_for.length
        ? `waiting for ${g.waiting_for.map(nameOf).join(", ")}`
        : "in play";
    return el(
      "tr",
      {},
      el("td", {}, titles[g.game] || g.game),
      el("td", { class: "mono" }, g.id),
      el("td", {}, players),
      el("td", g.broken ? { class: "broken", title: g.broken } : {}, status),
      el("td", { class: "num" }, g.version ?? ""),
      el("td", {}, when(g.created)),
      el("td", {}, el("a", { class: "watch", href: `/play/${encodeURIComponent(g.id)}` }, "watch")),
    );
  });
  box.replaceChildren(
    el(
      "table",
      { class: "games" },
      el("thead", {}, el("tr", {}, ["Game", "Id", "Players", "Status", "Version", "Created", ""].map((h) => el("th", {}, h)))),
      el("tbody", {}, rows),
    ),
  );
}

async function start() {
  $("create-form").addEventListener("submit", create);
  $("reload-games").addEventListener("click", loadGames);
  try {
    rules = await api.rules();
  } catch (err) {
    showMessage(`Could not load the games this server offers: ${err.message}`);
    $("game").replaceChildren(el("option", {}, "unavailable"));
    return;
  }
  const select = $("game");
  select.replaceChildren(...rules.games.map((g) => el("option", { value: g.game }, g.title || g.game)));
  $("games-offered").textContent = `Play ${listed(rules.games.map((g) => g.title || g.game))} in the browser, with friends or bots.`;
  select.disabled = false;
  select.addEventListener("change", () => {
    renderPlayerCounts();
    renderSeats();
    renderOptions();
  });
  $("players").addEventListener("change", renderSeats);
  renderPlayerCounts();
  renderSeats();
  renderOptions();
  $("create").disabled = false;
  loadGames();
  setInterval(() => {
    if (document.visibilityState === "visible") loadGames();
  }, 15000);
}

start();
