// Taverna's board as SVG (taverns, people tracks, customer row, castle), then one sheet
// per player in HTML. Reads view.state; display names come from view.names (then the
// base-content hints, then the ids).
import { el, sv, stext, stextLines, svgRoot, tip, pawn, wrap, hashColour, playerColour, sumVp, tally, initial, shortLabels, playerSheet } from "/static/util.js";

const PEOPLE_COLOURS = { human: "#e0b03c", elf: "#4fa84f", dwarf: "#b5652b", orc: "#6c7a89" };
const SYMBOL_COLOURS = { beer: "#d9a021", spellbook: "#3b5ba5", lyre: "#a0522d", mask: "#7d3c98" };
const symbolColour = (s) => SYMBOL_COLOURS[s] || hashColour(s);
const peopleColour = (p) => (p ? PEOPLE_COLOURS[p] || hashColour(p) : "#fff");

const W = 1200;

export function draw(container, v, ctx) {
  const st = v.state;
  const players = st.players || [];
  ctx = { ...ctx, short: shortLabels(players.map((p) => p.name)) };
  const svg = svgRoot(W, 100, "Taverna board");
  let y = 8;
  y = drawTaverns(svg, st, ctx, y);
  y = drawTracks(svg, st, ctx, y + 16);
  y = drawRowAndCastle(svg, st, ctx, y + 16);
  svg.setAttribute("viewBox", `0 0 ${W} ${y + 8}`);
  const sheets = el("div", { class: "players" }, players.map((p, i) => sheetOf(st, v, ctx, p, i)));
  container.replaceChildren(svg, sheets, extras(st, ctx));
}

// ------------------------------------------------------------------ taverns

function tavernLayout(st, ctx, id) {
  const side = ctx.hints && ctx.hints.sides && ctx.hints.sides[st.side];
  return (side && side.taverns && side.taverns[id]) || null;
}

