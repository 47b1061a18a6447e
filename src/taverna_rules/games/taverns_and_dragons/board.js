// Taverns & Dragons' board as SVG: the map (its regions on a loop in the content's order,
// clockwise from the top, the paths between them and the forks as dashed arrows; on each
// region its name, its letters, the ingredient printed there, the token lying there and
// the sbires standing there), the four location spaces inside the loop (the location,
// what a visit costs, its places used or burning this round, the dragon on it), then the
// dragon's grid, the royal bank, the energy source, the days track, the recipe row and the
// heroes of the market; then one sheet per player in HTML. Reads view.state; names come
// from view.names, then the board facts (ctx.hints), then the ids. "?" is hidden.
import { el, sv, stext, stextLines, svgRoot, tip, wrap, playerColour, hashColour, tally, shortLabels, playerSheet } from "/static/util.js";

const W = 960;
const MAP = { cx: 480, cy: 386, rx: 395, ry: 280, bw: 124, bh: 88 };
const LOC = { w: 176, h: 112, scale: 0.4 };
const INK = { plant: "#4c9a2a", mushroom: "#8e5ba8", spice: "#d9651e", egg: "#e3c65a", meat: "#a3302a" };
const DAYS = { hydromel: ["mead", "every hero readied"], dragon: ["dragon", "a dragon wakes"], magic: ["magic", "the ingredients renewed"], event: ["event", "an event, its effect a or b"] };
const WHEN = { turn: "in your turn", sbire: "on your activated sbire", hunt: "in a hunt" };
const ink = (id) => INK[id] || hashColour(id);
const plural = (n, one, many) => `${n} ${n === 1 ? one : many}`;

export function draw(container, v, ctx) {
  const st = v.state;
  const players = st.players || [];
  const facts = ctx.hints || {};
  ctx = { ...ctx, facts, short: shortLabels(players.map((p) => p.name)), sbires: st.sbires || [] };
  const svg = svgRoot(W, 100, "Taverns & Dragons board");
  svg.append(defs());
  header(svg, st, ctx);
  drawMap(svg, st, ctx);
  const y = drawDragon(svg, st, ctx, 724);
  const y2 = drawBank(svg, st, ctx, 724);
  let bottom = drawRow(svg, st, ctx, Math.max(y, y2) + 14);
  bottom = drawMarket(svg, st, ctx, bottom + 14);
  svg.setAttribute("viewBox", `0 0 ${W} ${bottom + 6}`);
  const sheets = el("div", { class: "players" }, players.map((p, seat) => sheetOf(st, ctx, p, seat)));
  container.replaceChildren(svg, sheets, extras(st, ctx));
}

function defs() {
  const marker = (id, colour) =>
    sv("marker", { id, viewBox: "0 0 10 10", refX: 9, refY: 5, markerWidth: 7, markerHeight: 7, orient: "auto" }, sv("path", { d: "M0,0 L10,5 L0,10 z", fill: colour }));
  return sv("defs", {}, marker("td-path", "#8a6d3b"), marker("td-fork", "#b3541e"));
}

const seatName = (st, seat) => (st.players[seat] && st.players[seat].name) || `seat ${seat}`;

function header(svg, st, ctx) {
  const rounds = ctx.facts.rounds || 7;
  const parts = [st.round ? `Round ${st.round} of ${rounds}` : "Setting up"];
  if (st.players[st.first]) parts.push(`first player: ${seatName(st, st.first)}`);
  if (st.turn >= 0 && st.players[st.turn] && !st.result) parts.push(`${seatName(st, st.turn)}'s turn`);
  if (st.result) parts.push("the game is over");
  svg.append(stext(0, 18, parts.join(" · "), { class: "section" }));
  if (st.active >= 0 && st.sbire) {
    const done = [st.moved ? "moved" : "not moved yet", `${plural(st.collects, "collect", "collects")} left`];
    if ((st.visited || []).length) done.push(`visited ${st.visited.map(ctx.name).join(", ")}`);
    if (st.hunted) done.push("hunted");
    svg.append(stext(0, 38, `${seatName(st, st.active)} activates the ${ctx.name(st.sbire)} with a ${st.die}: ${done.join("; ")}`, { class: "small" }));
  }
}

