// Cavern Tavern's board as SVG (the orders on the tables, the places with the dice placed
// this round, the supply), then one sheet per player in HTML with their tracks drawn as a
// small SVG. Reads view.state; display names come from view.names, then the base-content
// hints, then the ids.
import { el, sv, stext, stextLines, svgRoot, tip, pawn, wrap, playerColour, sumVp, tally, shortLabels, playerSheet } from "/static/util.js";

const W = 1200;
const AREAS = [
  ["cellar", "Cellar"],
  ["kitchen", "Kitchen tasks"],
  ["chores", "Chores"],
  ["office", "Nasty's office"],
  ["workshop", "Wizard's workshop"],
];
const TRACKS = ["kitchen", "chores", "nasty"];

export function draw(container, v, ctx) {
  const st = v.state;
  const players = st.players || [];
  const hintNames = (ctx.hints && ctx.hints.names) || {};
  ctx = {
    ...ctx,
    short: shortLabels(players.map((p) => p.name)),
    // Ingredients: the content's own name first (an ingredient and a place may share an id).
    ingredient: (id) => hintNames[id] || ctx.name(id),
  };
  const svg = svgRoot(W, 100, "Cavern Tavern board");
  let y = 4;
  y = drawHeader(svg, st, ctx, y);
  y = drawTables(svg, st, ctx, y + 8);
  y = drawPlaces(svg, st, ctx, y + 16);
  y = drawSupply(svg, st, ctx, y + 12);
  svg.setAttribute("viewBox", `0 0 ${W} ${y + 8}`);
  const sheets = el("div", { class: "players" }, players.map((p, i) => sheetOf(st, ctx, p, i)));
  container.replaceChildren(svg, sheets, extras(st, ctx));
}

const textOf = (ctx, id) => {
  const texts = ctx.hints && ctx.hints.texts;
  return (texts && texts[String(id).split("#", 1)[0]]) || ctx.name(id);
};

const nameOfSeat = (st, seat) => (st.players[seat] && st.players[seat].name) || `seat ${seat}`;

function orderInfo(ctx, id) {
  return (ctx.hints && ctx.hints.orders && ctx.hints.orders[String(id).split("#", 1)[0]]) || null;
}

function needs(ctx, info) {
  return Object.entries(info.ingredients).map(([ing, n]) => `${n} ${ctx.ingredient(ing)}`).join(", ");
}

// ------------------------------------------------------------------ header and tables

function drawHeader(svg, st, ctx, y0) {
  const rounds = ctx.hints && ctx.hints.rounds;
  const parts = [`Round ${st.round ?? "?"}${rounds ? ` of ${rounds}` : ""}`];
  const g = sv("g", { transform: `translate(0 ${y0})` });
  g.append(stext(0, 18, parts.join(""), { class: "section" }));
  let x = 150;
  if (st.players && st.players[st.first]) {
    g.append(stext(x, 18, "First player:", { class: "small" }), pawn(x + 90, 13, 9, st.first, nameOfSeat(st, st.first), "first player", ctx.short[st.first]), stext(x + 104, 18, nameOfSeat(st, st.first), { class: "small" }));
    x += 230;
  }
  const white = (st.players || []).findIndex((p) => p.white);
  if (white >= 0) {
    g.append(
      stext(x, 18, "White die:", { class: "small" }),
      sv("rect", { x: x + 72, y: 5, width: 16, height: 16, rx: 3, fill: "#fff", stroke: "#333" }),
      stext(x + 96, 18, nameOfSeat(st, white), { class: "small" }),
    );
  }
  svg.append(g);
  return y0 + 26;
}

function drawTables(svg, st, ctx, y0) {
  const name = ctx.name;
  const tables = st.tables || [];
  const g = sv("g", { transform: `translate(0 ${y0})` });
  g.append(stext(0, 14, "Orders on the tables", { class: "section" }));
  const n = Math.max(tables.length, 1);
  const gap = 8;
  const w = Math.min(200, (W - gap * (n - 1)) / n);
  const h = 104;
  tables.forEach((order, i) => {
    const x = i * (w + gap);
    const y = 22;
    const info = order ? orderInfo(ctx, order) : null;
    const box = sv("g", { class: "order-table" });
    box.append(sv("rect", { x, y, width: w, height: h, rx: 6, fill: order ? "#fff8e6" : "#f1ece2", stroke: "#6b5b3e" }));
    box.append(stext(x + 6, y + 14, `Table ${i + 1}`, { class: "tiny muted" }));
    if (order) {
      const title = wrap(name(order), 24).slice(0, 2);
      box.append(stextLines(x + 6, y + 30, title, 14, { class: "small b" }));
      if (info) {
        const yy = y + 30 + title.length * 14;
        box.append(stextLines(x + 6, yy, wrap(needs(ctx, info), 30).slice(0, 3), 12, { class: "tiny" }));
        box.append(stext(x + 6, y + h - 6, `${info.points[0]} VP now · leaves after ${info.leave_after}`, { class: "tiny muted" }));
      }
      box.append(tip(textOf(ctx, order)));
    } else {
      box.append(stext(x + w / 2, y + 50, "no order", { "text-anchor": "middle", class: "small muted" }));
    }
    // The meeples of the players whose order came from this table.
    (st.players || []).forEach((p, seat) => {
      if (p.table === i) {
        const k = (st.players || []).slice(0, seat).filter((q) => q.table === i).length;
        box.append(pawn(x + w - 14 - k * 20, y + 12, 9, seat, p.name, `holds this table (order ${name(p.order) || "served"})`, ctx.short[seat]));
      }
    });
    g.append(box);
  });
  svg.append(g);
  return y0 + 22 + h;
}

