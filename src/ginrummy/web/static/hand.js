/* Your hand and the piles: clicks and drag and drop. */
import { el } from "./dom.js";
import { cardButton, cardBack } from "./cards.js";
import { table, act } from "./table.js";
import { knockFlow } from "./dialogs.js";

export function handArea(g, h) {
  const L = h.legal;
  const discardable = new Set(L.discard);
  const knockable = new Set([...L.knock.map((k) => k.card), ...L.gin]);
  const clickable = (c) => discardable.has(c) || (h.must_knock && knockable.has(c));
  const fresh = h.drawn || h.taken;
  const groups = [...h.hand.melds.map((m) => ({ cards: m, meld: true })), { cards: h.hand.deadwood, meld: false }];
  table.positions = [];
  let pos = 0;
  const row = el("div", { class: "hand", role: "group", "aria-label": "Your hand" });
  for (const grp of groups) {
    if (!grp.cards.length) continue;
    const box = el("div", { class: grp.meld ? "group meld" : "group deadwood", "aria-label": grp.meld ? "meld" : "deadwood" });
    for (const c of grp.cards) {
      pos += 1;
      table.positions.push(c);
      const can = clickable(c);
      const b = cardButton(c, {
        cls: [c === fresh ? "fresh" : "", table.hint && table.hint.card === c ? "hinted" : "", can ? "playable" : ""].join(" "),
        extra: `position ${pos}${grp.meld ? ", in a meld" : ""}${c === fresh ? ", just drawn" : ""}`,
        disabled: !can,
        draggable: can,
        onclick: () => (h.must_knock ? knockFlow(L.gin.includes(c) ? "gin" : "knock") : act(`discard ${c}`)),
      });
      b.addEventListener("dragstart", (ev) => ev.dataTransfer.setData("text/plain", "card:" + c));
      box.append(el("div", { class: "slot" }, b, el("span", { class: "pos", "aria-hidden": "true" }, String(pos))));
    }
    row.append(box);
  }
  const dw = el("p", { class: "deadwood-count", id: "deadwood-count" },
    "Deadwood: ", el("strong", {}, String(h.hand.deadwood_count)),
    h.hand.size === 11 && L.discard.length ? " (before your discard)" : "");
  const me = el("section", { class: "me", "aria-label": "Your cards" }, row, dw);
  // Drag the stock or the top discard onto your hand to draw it.
  me.addEventListener("dragover", (ev) => ev.preventDefault());
  me.addEventListener("drop", (ev) => {
    ev.preventDefault();
    const what = ev.dataTransfer.getData("text/plain");
    if (what === "draw" && L.draw) act("draw");
    else if (what === "take" && L.take) act("take");
  });
  return me;
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
    pile = el("div", { class: "pile discard empty", id: "discard-pile", "aria-label": "Discard pile, empty" });
  }
  const dropZone = el("div", { class: "drop", "aria-hidden": "true" }, pile);
  dropZone.addEventListener("dragover", (ev) => ev.preventDefault());
  dropZone.addEventListener("drop", (ev) => {
    ev.preventDefault();
    const what = ev.dataTransfer.getData("text/plain");
    if (what.startsWith("card:") && L.discard.includes(what.slice(5))) act("discard " + what.slice(5));
  });
  return el("section", { class: "piles", "aria-label": "Stock and discard pile" },
    el("div", { class: "pile-box" }, stock, el("span", { class: "label" }, "Stock")),
    el("div", { class: "pile-box" }, dropZone, el("span", { class: "label" }, `Discards (${h.discard_pile.length})`)));
}