function drawTaverns(svg, st, ctx, y0) {
  const name = ctx.name;
  const taverns = st.taverns || [];
  const players = st.players || [];
  const gap = 10;
  const cell = 40;
  const specs = taverns.map((t) => {
    const n = Math.max((t.tables || []).length, 1);
    const cols = n <= 3 ? n : Math.ceil(n / 2);
    const deedCols = Math.max((t.deeds || []).length, 1);
    const w = Math.max(cols * cell + 20, deedCols * 40 + 20, 200);
    return { t, cols, rows: Math.ceil(n / cols), w };
  });
  const total = specs.reduce((s, x) => s + x.w, 0) + gap * (specs.length - 1);
  const scale = total > W ? W / total : 1; // too many or too wide: shrink the row
  const g = sv("g", { transform: `translate(0 ${y0}) scale(${scale})` });
  svg.append(g);
  let x = 0;
  let maxH = 0;
  const turnTavern = st.turn && st.turn.tavern;
  for (const { t, cols, rows, w } of specs) {
    const layout = tavernLayout(st, ctx, t.id);
    const box = sv("g", { class: "tavern", transform: `translate(${x} 0)` });
    let yy = 20;
    box.append(stext(10, yy, name(t.id), { class: "title" }, t.id));
    yy += 16;
    if (t.privilege) {
      box.append(
        sv("g", {}, sv("circle", { cx: w - 16, cy: yy - 4, r: 9, fill: "#f2d16b", stroke: "#8a6d00" }), stext(w - 16, yy, "P", { "text-anchor": "middle", class: "tiny b" }), tip("The privilege token is still here")),
      );
    }
    if (layout) {
      const guild = ctx.hints.guilds && ctx.hints.guilds[layout.symbol];
      box.append(
        sv("rect", { x: 10, y: yy - 9, width: 10, height: 10, rx: 2, fill: symbolColour(layout.symbol) }),
        stext(24, yy, `${name(layout.symbol)}${guild ? ` (${guild})` : ""}`, { class: "small" }, "The guild symbol printed on this tavern"),
      );
    }
    yy += 6;
    // Tables: the ring is the table's people (when the board is known), the disc the customer seated.
    const tables = t.tables || [];
    tables.forEach((seated, i) => {
      const cx = 10 + (i % cols) * cell + cell / 2;
      const cy = yy + Math.floor(i / cols) * cell + cell / 2;
      const printed = layout && layout.tables.length === tables.length ? layout.tables[i] : null;
      const where = printed ? `Table of the ${name(printed)}` : `Table ${i + 1}`;
      const who = seated ? `a customer of the ${name(seated)}` : "free";
      const here = turnTavern === t.id && st.turn.table === i;
      box.append(
        sv(
          "g",
          { class: "table" },
          sv("circle", {
            cx,
            cy,
            r: 15,
            fill: seated ? peopleColour(seated) : "#fffdf6",
            stroke: printed ? peopleColour(printed) : "#999",
            "stroke-width": printed ? 5 : 1.5,
            "stroke-dasharray": printed ? null : "3 2",
          }),
          here ? sv("circle", { cx, cy, r: 19, fill: "none", stroke: "#000", "stroke-width": 2 }) : null,
          stext(cx, cy + 4, seated ? initial(name(seated)) : printed ? initial(name(printed)) : "", {
            "text-anchor": "middle",
            class: seated ? "small b light" : "tiny muted",
          }),
          tip(`${where}: ${who}`),
        ),
      );
    });
    yy += rows * cell + 6;
    // Deeds: coloured by owner; the price and VP when the board is known.
    const deeds = t.deeds || [];
    box.append(stext(10, yy + 10, "Deeds", { class: "tiny muted" }));
    yy += 14;
    deeds.forEach((owner, i) => {
      const dx = 10 + i * 40;
      const info = layout && layout.deeds.length === deeds.length ? layout.deeds[i] : null;
      const ownerName = owner === null || owner === undefined ? null : (players[owner] && players[owner].name) || `seat ${owner}`;
      box.append(
        sv(
          "g",
          { class: "deed" },
          sv("rect", { x: dx, y: yy, width: 34, height: 24, rx: 3, fill: ownerName ? playerColour(owner) : "#fff", stroke: "#555" }),
          stext(dx + 17, yy + 16, ownerName ? ctx.short[owner] || initial(ownerName) : info ? `${info[0]}c` : "—", {
            "text-anchor": "middle",
            class: ownerName ? "small b light" : "tiny",
          }),
          info ? stext(dx + 17, yy + 35, `${info[1]} VP`, { "text-anchor": "middle", class: "tiny muted" }) : null,
          tip(`Deed${info ? ` (${info[0]} coins, ${info[1]} VP)` : ` ${i + 1}`}: ${ownerName ? `owned by ${ownerName}` : "for sale"}`),
        ),
      );
    });
    yy += info0(layout) ? 46 : 32;
    // Dignitaries and guild tokens.
    for (const d of t.dignitaries || []) {
      box.append(sv("circle", { cx: 14, cy: yy - 4, r: 4, fill: "#333" }), stext(24, yy, name(d), { class: "small" }, textOf(ctx, d)));
      yy += 15;
    }
    for (const s of t.guild_tokens || []) {
      box.append(sv("rect", { x: 10, y: yy - 9, width: 9, height: 9, fill: symbolColour(s), transform: `rotate(45 14.5 ${yy - 4.5})` }), stext(24, yy, `${name(s)} guild token`, { class: "small" }, "Guild token"));
      yy += 15;
    }
    const h = yy + 4;
    box.insertBefore(sv("rect", { x: 0, y: 0, width: w, height: h, rx: 8, class: turnTavern === t.id ? "tavern-bg active" : "tavern-bg" }), box.firstChild);
    maxH = Math.max(maxH, h);
    g.append(box);
    x += w + gap;
  }
  const legend = ctx.hints && ctx.hints.sides
    ? "Tables: the ring is the table's people, the disc the customer seated there. Deeds: the owner's colour, or the price in coins. P: the privilege token."
    : "Tables: the disc is the customer seated there. Deeds: the owner's colour. P: the privilege token.";
  svg.append(stext(0, y0 + maxH * scale + 14, legend, { class: "tiny muted" }));
  return y0 + maxH * scale + 16;
}

const info0 = (layout) => Boolean(layout);

function textOf(ctx, id) {
  const texts = ctx.hints && ctx.hints.texts;
  return (texts && texts[String(id).split("#", 1)[0]]) || ctx.name(id);
}

// ------------------------------------------------------------------ people tracks