// ------------------------------------------------------------------ places and dice

function placeList(st, ctx) {
  const known = (ctx.hints && ctx.hints.places) || [];
  const ids = new Set(known.map((p) => p.id));
  const extra = [];
  for (const [place] of st.placements || []) {
    if (!ids.has(place)) {
      ids.add(place);
      extra.push({ id: place, area: "other" });
    }
  }
  return [...known, ...extra];
}

function requirement(place) {
  if (place.sum) return `sum ${place.sum}`;
  if (place.count) return `${place.count} ${place.count === 1 ? "die" : "dice"}`;
  return "";
}

function drawDie(g, x, y, value, seat, size = 16) {
  g.append(
    sv("rect", { x, y, width: size, height: size, rx: 3, fill: playerColour(seat), stroke: "#222", "stroke-width": 0.8 }),
    stext(x + size / 2, y + size * 0.75, value, { "text-anchor": "middle", class: "die-text", "font-size": size * 0.7 }),
  );
}

function drawPlaces(svg, st, ctx, y0) {
  const name = ctx.name;
  const places = placeList(st, ctx);
  const nPlayers = (st.players || []).length;
  const byPlace = new Map();
  for (const [place, seat, dice] of st.placements || []) {
    if (!byPlace.has(place)) byPlace.set(place, []);
    byPlace.get(place).push([seat, String(dice)]);
  }
  // Columns: cellar, kitchen, chores, then office and workshop together, then any other.
  const columns = [
    [["cellar", "Cellar"]],
    [["kitchen", "Kitchen tasks"]],
    [["chores", "Chores"]],
    [["office", "Nasty's office"], ["workshop", "Wizard's workshop"], ["other", "Other places"]],
  ];
  const known = new Set(AREAS.map(([a]) => a).concat("other"));
  const areaOf = (p) => (known.has(p.area) ? p.area : "other");
  if (!ctx.hints) columns.splice(0, columns.length, [["other", "Places used this round"]]);
  const g = sv("g", { transform: `translate(0 ${y0})` });
  g.append(stext(0, 14, "Places (dice placed this round)", { class: "section" }));
  const colW = (W - 3 * 10) / 4;
  let bottom = 22;
  columns.forEach((areas, c) => {
    const x = c * (colW + 10);
    let y = 24;
    for (const [area, title] of areas) {
      const list = places.filter((p) => areaOf(p) === area);
      if (!list.length) continue;
      g.append(stext(x, y + 12, title, { class: "small b" }));
      y += 18;
      for (const place of list) {
        const groups = byPlace.get(place.id) || [];
        const slots = place.slots ? Number(place.slots[nPlayers] ?? place.slots[String(nPlayers)] ?? 0) : groups.length;
        const cells = Math.max(slots, groups.length);
        // Lay the dice groups (and empty slots) out left to right, wrapping.
        const items = [];
        for (let i = 0; i < cells; i++) items.push(groups[i] || null);
        const lines = [];
        let line = [];
        let used = 0;
        for (const item of items) {
          const width = item ? item[1].split("+").length * 18 + 8 : 38;
          if (line.length && used + width > colW - 12) {
            lines.push(line);
            line = [];
            used = 0;
          }
          line.push([item, width]);
          used += width;
        }
        if (line.length) lines.push(line);
        const h = 22 + Math.max(lines.length, 1) * 22;
        const box = sv("g", { class: "place" });
        const full = slots > 0 && groups.length >= slots;
        box.append(sv("rect", { x, y, width: colW, height: h, rx: 5, class: full ? "place-bg full" : "place-bg" }));
        box.append(stext(x + 6, y + 15, name(place.id), { class: "small" }));
        box.append(stext(x + colW - 6, y + 15, requirement(place), { "text-anchor": "end", class: "tiny muted" }));
        box.append(tip(`${textOf(ctx, place.id)}${slots ? ` (${slots} ${slots === 1 ? "group" : "groups"} a round)` : ""}`));
        lines.forEach((ln, row) => {
          let dx = x + 6;
          const dy = y + 22 + row * 22;
          for (const [item, width] of ln) {
            if (item) {
              const [seat, dice] = item;
              const gr = sv("g", {});
              dice.split("+").forEach((d, k) => drawDie(gr, dx + k * 18, dy, d, seat));
              gr.append(tip(`${nameOfSeat(st, seat)}: ${dice}`));
              box.append(gr);
            } else {
              box.append(sv("rect", { x: dx, y: dy, width: 30, height: 16, rx: 3, fill: "none", stroke: "#aaa", "stroke-dasharray": "3 2" }));
            }
            dx += width;
          }
        });
        g.append(box);
        y += h + 4;
      }
      y += 6;
    }
    bottom = Math.max(bottom, y);
  });
  svg.append(g);
  return y0 + bottom;
}

