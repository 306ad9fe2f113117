/* Your hand and the piles. The hand is a fan that always fits its width: each card shows at
   least a 44 px strip (more when there is room), in one row or, on narrow screens, two.
   Sorting (melds, suit, rank) and rearranging by drag are the player's own: they never reach
   the server. */
import { el, prefs, savePrefs } from "./dom.js";
import { cardButton, cardBack, RANK_ORDER } from "./cards.js";
import { table, act } from "./tablestate.js";
import { knockFlow } from "./dialogs.js";

const MIN_STRIP = 44;
const GROUP_GAP = 10;
const SUIT_ORDER = "shdc";
const SORTS = [["melds", "Melds"], ["suit", "Suit"], ["rank", "Rank"]];

/** The card width for this window, in px (phones to desktops; short landscape screens too). */
export function cardWidth() {
  const w = window.innerWidth, h = window.innerHeight;
  return Math.round(Math.max(54, Math.min(100, w * 0.15, h * 0.14 + 10)));
}

const rank = (c) => RANK_ORDER.indexOf(c[0]);

/** Your cards in groups, in the order the player chose. */
function groups(h) {
  const all = [...h.hand.melds.flat(), ...h.hand.deadwood];
  const inMeld = new Set(h.hand.melds.flat());
  const mode = prefs().sort || "melds";
  if (mode === "suit") {
    return [...SUIT_ORDER].map((s) => ({ cards: all.filter((c) => c[1] === s).sort((a, b) => rank(a) - rank(b)), meld: false }));
  }
  if (mode === "rank") return [{ cards: all.slice().sort((a, b) => rank(a) - rank(b) || SUIT_ORDER.indexOf(a[1]) - SUIT_ORDER.indexOf(b[1])), meld: false }];
  if (mode === "custom" && table.custom) {
    const kept = table.custom.filter((c) => all.includes(c));
    const order = [...kept, ...all.filter((c) => !kept.includes(c))];
    return [{ cards: order, meld: false, marks: inMeld }];
  }
  return [...h.hand.melds.map((m) => ({ cards: m, meld: true })), { cards: h.hand.deadwood, meld: false }];
}

/** Move card ``code`` before ``target`` (or to the end) in the player's own order. */
function rearrange(code, target) {
  const order = table.positions.filter((c) => c !== code);
  const at = target ? order.indexOf(target) : order.length;
  order.splice(at < 0 ? order.length : at, 0, code);
  table.custom = order;
  savePrefs({ sort: "custom" });
  table.rerender();
}

export function handArea(g, h) {
  const L = h.legal;
  const discardable = new Set(L.discard);
  const knockable = new Set([...L.knock.map((k) => k.card), ...L.gin]);
  const clickable = (c) => discardable.has(c) || (h.must_knock && knockable.has(c));
  const fresh = h.drawn || h.taken;
  const inMeld = new Set(h.hand.melds.flat());
  table.positions = [];
  let pos = 0;
  const row = el("div", { class: "hand", id: "hand", role: "group", "aria-label": "Your hand" });
  for (const grp of groups(h)) {
    let first = true;
    for (const c of grp.cards) {
      pos += 1;
      table.positions.push(c);
      const can = clickable(c);
      const melded = inMeld.has(c);
      const b = cardButton(c, {
        cls: [c === fresh ? "fresh" : "", table.hint && table.hint.card === c ? "hinted" : "", can ? "playable" : ""].join(" "),
        extra: `position ${pos}${melded ? ", in a meld" : ""}${c === fresh ? ", just drawn" : ""}`,
        disabled: !can,
        draggable: true,
        onclick: () => (h.must_knock ? knockFlow(L.gin.includes(c) ? "gin" : "knock") : act(`discard ${c}`)),
      });
      const slot = el("div", { class: `slot${first && pos > 1 ? " group-start" : ""}${melded ? " melded" : ""}`, "data-slot": c },
        b, el("span", { class: "pos", "aria-hidden": "true" }, String(pos)));
      slot.addEventListener("dragstart", (ev) => ev.dataTransfer.setData("text/plain", "card:" + c));
      slot.addEventListener("dragover", (ev) => ev.preventDefault());
      slot.addEventListener("drop", (ev) => {
        const what = ev.dataTransfer.getData("text/plain");
        if (what.startsWith("card:") && what.slice(5) !== c) { ev.preventDefault(); ev.stopPropagation(); rearrange(what.slice(5), c); }
      });
      row.append(slot);
      first = false;
    }
  }
  const mode = prefs().sort || "melds";
  const sorts = el("div", { class: "sorts", role: "group", "aria-label": "Sort your cards" }, el("span", { class: "muted" }, "Sort"),
    SORTS.map(([k, t]) => el("button", { class: "small-btn", id: `sort-${k}`, "aria-pressed": String(mode === k), onclick: () => { savePrefs({ sort: k }); table.rerender(); } }, t)));
  const dw = el("p", { class: "deadwood-count", id: "deadwood-count" },
    "Deadwood: ", el("strong", {}, String(h.hand.deadwood_count)),
    h.hand.size === 11 && L.discard.length ? " (before your discard)" : "");
  const me = el("section", { class: "me", "aria-label": "Your cards" }, row, el("div", { class: "me-foot" }, dw, sorts));
  // Drag the stock or the top discard onto your hand to draw it.
  me.addEventListener("dragover", (ev) => ev.preventDefault());
  me.addEventListener("drop", (ev) => {
    ev.preventDefault();
    const what = ev.dataTransfer.getData("text/plain");
    if (what === "draw" && L.draw) act("draw");
    else if (what === "take" && L.take) act("take");
    else if (what.startsWith("card:")) rearrange(what.slice(5), null);
  });
  return me;
}