function drawTracks(svg, st, ctx, y0) {
  const name = ctx.name;
  const peoples = st.peoples || [];
  const players = st.players || [];
  const vpTable = (ctx.hints && ctx.hints.track_vp) || null;
  const maxLevel = Math.max(vpTable ? vpTable.length - 1 : 7, ...players.flatMap((p) => p.tracks || []));
  const positions = maxLevel + 1;
  const labelW = 170;
  const cellW = (W - labelW - 10) / positions;
  const rowH = 36;
  const g = sv("g", { transform: `translate(0 ${y0})` });
  g.append(stext(0, 14, "People tracks", { class: "section" }));
  const tiles = Object.fromEntries(st.tiles || []);
  const removed = Object.fromEntries(st.tiles_removed || []);
  const top = 22;
  // Column headers: the VP of each position.
  for (let pos = 0; pos < positions; pos++) {
    const x = labelW + pos * cellW;
    g.append(stext(x + cellW / 2, top + 10, vpTable && vpTable[pos] !== undefined ? `${vpTable[pos] > 0 ? "+" : ""}${vpTable[pos]} VP` : String(pos), { "text-anchor": "middle", class: "tiny muted" }, `Position ${pos}`));
  }
  peoples.forEach((people, row) => {
    const y = top + 16 + row * rowH;
    const crown = st.king === people ? " ♛ King" : st.queen === people ? " ♕ Queen" : "";
    g.append(
      sv("rect", { x: 0, y, width: labelW - 6, height: rowH - 4, rx: 4, fill: peopleColour(people), opacity: 0.9 }),
      stext(8, y + 14, `${name(people)}${crown}`, { class: "small b" }, crown ? `The ${crown.includes("King") ? "King" : "Queen"}'s people` : null),
      stext(8, y + 27, `${tiles[people] ?? "?"} tiles left${removed[people] ? `, ${removed[people]} out` : ""}`, { class: "tiny" }),
    );
    const bonus = (ctx.hints && ctx.hints.track_bonus && ctx.hints.track_bonus[people]) || [];
    for (let pos = 0; pos < positions; pos++) {
      const x = labelW + pos * cellW;
      const b = bonus.includes(pos);
      g.append(
        sv(
          "rect",
          { x: x + 1, y, width: cellW - 2, height: rowH - 4, rx: 3, class: b ? "cell bonus" : "cell" },
          tip(b ? ctx.hints.texts[`track:${people}:${pos}`] || "Bonus" : null),
        ),
      );
      if (b) g.append(stext(x + cellW - 8, y + 11, "★", { "text-anchor": "middle", class: "tiny bonus-mark" }, ctx.hints.texts[`track:${people}:${pos}`] || "Bonus"));
    }
    // Pawns: each player on their level, side by side.
    const at = new Map();
    players.forEach((p, seat) => {
      const level = (p.tracks || [])[row] ?? 0;
      const list = at.get(level) || [];
      list.push(seat);
      at.set(level, list);
    });
    for (const [level, seats] of at) {
      const x = labelW + level * cellW;
      const step = Math.min(20, (cellW - 12) / seats.length);
      seats.forEach((seat, k) => g.append(pawn(x + 12 + k * step, y + (rowH - 4) / 2, 9, seat, players[seat].name, `${name(people)} level ${level}`, ctx.short[seat])));
    }
  });
  svg.append(g);
  return y0 + top + 16 + peoples.length * rowH;
}

// ------------------------------------------------------------------ customer row and castle

// A customer card has no printed name: it shows its peoples and symbols, and its place.
function customerCard(g, x, y, w, h, card, ctx, extra, title) {
  const info = ctx.hints && ctx.hints.customers && ctx.hints.customers[card];
  const name = ctx.name;
  const peoples = info ? info.peoples : [];
  const c = sv("g", { class: "card" });
  c.append(sv("rect", { x, y, width: w, height: h, rx: 6, fill: "#fff", stroke: "#555" }));
  peoples.forEach((p, i) => c.append(sv("rect", { x: x + (i * w) / peoples.length, y, width: w / peoples.length, height: 16, fill: peopleColour(p) })));
  c.append(stext(x + 6, y + 12, peoples.length ? peoples.map((p) => name(p)).join(" / ") : "", { class: "tiny b" }));
  const label = title || "Customer card";
  c.append(stext(x + 6, y + 32, label, { class: "small b" }));
  if (info) {
    let sx = x + 6;
    for (const s of info.symbols) {
      c.append(sv("rect", { x: sx, y: y + 41, width: 9, height: 9, rx: 2, fill: symbolColour(s) }), stext(sx + 12, y + 50, name(s), { class: "tiny" }));
      sx += 18 + name(s).length * 6;
    }
  }
  if (extra) c.append(stext(x + 6, y + h - 6, extra, { class: "tiny muted" }));
  c.append(tip(`${label}${info ? `: ${peoples.map(name).join(" / ")} · ${info.symbols.map(name).join(", ")}` : ""}`));
  g.append(c);
}