// ------------------------------------------------------------------ supply

function drawSupply(svg, st, ctx, y0) {
  const name = ctx.name;
  const g = sv("g", { transform: `translate(0 ${y0})` });
  g.append(stext(0, 14, "Cellar supply", { class: "section" }));
  const counts = tally(st.supply || []);
  let x = 0;
  let rows = 1;
  for (const [ing, n] of counts) {
    const label = `${ctx.ingredient(ing)} ${n}`;
    const w = Math.max(70, label.length * 6.5 + 14);
    if (x + w > W) {
      x = 0;
      rows += 1;
    }
    const y = 22 + (rows - 1) * 26;
    g.append(sv("g", {}, sv("rect", { x, y, width: w, height: 22, rx: 4, class: "ingredient" }), stext(x + 7, y + 15, label, { class: "tiny" }), tip(`${n} ${ctx.ingredient(ing)} in the supply`)));
    x += w + 5;
  }
  const decks = [
    `Orders: ${(st.order_deck || []).length} in the deck, ${(st.order_discard || []).length} discarded`,
    `Items: ${(st.item_deck || []).length} in the deck, ${(st.item_discard || []).length} discarded`,
    `Nasty says: ${(st.nasty_deck || []).length} in the deck, ${(st.nasty_discard || []).length} discarded`,
    `Secret tasks out of the game: ${(st.secret_box || []).length}`,
  ];
  const y = 22 + rows * 26 + 14;
  g.append(stext(0, y, decks.join(" · "), { class: "tiny" }));
  svg.append(g);
  return y0 + y + 4;
}

// ------------------------------------------------------------------ players (HTML)

// A card's rules text is shown with the card, not only as a tooltip.
function chips(items, ctx, name = ctx.name) {
  if (!items || !items.length) return el("span", { class: "none" }, "none");
  return tally(items.map((x) => String(x).split("#", 1)[0])).map(([id, n]) => {
    const text = id === "?" ? "" : name === ctx.name ? textOf(ctx, id) : "";
    const shown = text && text !== name(id) ? el("span", { class: "card-text" }, text) : null;
    return el("span", { class: id === "?" ? "chip hidden" : "chip", title: id === "?" ? "hidden" : text || name(id) }, `${name(id)}${n > 1 ? ` ×${n}` : ""}`, shown);
  });
}

function dice(p, seat) {
  const values = p.dice || [];
  if (!values.length) return el("span", { class: "none" }, "none left");
  return [
    ...values.map((d) => el("span", { class: "die", style: `background:${playerColour(seat)}` }, String(d))),
    p.white ? el("span", { class: "muted" }, " (the white die among them)") : null,
  ];
}

function trackSvg(p, ctx) {
  const name = ctx.name;
  const tracks = (ctx.hints && ctx.hints.tracks) || {};
  const cell = 22;
  const labelW = 60;
  const tops = TRACKS.map((t) => Math.max((tracks[t] && tracks[t].top) || 9, p[t] ?? 0));
  const width = labelW + (Math.max(...tops) + 1) * cell + 2;
  const svg = sv("svg", { viewBox: `0 0 ${width} ${TRACKS.length * 24 + 2}`, class: "tracks", role: "img", "aria-label": "tracks" });
  TRACKS.forEach((t, row) => {
    const info = tracks[t] || {};
    const levels = info.levels || [3, 6, 9];
    const y = row * 24 + 2;
    const level = p[t] ?? 0;
    svg.append(stext(0, y + 15, name(t) === t ? t[0].toUpperCase() + t.slice(1) : name(t), { class: "tiny b" }));
    for (let i = 0; i <= tops[row]; i++) {
      const x = labelW + i * cell;
      const penalty = t === "nasty" && info.penalty && info.penalty[i] ? `; -${info.penalty[i]} VP at the end` : "";
      svg.append(
        sv(
          "rect",
          { x, y, width: cell - 2, height: 20, rx: 3, class: `tcell${levels.includes(i) ? " mark" : ""}${i === level ? " here" : ""}${t === "nasty" ? " nasty" : ""}` },
          tip(`${name(t)} ${i}${levels.includes(i) ? " (threshold)" : ""}${penalty}`),
        ),
        stext(x + (cell - 2) / 2, y + 14, i, { "text-anchor": "middle", class: i === level ? "tiny b light" : "tiny muted" }),
      );
    }
  });
  return svg;
}

