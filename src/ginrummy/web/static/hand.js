/* Your hand and the piles. The hand is a fan that always fits its width: each card shows at
   least a 44 px strip (more when there is room), in one row or, on narrow screens, more.
   Sorting (melds, suit, rank) and rearranging are the player's own: they never reach the
   server. A card is dragged with pointer events (a mouse, a finger or a pen alike) to another
   place in the hand or onto the discard pile; Shift+Left/Right moves the focused card. */
import { $, el, prefs, savePrefs } from "./dom.js";
import { cardButton, cardBack, cardFace, RANK_ORDER } from "./cards.js";
import { table, act } from "./tablestate.js";
import { knockFlow } from "./dialogs.js";

const MIN_STRIP = 44;
const GROUP_GAP = 10;
const SUIT_ORDER = "shdc";
const SORTS = [["melds", "Melds"], ["suit", "Suit"], ["rank", "Rank"]];
const DRAG_START = 8;  // px a press moves before it becomes a drag (less is a tap)

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
  const mode = sortMode();
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

/** The sort chosen; "custom" only while this hand has an order of the player's own. */
const sortMode = () => {
  const mode = prefs().sort || "melds";
  return mode === "custom" && !table.custom ? "melds" : mode;
};

/** Move card ``code`` before ``target`` (``after``: after it; no target: to the end) in the
    player's own order, which lasts for the hand. */
function rearrange(code, target, after = false) {
  const order = table.positions.filter((c) => c !== code);
  let at = target ? order.indexOf(target) : order.length;
  if (at < 0) at = order.length;
  order.splice(after ? at + 1 : at, 0, code);
  table.custom = order;
  savePrefs({ sort: "custom" });
  table.rerender();
}

/** Move card ``code`` one place left (-1) or right (+1) (the keyboard's way); keeps the focus on it. */
export function moveCard(code, delta) {
  const i = table.positions.indexOf(code), j = i + delta;
  if (i < 0 || j < 0 || j >= table.positions.length) return false;
  rearrange(code, table.positions[j], delta > 0);
  const again = $(`.hand .card[data-card="${code}"]`);
  if (again && !again.disabled) again.focus();
  return true;
}

/** Drag a card of ``row`` with pointer events: to another place in the hand (its own order), or
    onto the discard pile to discard it when that is legal (``discard(code)``). A press that
    moves less than DRAG_START px stays a tap (the card's click). */
function dragCards(row, canDiscard, discard) {
  row.addEventListener("pointerdown", (down) => {
    const slot = down.target.closest(".slot");
    if (!slot || down.button !== 0 || !down.isPrimary) return;
    const code = slot.dataset.slot;
    let ghost = null, mark = null;
    const where = (ev) => {
      const hit = document.elementFromPoint(ev.clientX, ev.clientY);
      if (!hit) return null;
      if (hit.closest("#discard-pile, .pile.discard, .piles .drop")) return canDiscard(code) ? { pile: true } : null;
      const over = hit.closest(".hand .slot");
      if (over && over.closest(".hand") === row) {
        if (over.dataset.slot === code) return null;
        return { slot: over, after: table.positions.indexOf(code) < table.positions.indexOf(over.dataset.slot) };  // it takes that card's place
      }
      return hit.closest("section.me") ? { end: true } : null;
    };
    const unmark = () => { if (mark) mark.classList.remove("drop-before", "drop-after", "drop-pile"); mark = null; };
    const move = (ev) => {
      if (ev.pointerId !== down.pointerId) return;
      if (!ghost) {
        if (Math.hypot(ev.clientX - down.clientX, ev.clientY - down.clientY) < DRAG_START) return;
        ghost = el("div", { class: "drag-ghost", "aria-hidden": "true", html: cardFace(code) });
        document.body.append(ghost);
        slot.classList.add("dragging");
      }
      ev.preventDefault();
      ghost.style.transform = `translate(${ev.clientX - 20}px, ${ev.clientY - 30}px)`;
      unmark();
      const w = where(ev);
      if (w && w.slot) { mark = w.slot; mark.classList.add(w.after ? "drop-after" : "drop-before"); }
      else if (w && w.pile) { mark = $("#discard-pile"); if (mark) mark.classList.add("drop-pile"); }
    };
    const end = (ev) => {
      if (ev.pointerId !== down.pointerId) return;
      window.removeEventListener("pointermove", move);
      window.removeEventListener("pointerup", end);
      window.removeEventListener("pointercancel", end);
      if (!ghost) return;  // a tap: the card's own click does the rest
      ghost.remove();
      slot.classList.remove("dragging");
      unmark();
      // the click that follows the release is not a tap on a card
      const swallow = (c) => { c.stopPropagation(); c.preventDefault(); };
      window.addEventListener("click", swallow, { capture: true, once: true });
      setTimeout(() => window.removeEventListener("click", swallow, { capture: true }), 0);
      if (ev.type !== "pointerup") return;
      const w = where(ev);
      if (!w) return;
      if (w.pile) discard(code);
      else if (w.slot) rearrange(code, w.slot.dataset.slot, w.after);
      else rearrange(code, null);
    };
    window.addEventListener("pointermove", move, { passive: false });
    window.addEventListener("pointerup", end);
    window.addEventListener("pointercancel", end);
  });
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
        onclick: () => (h.must_knock ? knockFlow(L.gin.includes(c) ? "gin" : "knock") : act(`discard ${c}`)),
      });
      const slot = el("div", { class: `slot${first && pos > 1 ? " group-start" : ""}${melded ? " melded" : ""}`, "data-slot": c },
        b, el("span", { class: "pos", "aria-hidden": "true" }, String(pos)));
      row.append(slot);
      first = false;
    }
  }
  dragCards(row, (c) => discardable.has(c) && !h.must_knock, (c) => act(`discard ${c}`));
  const mode = sortMode();
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
  // as many rows as it takes for every card to show a strip of MIN_STRIP px (a pickup hand may
  // hold many cards): one row, or two, on a phone three for a hand grown past 16 cards
  let rows = 1;
  while (rows < n && step(slots.slice(0, Math.ceil(n / rows))) < MIN_STRIP) rows += 1;
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
  row.classList.toggle("two-rows", rows >= 2);
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
  const dropZone = el("div", { class: "drop" }, pile);  // a card of your hand dropped here (dragCards) is discarded
  return el("section", { class: "piles", "aria-label": "Stock and discard pile" },
    el("div", { class: "pile-box" }, stock, el("span", { class: "label" }, `Stock (${h.stock_size})`)),
    el("div", { class: "pile-box" }, dropZone, el("span", { class: "label" }, `Discards (${h.discard_pile.length})`)));
}