// ------------------------------------------------------------------ the map

function regionsOf(st, ctx) {
  if (ctx.facts.regions) return ctx.facts.regions;
  const ids = [...new Set([...st.players.flatMap((p) => p.regions || []), ...(st.tokens || []).map(([r]) => r)])];
  return ids.map((id) => ({ id, next: [], letters: [], ingredient: "", token: false }));
}

// Where the segment from p toward q leaves p's box (half sizes hw, hh), a little beyond it.
function edge(p, q, hw, hh, gap = 3) {
  const dx = q.x - p.x;
  const dy = q.y - p.y;
  const t = Math.min(dx ? (hw + gap) / Math.abs(dx) : Infinity, dy ? (hh + gap) / Math.abs(dy) : Infinity);
  return [p.x + dx * t, p.y + dy * t];
}

function drawMap(svg, st, ctx) {
  const regions = regionsOf(st, ctx);
  const { cx, cy, rx, ry, bw, bh } = MAP;
  const at = new Map();
  regions.forEach((r, i) => {
    const a = (2 * Math.PI * i) / regions.length;
    at.set(r.id, { x: cx + rx * Math.sin(a), y: cy - ry * Math.cos(a), a });
  });
  svg.append(sv("ellipse", { cx, cy, rx, ry, fill: "#eef2e2", stroke: "#c9d1b0", "stroke-width": 26, opacity: 0.7 }));
  // The paths: the first of a region's next is its clockwise path, any other a fork.
  for (const r of regions) {
    (r.next || []).forEach((to, k) => {
      const p = at.get(r.id);
      const q = at.get(to);
      if (!p || !q) return;
      const [x1, y1] = edge(p, q, bw / 2, bh / 2);
      const [x2, y2] = edge(q, p, bw / 2, bh / 2);
      const fork = k > 0;
      const look = fork ? { stroke: "#b3541e", "stroke-width": 2.5, "stroke-dasharray": "7 5", "marker-end": "url(#td-fork)" } : { stroke: "#8a6d3b", "stroke-width": 2, "marker-end": "url(#td-path)" };
      svg.append(sv("line", { x1, y1, x2, y2, class: fork ? "fork" : "path", ...look }, tip(`${fork ? "A fork" : "The path"}: ${ctx.name(r.id)} to ${ctx.name(to)}`)));
    });
  }
  drawSpaces(svg, st, ctx, regions, at);
  const here = new Map(regions.map((r) => [r.id, []]));
  st.players.forEach((p, seat) => (p.regions || []).forEach((region, k) => here.has(region) && here.get(region).push([seat, k])));
  for (const r of regions) svg.append(regionBox(st, ctx, r, at.get(r.id), here.get(r.id)));
  // The key, in the map's top left corner: the sbires' shapes, the paths and the forks.
  const legend = sv("g", { class: "legend" });
  ctx.sbires.forEach((s, k) => {
    const y = 66 + k * 18;
    legend.append(sbireShape(8, y, 7, k, "#777"), stext(20, y + 4, ctx.name(s), { class: "tiny" }));
  });
  legend.append(
    sv("line", { x1: 0, y1: 124, x2: 26, y2: 124, stroke: "#8a6d3b", "stroke-width": 2, "marker-end": "url(#td-path)" }),
    stext(32, 128, "path (clockwise)", { class: "tiny" }),
    sv("line", { x1: 0, y1: 142, x2: 26, y2: 142, stroke: "#b3541e", "stroke-width": 2.5, "stroke-dasharray": "7 5", "marker-end": "url(#td-fork)" }),
    stext(32, 146, "fork", { class: "tiny" }),
  );
  svg.append(legend);
}

function sbireShape(x, y, r, kind, fill, attrs = {}) {
  const base = { fill, stroke: "#222", "stroke-width": 1, ...attrs };
  if (kind === 1) return sv("rect", { x: x - r, y: y - r, width: 2 * r, height: 2 * r, rx: 2, ...base });
  if (kind === 2) return sv("path", { d: `M${x - r},${y - r} H${x + r} V${y} Q${x + r},${y + r} ${x},${y + r + 1} Q${x - r},${y + r} ${x - r},${y} Z`, ...base });
  return sv("circle", { cx: x, cy: y, r, ...base });
}

