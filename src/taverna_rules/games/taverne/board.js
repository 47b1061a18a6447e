// Taverne's table as SVG: the players around it in the order of play (clockwise, the
// Pilier marked), each Comptoir with its Prestige meter (pints and Prestige), Energy,
// Butin, the top of the weapon pile, the dodges set aside, and this turn's attacks as
// arrows from attacker to target; then one sheet per player in HTML. Reads view.state;
// names come from view.names, then the base-content hints, then the ids. A weapon card id
// is "<value>#<set>": its value is drawn; "?" is a card the viewer may not see.
import { el, sv, stext, svgRoot, tip, pawn, playerColour, shortLabels, playerSheet } from "/static/util.js";

const W = 900;
const H = 640;
const CALLS = [
  "",
  "Start of the turn",
  "Spend your Butin",
  "Prepare your dodges",
  "Attack!",
  "Settle your quarrels",
  "Out the door",
  "The Milice",
  "Serve your dirty tricks",
  "Pocket a Butin",
];
const BANDS = [1, 2, 4, 7, 11]; // the default pint bands (the rules may say otherwise)

const valueOf = (card) => (card && card !== "?" ? String(card).split("#", 1)[0] : "?");

function prestige(ctx, pints) {
  const bands = (ctx.hints && ctx.hints.bands) || BANDS;
  return bands.filter((first) => first <= pints).length;
}

// The seats in the order of play, from the Pilier.
function around(st) {
  const table = st.table && st.table.length ? st.table : st.players.map((_, i) => i);
  const start = Math.max(0, table.indexOf(st.pilier));
  return [...table.slice(start), ...table.slice(0, start)];
}

export function draw(container, v, ctx) {
  const st = v.state;
  const players = st.players || [];
  ctx = { ...ctx, short: shortLabels(players.map((p) => p.name)) };
  const order = around(st);
  // Up to 5 Comptoirs fit the table as drawn; Double Taverne's 6 to 10 widen it.
  const k = Math.max(1, order.length / 5);
  const w = W * k;
  const h = H * k;
  const svg = svgRoot(w, h, "Taverne table");
  const call = st.call || 0;
  svg.append(
    sv("ellipse", { cx: w / 2, cy: h / 2, rx: 250 * k, ry: 170 * k, fill: "#8b5a2b", stroke: "#4a2f14", "stroke-width": 4 }),
    stext(w / 2, h / 2 - 10, `Turn ${st.turn || 0}`, { "text-anchor": "middle", "font-size": 22, "font-weight": "bold", style: "fill:#fff" }),
    stext(w / 2, h / 2 + 18, call ? `${call}. ${CALLS[call]}` : "Setting up", { "text-anchor": "middle", "font-size": 16, style: "fill:#fff" }),
  );
  const spots = new Map();
  order.forEach((seat, i) => {
    const angle = Math.PI / 2 + (2 * Math.PI * i) / order.length;
    const x = w / 2 + Math.cos(angle) * 330 * k;
    const y = h / 2 + Math.sin(angle) * 235 * k;
    spots.set(seat, [x, y]);
  });
  for (const [attacker, target, spot] of st.attacks || []) {
    const from = spots.get(attacker);
    const to = spots.get(target);
    if (!from || !to) continue;
    const ranged = String(spot).startsWith("ranged");
    svg.append(
      sv(
        "line",
        {
          x1: from[0], y1: from[1], x2: to[0], y2: to[1],
          stroke: playerColour(attacker), "stroke-width": 3,
          "stroke-dasharray": ranged ? "8 6" : null, "marker-end": "url(#arrow)", opacity: 0.8,
        },
        tip(`${players[attacker].name} attacks ${players[target].name} (${String(spot).replace("_", ", ")})`),
      ),
    );
  }
  svg.prepend(
    sv("defs", {}, sv("marker", { id: "arrow", viewBox: "0 0 10 10", refX: 9, refY: 5, markerWidth: 6, markerHeight: 6, orient: "auto" },
      sv("path", { d: "M0,0 L10,5 L0,10 z", fill: "#333" }))),
  );
  order.forEach((seat) => svg.append(comptoir(st, ctx, seat, spots.get(seat))));
  const sheets = el("div", { class: "players" }, order.map((seat) => sheetOf(st, ctx, players[seat], seat)));
  container.replaceChildren(svg, sheets);
}

