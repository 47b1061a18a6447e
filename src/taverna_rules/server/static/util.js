// Small DOM and SVG helpers shared by the pages. Text always goes in as text nodes
// (never as HTML): player names and content come from outside.

const SVG_NS = "http://www.w3.org/2000/svg";

function fill(node, attrs, children) {
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key === "text") node.textContent = String(value);
    else if (key === "class") node.setAttribute("class", value);
    else if (key === "style") node.style.cssText = String(value); // CSSOM: allowed under a strict CSP
    else if (key === "dataset") Object.assign(node.dataset, value);
    else if (key.startsWith("on") && typeof value === "function") node.addEventListener(key.slice(2), value);
    else if (value === true) node.setAttribute(key, "");
    else node.setAttribute(key, String(value));
  }
  for (const child of children.flat(Infinity)) {
    if (child === undefined || child === null || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

/** An HTML element: el("p", {class: "x"}, "text", otherNode). */
export function el(tag, attrs, ...children) {
  return fill(document.createElement(tag), attrs, children);
}

/** An SVG element: sv("rect", {x: 0, y: 0, width: 10, height: 10}). */
export function sv(tag, attrs, ...children) {
  return fill(document.createElementNS(SVG_NS, tag), attrs, children);
}

/** An SVG <text>, with an optional tooltip. */
export function stext(x, y, content, attrs = {}, tip) {
  const t = sv("text", { x, y, ...attrs }, String(content));
  if (tip) t.append(sv("title", {}, tip));
  return t;
}

/** A tooltip child for any SVG element. */
export function tip(text) {
  return text ? sv("title", {}, text) : null;
}

/** The display name of a content id: the view's names, then the hints, then the id. */
export function namer(names, hints) {
  const base = (hints && hints.names) || {};
  return (id) => {
    if (id === null || id === undefined) return "";
    const s = String(id);
    if (s === "?") return "?";
    if (names && names[s]) return names[s];
    const kind = s.split("#", 1)[0];
    if (names && names[kind]) return names[kind];
    if (base[kind]) return base[kind];
    return s;
  };
}

export const PLAYER_COLOURS = ["#d62728", "#1f66b4", "#8e44ad", "#e67e00", "#138d75"];
export const playerColour = (seat) =>
  seat === null || seat === undefined || seat < 0 ? "#888" : PLAYER_COLOURS[seat % PLAYER_COLOURS.length];

/** A stable colour for any id (peoples, ingredients...) that has no colour of its own. */
export function hashColour(id) {
  let h = 0;
  for (const ch of String(id)) h = (h * 31 + ch.codePointAt(0)) >>> 0;
  return `hsl(${h % 360}, 45%, 55%)`;
}

export const sumVp = (vp) => (vp || []).reduce((total, [, amount]) => total + amount, 0);

/** Counts of each value, in first-seen order: [["beer", 3], ["wine", 1]]. */
export function tally(items) {
  const counts = new Map();
  for (const item of items || []) counts.set(item, (counts.get(item) || 0) + 1);
  return [...counts.entries()];
}

export const words = (id) => String(id).replace(/_/g, " ");

/** Short JSON summary of an action, for buttons without a label. */
export function summarize(action) {
  if (!action || typeof action !== "object") return JSON.stringify(action);
  const { type, ...rest } = action;
  const parts = Object.entries(rest).map(([k, v]) => `${k}=${typeof v === "string" ? v : JSON.stringify(v)}`);
  return `${type || "action"}${parts.length ? ` (${parts.join(", ")})` : ""}`;
}

/** A card in a player's list: its name, with its copy number hidden. */
export function listOf(items, name) {
  return (items || []).map((x) => name(x));
}

/** Words of `text` in lines of at most `width` characters (a longer word stays whole). */
export function wrap(text, width) {
  const lines = [];
  let line = "";
  for (const word of String(text).split(/\s+/).filter(Boolean)) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
}

/** A multi-line SVG <text>: one <tspan> per line. */
export function stextLines(x, y, lines, lineHeight, attrs = {}) {
  const t = sv("text", { x, y, ...attrs });
  lines.forEach((line, i) => t.append(sv("tspan", { x, dy: i === 0 ? 0 : lineHeight }, line)));
  return t;
}

/** An <svg> sized by its viewBox, scaling to the width of its box. */
export function svgRoot(width, height, label) {
  return sv("svg", {
    viewBox: `0 0 ${width} ${height}`,
    width: "100%",
    preserveAspectRatio: "xMidYMin meet",
    role: "img",
    "aria-label": label,
    class: "board-svg",
    style: `max-width:${width}px`,
  });
}

/** A player's chip: a coloured circle with the first letter of the name. */
export function pawn(x, y, r, seat, name, extra, label) {
  const text = label || initial(name);
  const g = sv("g", { class: "pawn" });
  g.append(
    sv("circle", { cx: x, cy: y, r, fill: playerColour(seat), stroke: "#222", "stroke-width": 1 }),
    sv("text", { x, y: y + r * 0.38, "text-anchor": "middle", "font-size": text.length > 1 ? r * 0.9 : r * 1.1, fill: "#fff", "font-weight": "bold" }, text),
    tip(extra ? `${name}: ${extra}` : name),
  );
  return g;
}

export function initial(name) {
  const s = String(name || "?").trim();
  return s ? [...s][0].toUpperCase() : "?";
}

/** Short labels telling the players apart on pawns: first letters, else two, else seat numbers. */
export function shortLabels(names) {
  const chars = names.map((n) => [...String(n || "?").trim()]);
  for (const len of [1, 2]) {
    const labels = chars.map((c) => {
      const s = c.slice(0, len).join("");
      return s ? s[0].toUpperCase() + s.slice(1) : "?";
    });
    if (new Set(labels.map((l) => l.toLowerCase())).size === labels.length) return labels;
  }
  return names.map((_, i) => String(i + 1));
}

// A player's sheet under the board, for every game: its box (highlighted for this seat and
// for a seat deciding), its heading (the player's colour, name and tags: you, a bot's name,
// the game's own tags, deciding), then the game's rows.
export function playerSheet(p, seat, ctx, tags, ...rows) {
  const me = ctx.me === seat;
  const deciding = ctx.waiting.has(seat);
  const kind = ctx.seatKinds[seat];
  return el(
    "section",
    { class: `sheet${me ? " me" : ""}${deciding ? " deciding" : ""}`, "data-seat": seat, style: `border-color:${playerColour(seat)}` },
    el(
      "h3",
      {},
      el("span", { class: "dot", style: `background:${playerColour(seat)}` }),
      p.name,
      me ? el("span", { class: "tag" }, "you") : null,
      kind && kind !== "human" ? el("span", { class: "tag bot" }, `bot: ${kind}`) : null,
      ...tags,
      deciding ? el("span", { class: "tag deciding" }, "deciding") : null,
    ),
    ...rows,
  );
}