function regionBox(st, ctx, r, pos, standing) {
  const { bw, bh } = MAP;
  const activeHere = st.active >= 0 && st.players[st.active] && st.players[st.active].regions[ctx.sbires.indexOf(st.sbire)] === r.id;
  const g = sv("g", { class: "region", "data-region": r.id, transform: `translate(${pos.x - bw / 2} ${pos.y - bh / 2})` });
  const fill = r.id === ctx.facts.gates ? "#f1e2bf" : r.id === ctx.facts.runes ? "#e7e1f6" : "#fbf7ee";
  g.append(sv("rect", { x: 0, y: 0, width: bw, height: bh, rx: 8, fill, stroke: activeHere ? "#000" : "#8a6d3b", "stroke-width": activeHere ? 3 : 1.5 }));
  // Its letters (the location spaces it is adjacent to), down a strip on its right.
  if ((r.letters || []).length) g.append(sv("path", { d: `M${bw - 16},0 H${bw - 8} Q${bw},0 ${bw},8 V${bh - 8} Q${bw},${bh} ${bw - 8},${bh} H${bw - 16} Z`, fill: "#5b4a2f" }));
  (r.letters || []).forEach((letter, k) => g.append(stext(bw - 8, 16 + k * 16, letter, { class: "small b light letter", "data-letter": letter, "text-anchor": "middle" }, `adjacent to location space ${letter}`)));
  const title = wrap(ctx.name(r.id), 14).slice(0, 2);
  g.append(stextLines(6, 13, title, 11, { class: "tiny b" }));
  let y = 13 + title.length * 11 + 2;
  if (r.ingredient) {
    g.append(sv("rect", { x: 6, y: y - 8, width: 9, height: 9, fill: ink(r.ingredient), stroke: "#333", "stroke-width": 0.6 }), stext(19, y, ctx.name(r.ingredient), { class: "tiny printed", "data-ingredient": r.ingredient }, "printed here: collected from the reserve"));
  } else if (r.id === ctx.facts.runes) {
    g.append(stext(6, y, "rune on entering", { class: "tiny muted" }, "a sbire entering here takes a rune"));
  } else if (r.id === ctx.facts.gates) {
    g.append(stext(6, y, "drop, heal", { class: "tiny muted" }, "the sbires start here, drop their goods into the pantry and heal"));
  }
  y += 13;
  const tokens = (st.tokens || []).filter(([where]) => where === r.id).map(([, kind]) => kind);
  if (tokens.length) {
    tokens.forEach((kind, k) => {
      const tg = sv("g", { class: "token", "data-ingredient": kind }, tip(`a token lying here: ${ctx.name(kind)}`));
      tg.append(sv("circle", { cx: 10, cy: y - 4 + k * 12, r: 5, fill: ink(kind), stroke: "#222", "stroke-width": 1.5 }), stext(19, y + k * 12, ctx.name(kind), { class: "tiny b" }));
      g.append(tg);
    });
    y += 12 * tokens.length;
  } else if (r.token) {
    g.append(sv("circle", { cx: 10, cy: y - 4, r: 5, fill: "none", stroke: "#999", "stroke-dasharray": "2 2" }), stext(19, y, "no token lying", { class: "tiny muted" }));
    y += 12;
  }
  standing.forEach(([seat, k], n) => g.append(sbirePawn(st, ctx, seat, k, r.id, 12 + (n % 5) * 19, y + 1 + Math.floor(n / 5) * 17)));
  return g;
}