function comptoir(st, ctx, seat, [x, y]) {
  const p = st.players[seat];
  const g = sv("g", { transform: `translate(${x - 115} ${y - 48})`, class: "comptoir", "data-seat": seat });
  const present = Boolean(p.character);
  g.append(
    sv("rect", { x: 0, y: 0, width: 230, height: 96, rx: 8, fill: present ? "#fdf6e3" : "#ddd", stroke: playerColour(seat), "stroke-width": ctx.waiting.has(seat) ? 4 : 2 }),
    pawn(16, 16, 11, seat, p.name, null, ctx.short[seat]),
    stext(32, 20, p.name, { "font-weight": "bold" }),
  );
  if (st.pilier === seat) g.append(stext(186, 20, "Pilier", { "font-size": 12, fill: "#a33" }, "the caller of this turn"));
  if (!present) {
    g.append(stext(10, 50, p.knocked_out ? "knocked out" : "not seated", { fill: "#555" }));
    return g;
  }
  const level = prestige(ctx, p.pints);
  g.append(
    stext(10, 40, ctx.name(p.character), { "font-size": 12 }, "the Character in play"),
    stext(10, 60, `Prestige ${level} (${p.pints} pints)`, { "font-size": 12 }),
    stext(10, 78, `Energy ${p.energy}${p.energy === 0 ? " (Sonné)" : ""}`, { "font-size": 12, fill: p.energy === 0 ? "#a00" : "#000" }),
    stext(150, 60, `Butin ${p.butin}`, { "font-size": 12 }),
    stext(150, 78, `pile: ${p.top ? valueOf(p.top) : "-"} +${(p.pile || []).length}`, { "font-size": 12 }, "the top of the weapon pile is face up"),
  );
  (p.dodges || []).forEach((card, i) => {
    g.append(
      sv("rect", { x: 10 + i * 24, y: 100, width: 20, height: 28, rx: 3, fill: "#fff", stroke: "#333" }),
      stext(20 + i * 24, 119, valueOf(card), { "text-anchor": "middle", "font-size": 12 }, "a dodge set aside"),
    );
  });
  return g;
}

function row(label, value) {
  return el("p", {}, el("strong", {}, `${label}: `), value);
}

function sheetOf(st, ctx, p, seat) {
  if (!p.character) {
    return playerSheet(p, seat, ctx, [], row("Out of the game", p.knocked_out ? `${p.knocked_out} Character(s) knocked out` : "not seated"));
  }
  const hand = (p.hand || []).map(valueOf).join(" ") || "none";
  const laid = (st.laid || []).filter(([s]) => s === seat).map(([, card]) => valueOf(card));
  const shown = (st.revealed || []).filter(([s]) => s === seat).map(([, card]) => valueOf(card));
  return playerSheet(
    p,
    seat,
    ctx,
    st.pilier === seat ? [el("span", { class: "tag" }, "Pilier")] : [],
    row("Character", ctx.name(p.character)),
    row("Prestige", `${prestige(ctx, p.pints)} (${p.pints} pints)`),
    row("Energy", String(p.energy)),
    row("Butin", String(p.butin)),
    row("Hand", hand),
    row("Pile", `${p.top ? valueOf(p.top) : "empty"} on top, ${(p.pile || []).length} under it`),
    (p.dodges || []).length ? row("Dodges", p.dodges.map(valueOf).join(" ")) : null,
    laid.length ? row("Attack", `${laid.join(" ")} face down`) : null,
    shown.length ? row("Attack turned up", shown.join(" ")) : null,
  );
}