function drawRowAndCastle(svg, st, ctx, y0) {
  const name = ctx.name;
  const players = st.players || [];
  const g = sv("g", { transform: `translate(0 ${y0})` });
  svg.append(g);
  // The row of customer cards and the deck.
  g.append(stext(0, 14, "Customer row", { class: "section" }));
  const row = st.row || [];
  const cw = 118;
  const ch = 72;
  row.forEach((card, i) => customerCard(g, i * (cw + 8), 24, cw, ch, card, ctx, undefined, `Card ${i + 1} of the row`));
  const dx = row.length * (cw + 8);
  g.append(
    sv("rect", { x: dx, y: 24, width: 90, height: ch, rx: 6, fill: "#d8cdb8", stroke: "#555" }),
    stextLines(dx + 45, 50, ["Deck", `${(st.customer_deck || []).length} cards`, `${st.customers_played ?? 0} played`], 14, { "text-anchor": "middle", class: "small" }),
  );
  let rowBottom = 24 + ch;
  // The turn in progress.
  const t = st.turn;
  if (t) {
    const who = players[t.player] ? players[t.player].name : `seat ${t.player}`;
    const parts = [`${who}'s turn`];
    const played = t.card && ctx.hints && ctx.hints.customers && ctx.hints.customers[t.card];
    if (played) parts.push(`card ${played.peoples.map(name).join(" / ")} · ${played.symbols.map(name).join(", ")}`);
    if (t.people) parts.push(`customer: ${name(t.people)}`);
    if (t.symbols && t.symbols.length) parts.push(`symbols: ${t.symbols.map(name).join(", ")}`);
    if (t.tavern) parts.push(`seated at ${name(t.tavern)}${t.table !== null && t.table !== undefined ? `, table ${t.table + 1}` : ""}`);
    if (t.dignitaries_used && t.dignitaries_used.length) parts.push(`dignitaries used: ${t.dignitaries_used.map(name).join(", ")}`);
    g.append(stextLines(0, rowBottom + 20, wrap(parts.join(" · "), 95), 15, { class: "small" }));
    rowBottom += 24 + 15 * (wrap(parts.join(" · "), 95).length - 1);
  }
  // The castle: royal favours to take, and the royal scorings.
  const cx = 640;
  g.append(stext(cx, 14, "Castle: royal favours", { class: "section" }));
  const castle = st.castle || [];
  const fw = 104;
  castle.forEach((f, i) => {
    const x = cx + i * (fw + 6);
    g.append(
      sv(
        "g",
        { class: "favour" },
        sv("rect", { x, y: 24, width: fw, height: 48, rx: 5, fill: "#efe3c2", stroke: "#8a6d00" }),
        stextLines(x + 6, 40, wrap(name(f), 16).slice(0, 3), 13, { class: "tiny b" }),
        tip(`${name(f)}: ${textOf(ctx, f)}`),
      ),
    );
  });
  const reserve = (st.favour_reserve || []).length;
  g.append(stext(cx, 88, `${reserve} more favour tiles face down in reserve`, { class: "tiny muted" }));
  // Royal scorings: which player took which.
  const used = new Map((st.royal_used || []).map(([id, p]) => [id, p]));
  const known = ctx.hints && ctx.hints.names ? ["king", "queen", "master_of_coins", "archduke", "archmage"].filter((id) => ctx.hints.names[id]) : [];
  const all = [...known, ...[...used.keys()].filter((id) => !known.includes(id))];
  g.append(stext(cx, 108, "Royal scorings", { class: "small b" }));
  all.forEach((id, i) => {
    const x = cx + (i % 3) * 185;
    const y = 124 + Math.floor(i / 3) * 18;
    const p = used.get(id);
    const who = p === undefined || p === null ? "free" : (players[p] && players[p].name) || `seat ${p}`;
    g.append(
      sv("g", {}, p === undefined || p === null ? null : sv("circle", { cx: x + 5, cy: y - 4, r: 5, fill: playerColour(p) }), stext(x + 14, y, `${name(id)}: ${who}`, { class: "tiny" }), tip(textOf(ctx, id))),
    );
  });
  if (!all.length) g.append(stext(cx, 124, "none taken yet", { class: "tiny muted" }));
  const castleBottom = 124 + Math.ceil(Math.max(all.length, 1) / 3) * 18;
  return y0 + Math.max(rowBottom, castleBottom);
}