function sbirePawn(st, ctx, seat, k, region, x, y) {
  const p = st.players[seat];
  const id = ctx.sbires[k];
  const current = st.active === seat && st.sbire === id;
  const used = (p.activated || [])[k];
  const g = sv("g", { class: `sbire${current ? " active" : ""}`, "data-seat": seat, "data-sbire": id, "data-region": region });
  if (current) g.append(sv("circle", { cx: x, cy: y, r: 11, fill: "#ffd23f", stroke: "#b8860b" }));
  g.append(sbireShape(x, y, 7.5, k, playerColour(seat), used ? { stroke: "#000", "stroke-width": 2 } : {}));
  g.append(stext(x, y + 3.5, ctx.short[seat], { "text-anchor": "middle", class: "light", "font-size": ctx.short[seat].length > 1 ? 8 : 10, "font-weight": "bold" }));
  g.append(tip(`${p.name}'s ${ctx.name(id)}: ${[...sbireBits(ctx, p, k), current ? "being activated" : ""].filter(Boolean).join("; ")}`));
  return g;
}

// What a sbire carries, its wounds, its frost token and whether its die slot holds a die.
function sbireBits(ctx, p, k) {
  const carried = (p.carried || [])[k] || [];
  const wounds = (p.wounds || [])[k] || 0;
  return [
    carried.length ? `carries ${carried.map(ctx.name).join(", ")}` : "carries nothing",
    wounds ? plural(wounds, "wound", "wounds") : "",
    (p.frozen || [])[k] ? "frost (its next move one region shorter)" : "",
    (p.activated || [])[k] ? "its die placed this round" : "",
  ].filter(Boolean);
}

function drawSpaces(svg, st, ctx, regions, at) {
  const letters = ctx.facts.spaces || (st.locations || []).map((_, i) => String.fromCharCode(65 + i));
  const dragonSpace = st.dragon && ctx.facts.dragons && ctx.facts.dragons[st.dragon] ? ctx.facts.dragons[st.dragon].location : "";
  const nPlaces = st.players.length === 2 ? ctx.facts.two_player_places || 1 : ctx.facts.places || 2;
  letters.forEach((letter, i) => {
    // Inside the loop, facing the regions that bear its letter.
    const near = regions.filter((r) => (r.letters || []).includes(letter)).map((r) => at.get(r.id).a);
    const a = near.length ? Math.atan2(near.reduce((s, x) => s + Math.sin(x), 0), near.reduce((s, x) => s + Math.cos(x), 0)) : (2 * Math.PI * i) / letters.length;
    const x = MAP.cx + MAP.rx * LOC.scale * Math.sin(a) - LOC.w / 2;
    const y = MAP.cy - MAP.ry * LOC.scale * Math.cos(a) - LOC.h / 2;
    const id = (st.locations || [])[i] || "";
    const info = (ctx.facts.locations || {})[id] || {};
    const dragon = dragonSpace === letter;
    const g = sv("g", { class: "location", "data-space": letter, "data-location": id, transform: `translate(${x} ${y})` });
    g.append(
      sv("rect", { x: 0, y: 0, width: LOC.w, height: LOC.h, rx: 8, fill: "#fff8e6", stroke: dragon ? "#7a1f1a" : "#6b5b3e", "stroke-width": dragon ? 3 : 1.5 }),
      sv("circle", { cx: 15, cy: 15, r: 10, fill: "#5b4a2f" }),
      stext(15, 19.5, letter, { "text-anchor": "middle", class: "small b light" }),
      stext(31, 19, id ? ctx.name(id) : "no location", { class: "small b" }, info.effect || ""),
    );
    if (info.effect) g.append(stextLines(8, 36, wrap(info.effect, 36).slice(0, 2), 12, { class: "tiny" }));
    const costs = info.places || [];
    const shown = costs.slice(0, Math.max(1, Math.min(nPlaces, costs.length)));
    if (shown.length) g.append(stext(8, 64, `Visit: ${[...new Set(shown)].join(" / ")}`, { class: "tiny muted" }));
    const used = (st.used || [])[i] || 0;
    const fires = (st.fires || [])[i] || 0;
    for (let k = 0; k < nPlaces; k++) {
      const state = k < fires ? "fire" : k < used ? "used" : "free";
      const cost = costs[Math.min(k, costs.length - 1)] || "";
      const label = { fire: "fire", used: "taken", free: "free" }[state];
      const why = { fire: "a fire token burns here until the upkeep", used: "visited this round", free: "free this round" }[state];
      const pg = sv("g", { class: `place ${state}` }, tip(`place ${k + 1}${cost ? ` (${cost})` : ""}: ${why}`));
      pg.append(sv("rect", { x: 8 + k * 58, y: 70, width: 54, height: 17, rx: 3, fill: { fire: "#e4572e", used: "#cfc6b3", free: "#fff" }[state], stroke: "#8a6d3b" }));
      pg.append(stext(35 + k * 58, 82, label, { class: `tiny${state === "fire" ? " light" : ""}`, "text-anchor": "middle" }));
      g.append(pg);
    }
    if (dragon) {
      g.append(sv("g", { class: "dragon", "data-dragon": st.dragon }, sv("rect", { x: 4, y: 91, width: LOC.w - 8, height: 17, rx: 4, fill: "#7a1f1a" }), stext(LOC.w / 2, 103.5, `Dragon: ${ctx.name(st.dragon)}`, { class: "tiny b light", "text-anchor": "middle" }), tip("the dragon is here: no visit while it lives")));
    }
    svg.append(g);
  });
}