function orderBlock(st, ctx, p) {
  const name = ctx.name;
  if (!p.order) return el("span", { class: "none" }, "no open order");
  const info = orderInfo(ctx, p.order);
  const parts = [el("strong", { title: textOf(ctx, p.order) }, name(p.order))];
  if (p.table >= 0) parts.push(el("span", { class: "muted" }, ` (table ${p.table + 1})`));
  if (info) {
    const have = Object.fromEntries(tally(p.ingredients || []));
    const potions = have.magic_potion || 0;
    parts.push(
      el(
        "div",
        { class: "needs" },
        Object.entries(info.ingredients).map(([ing, n]) =>
          el("span", { class: `chip${(have[ing] || 0) >= n ? " ok" : ""}` }, `${ctx.ingredient(ing)} ${Math.min(have[ing] || 0, n)}/${n}`),
        ),
        potions ? el("span", { class: "muted" }, ` + ${potions} ${ctx.ingredient("magic_potion")}`) : null,
      ),
    );
    const late = Math.max(0, (st.round || 0) - (p.taken || 0));
    const worth = info.points[late] ?? 0;
    parts.push(el("div", { class: "muted" }, `Taken in round ${p.taken}; worth ${worth} VP if served now; the customers leave after ${info.leave_after} rounds (${-info.leave_lose} VP).`));
  } else if (p.taken) {
    parts.push(el("span", { class: "muted" }, ` taken in round ${p.taken}`));
  }
  return parts;
}

function sheetOf(st, ctx, p, seat) {
  const name = ctx.name;
  const items = p.items || [];
  const secret = p.shown ? name(p.shown) : p.secret === "?" ? "?" : p.secret ? name(p.secret) : "none";
  return playerSheet(
    p,
    seat,
    ctx,
    [
      st.first === seat ? el("span", { class: "tag" }, "first") : null,
      p.passed ? el("span", { class: "tag" }, "passed") : null,
    ],
    trackSvg(p, ctx),
    el(
      "dl",
      {},
      el("dt", {}, "VP"),
      el("dd", {}, el("strong", {}, String(sumVp(p.vp))), (p.vp || []).length ? el("span", { class: "muted" }, ` (${p.vp.map(([c, n]) => `${c.replace(/_/g, " ")} ${n}`).join(", ")})`) : null),
      el("dt", {}, "Dice"),
      el("dd", {}, dice(p, seat)),
      el("dt", {}, "Order"),
      el("dd", {}, orderBlock(st, ctx, p)),
      el("dt", {}, "Ingredients"),
      el("dd", {}, chips(p.ingredients, ctx, ctx.ingredient)),
      el("dt", {}, "Items"),
      el("dd", {}, items.length && items.every((x) => x === "?") ? el("span", { class: "chip hidden" }, `? × ${items.length}`) : chips(items, ctx)),
      (p.offer || []).length ? [el("dt", {}, "Offered"), el("dd", {}, chips(p.offer, ctx))] : null,
      el("dt", {}, "Secret task"),
      el("dd", {}, el("span", { class: secret === "?" ? "chip hidden" : "chip", title: p.shown || (p.secret && p.secret !== "?") ? textOf(ctx, p.shown || p.secret) : "hidden" }, secret)),
      el("dt", {}, "Nasty says"),
      el(
        "dd",
        {},
        (p.demands || []).length
          ? p.demands.map(([card, round]) => el("span", { class: "chip warn", title: textOf(ctx, card) }, `${name(card)} (round ${round})`))
          : el("span", { class: "none" }, "none"),
        (p.obeyed || []).length ? el("span", { class: "muted" }, ` (${p.obeyed.length} obeyed)`) : null,
      ),
      el("dt", {}, "Served"),
      el(
        "dd",
        {},
        // Orders served face down (the default) show to their owner only; the others see how many.
        chips([...(p.served || []), ...(p.face_down || [])], ctx),
        (p.face_down || []).length ? el("span", { class: "muted" }, ` (${p.face_down.length} face down)`) : null,
      ),
    ),
  );
}

function extras(st, ctx) {
  const name = ctx.name;
  const options = (st.options || []).map(([k, val]) => `${name(k) === k ? k.replace(/_/g, " ") : name(k)}: ${val === true ? "on" : val === false ? "off" : val}`);
  return el("div", { class: "extras" }, options.length ? el("p", { class: "muted" }, `Options: ${options.join("; ")}`) : null);
}