/** Lay out the fan in ``row`` (a .hand) for its current width: slot widths, rows, card size. */
export function layoutFan(row) {
  if (!row || !row.isConnected) return;
  const slots = [...row.querySelectorAll(".slot")];
  const n = slots.length;
  if (!n) return;
  const width = row.clientWidth;
  const cw = Math.min(cardWidth(), Math.floor(width / 2.2));
  row.style.setProperty("--cw", `${cw}px`);
  const gapsIn = (list) => list.filter((x, j) => j > 0 && x.classList.contains("group-start")).length;
  const step = (list) => (width - cw - gapsIn(list) * GROUP_GAP) / Math.max(1, list.length - 1);
  const rows = n > 1 && step(slots) < MIN_STRIP ? 2 : 1;
  const perRow = Math.ceil(n / rows);
  const lines = [];
  for (let r = 0; r < rows; r++) {
    const list = slots.slice(r * perRow, (r + 1) * perRow);
    const s = Math.floor(Math.min(cw + 8, step(list)));
    list.forEach((slot, j) => {
      slot.style.width = `${j === list.length - 1 ? cw : s}px`;
      slot.classList.toggle("gap", j > 0 && slot.classList.contains("group-start"));
    });
    lines.push(el("div", { class: "fan-row" }, list));
  }
  row.classList.toggle("two-rows", rows === 2);
  row.replaceChildren(...lines);
}

export function pileArea(g, h) {
  const L = h.legal;
  const stock = el("button", {
    class: "pile stock" + (L.draw ? " playable" : ""), id: "stock", disabled: !L.draw,
    "aria-label": `Stock, ${h.stock_size} cards${L.draw ? ": draw" : ""}`, title: "Draw from the stock (D)",
    html: cardBack(),
  }, el("span", { class: "count" }, `${h.stock_size}`));
  stock.addEventListener("click", () => act("draw"));
  stock.addEventListener("dragstart", (ev) => ev.dataTransfer.setData("text/plain", "draw"));
  stock.draggable = L.draw;
  const up = h.upcard;
  let pile;
  if (up) {
    pile = cardButton(up, { cls: "pile discard" + (L.take ? " playable" : ""), disabled: !L.take, extra: L.take ? "top of the discard pile: take it" : "top of the discard pile", draggable: L.take, onclick: () => act("take") });
    pile.id = "discard-pile";
    pile.addEventListener("dragstart", (ev) => ev.dataTransfer.setData("text/plain", "take"));
  } else {
    pile = el("div", { class: "pile discard empty", id: "discard-pile", role: "img", "aria-label": "Discard pile, empty" });
  }
  const dropZone = el("div", { class: "drop" }, pile);
  dropZone.addEventListener("dragover", (ev) => ev.preventDefault());
  dropZone.addEventListener("drop", (ev) => {
    ev.preventDefault();
    const what = ev.dataTransfer.getData("text/plain");
    if (what.startsWith("card:") && L.discard.includes(what.slice(5))) act("discard " + what.slice(5));
  });
  return el("section", { class: "piles", "aria-label": "Stock and discard pile" },
    el("div", { class: "pile-box" }, stock, el("span", { class: "label" }, `Stock (${h.stock_size})`)),
    el("div", { class: "pile-box" }, dropZone, el("span", { class: "label" }, `Discards (${h.discard_pile.length})`)));
}