// ------------------------------------------------------------------ the dragon

function drawDragon(svg, st, ctx, y0) {
  const g = sv("g", { transform: `translate(0 ${y0})`, class: "dragon-board" });
  const info = st.dragon && ctx.facts.dragons ? ctx.facts.dragons[st.dragon] : null;
  const face = (st.dragon_deck || []).length;
  g.append(stext(0, 14, st.dragon ? `Dragon: ${ctx.name(st.dragon)}${info ? ` (space ${info.location})` : ""}` : "No dragon in play", { class: "section" }));
  g.append(stext(0, 30, `${plural(face, "dragon board", "dragon boards")} face down`, { class: "tiny muted" }));
  let y = 40;
  if (st.dragon) {
    const rows = info ? info.grid : (st.grid || []).map((symbols) => ({ symbols, players: 0, reward: "" }));
    const from = ctx.facts.full_rows_from || 4;
    rows.forEach((row, r) => {
      const left = [...((st.grid || [])[r] || [])];
      const inactive = row.players && st.players.length < row.players;
      const rg = sv("g", { class: `grid-row${inactive ? " inactive" : ""}`, opacity: inactive ? 0.45 : 1 });
      rg.append(stext(0, y + 16, row.players ? `${row.players}+` : `${r + 1}`, { class: "small b" }));
      let covered = 0;
      row.symbols.forEach((symbol, k) => {
        const at = left.indexOf(symbol);
        const open = inactive || at >= 0;
        if (at >= 0) left.splice(at, 1);
        if (!open) covered += 1;
        const x = 28 + k * 52;
        rg.append(sv("rect", { x, y, width: 48, height: 22, rx: 4, class: open ? "cell" : "cell covered", fill: open ? "#fbf7ee" : "#ecd5cf", stroke: "#8a6d3b" }), stext(x + 24, y + 15, ctx.name(symbol), { class: `tiny${open ? "" : " muted"}`, "text-anchor": "middle" }));
        if (!open) rg.append(sv("circle", { cx: x + 42, cy: y + 5, r: 5, fill: "#b22222", stroke: "#fff" }, tip("a damage marker")));
      });
      const done = !inactive && covered === row.symbols.length;
      const reward = inactive ? `only with ${from} players or more` : `${done ? "paid: " : ""}${row.reward || ""}`;
      rg.append(stextLines(240, y + 9, wrap(reward, 40).slice(0, 2), 11, { class: `tiny${done ? " b" : ""}` }));
      g.append(rg);
      y += 28;
    });
    if (info) {
      const lines = [...wrap(`When it lands: ${info.appearance}`, 78).slice(0, 2), ...wrap(`Its fury: ${info.special}`, 78).slice(0, 2)];
      g.append(stextLines(0, y + 10, lines, 12, { class: "tiny" }));
      y += lines.length * 12 + 4;
    }
  }
  if ((st.hunting || []).length) {
    const dice = st.hunting.map((f) => f.split("+").map(ctx.name).join(" + ")).join(" · ");
    const lines = wrap(`Hunting dice: ${dice}`, 70);
    g.append(stextLines(0, y + 12, lines, 14, { class: "small b" }));
    y += lines.length * 14 + 2;
  }
  if ((st.strikes || []).length) {
    g.append(stext(0, y + 12, `Still to place on the grid: ${st.strikes.map(ctx.name).join(", ")}`, { class: "small" }));
    y += 16;
  }
  svg.append(g);
  return y0 + y + 4;
}