// ------------------------------------------------------------------ players (HTML)

// A card's rules text is shown with the card, not only as a tooltip.
function chips(items, ctx, cls = "chip") {
  if (!items || !items.length) return el("span", { class: "none" }, "none");
  return tally(items.map((x) => String(x).split("#", 1)[0])).map(([id, n]) => {
    const label = `${id === "?" ? "hidden" : ctx.name(id)}${n > 1 ? ` ×${n}` : ""}`;
    const text = id === "?" ? "" : textOf(ctx, id);
    const shown = text && text !== ctx.name(id) ? el("span", { class: "card-text" }, text) : null;
    return el("span", { class: id === "?" ? `${cls} hidden` : cls, title: text || "hidden" }, label, shown);
  });
}

function sheetOf(st, v, ctx, p, seat) {
  const name = ctx.name;
  const vp = sumVp(p.vp);
  const deeds = (st.taverns || []).reduce((n, t) => n + (t.deeds || []).filter((o) => o === seat).length, 0);
  const hand = p.hand || [];
  const hidden = hand.filter((c) => c === "?").length;
  const onTurn = st.turn && st.turn.player === seat;
  const cards = (p.cards || []).map((c) => {
    const info = ctx.hints && ctx.hints.customers && ctx.hints.customers[c];
    const style = info ? `border-left: 6px solid ${peopleColour(info.peoples[0])}` : null;
    // A customer card has no printed name: it is what it shows, its peoples and symbols.
    const shows = info ? `${info.peoples.map(name).join(" / ")} · ${info.symbols.map(name).join(", ")}` : "a customer card";
    return el("span", { class: "chip", style, title: shows }, shows);
  });
  return playerSheet(
    p,
    seat,
    ctx,
    [
      onTurn ? el("span", { class: "tag turn" }, "turn") : null,
    ],
    el(
      "dl",
      {},
      el("dt", {}, "Coins"),
      el("dd", {}, String(p.coins ?? 0)),
      el("dt", {}, "VP"),
      el("dd", {}, el("strong", {}, String(vp)), (p.vp || []).length ? el("span", { class: "muted" }, ` (${p.vp.map(([c, n]) => `${c.replace(/_/g, " ")} ${n}`).join(", ")})`) : null),
      el("dt", {}, "Deeds"),
      el("dd", {}, String(deeds)),
      el("dt", {}, "Privileges"),
      el("dd", {}, String(p.privileges ?? 0)),
      el("dt", {}, "Tracks"),
      el("dd", {}, (st.peoples || []).map((pe, i) => `${name(pe)} ${(p.tracks || [])[i] ?? 0}`).join(", ")),
      el("dt", {}, "Favours"),
      el("dd", {}, chips(p.favours, ctx), (p.favours_used || []).length ? el("span", { class: "muted" }, ` (+${p.favours_used.length} used)`) : null),
      el("dt", {}, "Spells cast"),
      el("dd", {}, chips(p.cast, ctx)),
      el("dt", {}, "Hand"),
      el(
        "dd",
        {},
        hand.length === 0
          ? el("span", { class: "none" }, "empty")
          : hidden === hand.length
            ? el("span", { class: "chip hidden" }, `? × ${hidden}`)
            : chips(hand, ctx),
      ),
      el("dt", {}, "Cards played"),
      el("dd", {}, cards.length ? cards : el("span", { class: "none" }, "none")),
      (p.royal || []).length ? [el("dt", {}, "Royal"), el("dd", {}, chips(p.royal, ctx))] : null,
    ),
  );
}

function extras(st, ctx) {
  const name = ctx.name;
  const guild = (st.guild_supply || []).map(([s, n]) => `${name(s)} ${n}`).join(", ");
  const discarded = (st.spell_discard || []).length;
  const bits = [
    `Spell deck: ${(st.spell_deck || []).length}`,
    `spells discarded: ${discarded}`,
    `guild tokens in supply: ${guild || "none"}`,
    `privilege tokens in supply: ${st.privilege_supply ?? 0}`,
  ];
  if ((st.curses || []).length) bits.push(`curses: ${st.curses.map(name).join(", ")}`);
  const options = (st.options || []).map(([k, val]) => `${name(k) === k ? k.replace(/_/g, " ") : name(k)}: ${val === true ? "on" : val === false ? "off" : val}`);
  return el("div", { class: "extras" }, el("p", {}, bits.join(" · ")), options.length ? el("p", { class: "muted" }, `Options: ${options.join("; ")}`) : null);
}