// ------------------------------------------------------------------ bank, source, days

function drawBank(svg, st, ctx, y0) {
  const x0 = 490;
  const g = sv("g", { transform: `translate(${x0} ${y0})` });
  g.append(stext(0, 14, "Royal bank", { class: "section" }));
  const spaces = ctx.facts.bank || (st.bank || []).map(() => ({ die: 0, gold: 0 }));
  spaces.forEach((space, i) => {
    const x = i * 92;
    const n = (st.bank || [])[i] || 0;
    const sg = sv("g", { class: "bank-space" }, tip(`${space.die ? `one die of ${space.die}` : "any dice, any number"}: ${space.gold} gold; ${plural(n, "die", "dice")} here this round`));
    sg.append(sv("rect", { x, y: 22, width: 86, height: 58, rx: 6, fill: "#fdf3d8", stroke: "#8a6d3b" }));
    if (space.die) sg.append(sv("rect", { x: x + 6, y: 28, width: 18, height: 18, rx: 3, fill: "#fff", stroke: "#222" }), stext(x + 15, 42, space.die, { "text-anchor": "middle", class: "small b" }));
    sg.append(stext(x + (space.die ? 30 : 6), 42, space.die ? "die" : "any die", { class: "tiny" }), stext(x + 6, 60, `${space.gold} gold`, { class: "small b" }));
    for (let k = 0; k < n; k++) sg.append(sv("rect", { x: x + 6 + k * 12, y: 66, width: 10, height: 10, rx: 2, fill: "#555" }));
    g.append(sg);
  });
  const players = st.players || [];
  const gems = (ctx.facts.gems ?? 25) - players.reduce((s, p) => s + p.energy + (p.bonuses || []).length, 0);
  g.append(stext(0, 100, `Energy source: ${plural(st.source || 0, "die", "dice")} this round · ${plural(Math.max(0, gems), "gem", "gems")} left in the reserve`, { class: "small" }));
  // The days track: what the King crosses at the end of each round.
  g.append(stext(0, 126, "Days track", { class: "section" }));
  const days = ctx.facts.days || [];
  const rounds = ctx.facts.rounds || days.length || 7;
  for (let r = 1; r <= rounds; r++) {
    const day = days.find((d) => d.round === r) || { icons: [] };
    const x = (r - 1) * 66;
    const now = st.round === r;
    const words = day.icons.map((icon) => `${(DAYS[icon] || [icon])[0]}${icon === "event" && day.event ? ` ${day.event}` : ""}`);
    const said = day.icons.map((icon) => `${(DAYS[icon] || [icon, icon])[1]}${icon === "event" && day.event ? ` (${day.event})` : ""}`);
    const dg = sv("g", { class: `day${now ? " now" : ""}`, "data-round": r }, tip(`At the end of round ${r}: ${said.join(", then ") || "nothing"}`));
    dg.append(sv("rect", { x, y: 134, width: 62, height: 66, rx: 5, fill: now ? "#ffe3a8" : st.round > r ? "#ece4d3" : "#fbf7ee", stroke: now ? "#000" : "#8a6d3b", "stroke-width": now ? 2.5 : 1 }));
    dg.append(stext(x + 31, 148, `Round ${r}`, { class: "tiny b", "text-anchor": "middle" }), stextLines(x + 6, 163, words, 11, { class: "tiny" }));
    g.append(dg);
  }
  const key = Object.entries(DAYS).map(([, [word, meaning]]) => `${word}: ${meaning}`).join(" · ");
  g.append(stextLines(0, 214, wrap(`At the end of each round, top to bottom: ${key}.`, 84), 12, { class: "tiny muted" }));
  svg.append(g);
  return y0 + 240;
}

// ------------------------------------------------------------------ recipes and heroes

function needs(ctx, ingredients) {
  return Object.entries(ingredients || {}).map(([kind, n]) => `${n} ${ctx.name(kind)}`).join(", ");
}

function drawRow(svg, st, ctx, y0) {
  const g = sv("g", { transform: `translate(0 ${y0})` });
  g.append(stext(0, 14, `Recipe row (newest first) · ${plural((st.recipe_deck || []).length, "recipe", "recipes")} in the deck`, { class: "section" }));
  const bonuses = ctx.facts.recipe_bonuses || [];
  const row = st.row || [];
  const w = (W - 10 * (row.length - 1)) / Math.max(row.length, 1);
  row.forEach((id, i) => {
    const x = i * (w + 10);
    const info = (ctx.facts.recipes || {})[id];
    const taken = (st.taken || [])[i];
    const cg = sv("g", { class: `recipe${taken ? " taken" : ""}`, "data-place": i });
    cg.append(sv("rect", { x, y: 22, width: w, height: 104, rx: 6, fill: !id ? "#f1ece2" : taken ? "#ece4d3" : "#fff8e6", stroke: "#6b5b3e" }));
    cg.append(stext(x + 6, 36, `Place ${i + 1}`, { class: "tiny muted" }), stext(x + w - 6, 36, `bonus +${bonuses[i] ?? 0}`, { class: "tiny b", "text-anchor": "end" }));
    if (id) {
      const title = wrap(ctx.name(id), 24).slice(0, 2);
      cg.append(stextLines(x + 6, 52, title, 13, { class: "small b" }));
      if (info) {
        cg.append(stextLines(x + 6, 56 + title.length * 13, wrap(needs(ctx, info.ingredients), 30).slice(0, 2), 11, { class: "tiny" }));
        cg.append(stext(x + 6, 118, `${info.prestige} prestige`, { class: "small b" }));
      }
    } else cg.append(stext(x + w / 2, 76, "empty", { class: "small muted", "text-anchor": "middle" }));
    if (taken) cg.append(stext(x + w - 6, 118, "die placed", { class: "tiny b", "text-anchor": "end" }, "a die lies on this place this round"));
    g.append(cg);
  });
  svg.append(g);
  return y0 + 126;
}

function drawMarket(svg, st, ctx, y0) {
  const g = sv("g", { transform: `translate(0 ${y0})` });
  g.append(stext(0, 14, `Heroes of the market · ${plural((st.hero_deck || []).length, "hero", "heroes")} in the deck`, { class: "section" }));
  const market = st.market || [];
  const n = Math.max(market.length, 1);
  const w = (W - 10 * (n - 1)) / n;
  market.forEach((id, i) => {
    const x = i * (w + 10);
    const info = (ctx.facts.heroes || {})[id] || {};
    const hg = sv("g", { class: "hero", "data-hero": id });
    hg.append(sv("rect", { x, y: 22, width: w, height: 100, rx: 6, fill: "#f4f0fb", stroke: "#6b5b6e" }), stext(x + 6, 38, ctx.name(id), { class: "small b" }));
    if (info.cost !== undefined) hg.append(stext(x + 6, 54, `${info.cost} gold · ${info.prestige} prestige at the end`, { class: "tiny" }));
    const lines = [...wrap(`Ability (${WHEN[info.when] || info.when || "?"}): ${info.ability || "?"}`, 42).slice(0, 3), ...wrap(`Bonus: ${info.bonus || "?"}`, 42).slice(0, 2)];
    if (info.cost !== undefined) hg.append(stextLines(x + 6, 70, lines, 12, { class: "tiny" }));
    g.append(hg);
  });
  svg.append(g);
  return y0 + 124;
}

// ------------------------------------------------------------------ players (HTML)

function chips(items, name, marks = () => "", warn = () => false) {
  if (!items || !items.length) return el("span", { class: "none" }, "none");
  return tally(items).map(([id, n]) => {
    const mark = id === "?" ? "" : marks(id);
    return el("span", { class: `chip${id === "?" ? " hidden" : ""}${id !== "?" && warn(id) ? " warn" : ""}`, title: mark || (id === "?" ? "hidden" : name(id)) }, `${id === "?" ? "?" : name(id)}${n > 1 ? ` ×${n}` : ""}${mark ? ` (${mark})` : ""}`);
  });
}

function sbireLines(st, ctx, p, seat) {
  return ctx.sbires.map((id, k) => {
    const bits = [ctx.name((p.regions || [])[k]), ...sbireBits(ctx, p, k)];
    const current = st.active === seat && st.sbire === id;
    const shape = el("span", { class: "dot", style: `background:${playerColour(seat)};border-radius:${["50%", "2px", "2px 2px 50% 50%"][k] || "50%"}` });
    return el("div", { class: "sbire-line", "data-sbire": id }, shape, el("strong", {}, ctx.name(id)), current ? el("span", { class: "tag turn" }, "active") : null, `: ${bits.join("; ")}`);
  });
}

const row = (label, ...value) => [el("dt", {}, label), el("dd", {}, ...value)];

function sheetOf(st, ctx, p, seat) {
  const name = ctx.name;
  const dice = (p.dice || []).length ? p.dice.map((d) => el("span", { class: "die", style: `background:${playerColour(seat)}` }, String(d))) : el("span", { class: "none" }, "none left");
  const recipes = p.recipes || [];
  const recipePoints = recipes.reduce((s, r) => s + (((ctx.facts.recipes || {})[r] || {}).prestige || 0), 0);
  const heroMarks = (id) => [(p.exhausted || []).includes(id) ? "exhausted" : "", (p.bonuses || []).includes(id) ? "bonus used" : ""].filter(Boolean).join(", ");
  const missions = p.missions || [];
  const forge = p.forge && ctx.facts.forge ? ctx.facts.forge[p.forge] : "";
  const poweredOn = (st.options || []).some(([k, val]) => k === "tavern_powers" && val);
  const tags = [st.first === seat ? el("span", { class: "tag" }, "first") : null, st.turn === seat && !st.result ? el("span", { class: "tag turn" }, "turn") : null];
  return playerSheet(
    p,
    seat,
    ctx,
    tags,
    el(
      "dl",
      {},
      row("Tavern", p.tavern ? name(p.tavern) : "none"),
      row("Prestige", el("strong", {}, String(p.prestige))),
      row("Resources", `${p.gold} gold · ${p.energy} energy · ${plural(p.runes, "rune", "runes")}`),
      row("Dice", dice, p.banked ? el("span", { class: "muted" }, " (a die on the bank this round)") : null),
      row("Sbires", sbireLines(st, ctx, p, seat)),
      row("Pantry", chips(p.pantry, name)),
      row("Heroes", chips(p.heroes, name, heroMarks, (id) => (p.exhausted || []).includes(id))),
      row("Recipes", chips(recipes, name), recipes.length ? el("span", { class: "muted" }, ` (${recipes.length} cooked, ${recipePoints} prestige)`) : null),
      row("Trophies", `${(p.trophies || []).length}`, (p.trophies || []).some((t) => t !== "?") ? el("span", { class: "muted" }, ` (${p.trophies.map(name).join(", ")})`) : null),
      p.damage ? row("Damage", `${plural(p.damage, "marker", "markers")} placed on dragons`) : null,
      p.forge ? row("Forge token", forge ? `${name(forge)} (a damage symbol for a hunt)` : name(p.forge)) : null,
      missions.length ? row("Missions", chips(missions, name)) : null,
      poweredOn ? row("Power", `marker on space ${p.power}`) : null,
    ),
  );
}

function extras(st, ctx) {
  const name = ctx.name;
  const lines = [];
  if ((st.events_seen || []).length) lines.push(`Events: ${st.events_seen.map(name).join(", ")}`);
  if (st.mission) lines.push(`Common mission: ${name(st.mission)}`);
  const options = (st.options || []).map(([k, val]) => `${name(k) === k ? k.replace(/_/g, " ") : name(k)}: ${val === true ? "on" : val === false ? "off" : val}`);
  if (options.length) lines.push(`Options: ${options.join("; ")}`);
  return el("div", { class: "extras" }, lines.map((line) => el("p", { class: "muted" }, line)));
}
