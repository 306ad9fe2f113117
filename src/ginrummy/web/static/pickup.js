/* Discard-pile pickup (002) at the table: the melds on the table (either player adds to them),
   the discard pile spread so several cards can be taken from its top, and the hand where cards
   are chosen to lay a meld, add to a table meld, or discard. */
import { el, tapWord } from "./dom.js";
import { cardButton, cardBack, cardImg, glyphs } from "./cards.js";
import { cardWidth } from "./hand.js";

const MIN_TABLE_CARD = 44;  // px: a card of the spread pile stays a 44 px touch target
const ACTION_BAR = 60;      // px: the bar of buttons under the hand, when it is empty now

const pick = { selected: new Set(), version: null };

function who(g, p) { return p === g.you ? "You" : g.names[p]; }

export function pickupEventText(ev, g) {
  const w = who(g, ev.player), you = ev.player === g.you;
  const cards = ev.cards.map(glyphs).join(" ");
  switch (ev.kind) {
    case "pass": return `${w} pass${you ? "" : "es"}`;
    case "take": return `${w} take${you ? "" : "s"} ${cards} from the pile`;
    case "draw": return `${w} draw${you ? "" : "s"} from the stock`;
    case "meld": return `${w} lay${you ? "" : "s"} the meld ${cards} (table meld ${ev.meld + 1})`;
    case "add": return `${w} add${you ? "" : "s"} ${cards} to table meld ${ev.meld + 1}`;
    case "discard": return `${w} discard${you ? "" : "s"} ${cards}`;
    default: return `${w}: ${ev.kind}`;
  }
}

export function pickupPrompt(g, h) {
  if (h.phase === "end") return g.game_over ? "The game is over." : "The hand is over.";
  if (!h.my_turn) return g.opponent === "person" ? `Waiting for ${g.names[1 - g.you]}…` : "The computer is thinking…";
  if (h.phase === "offer") return `Take the upcard ${glyphs(h.upcard)} or pass.`;
  if (h.phase === "draw") return `Draw from the stock, or take cards from the top of the discard pile (${tapWord(true)} the deepest card you want).`;
  if (h.must_meld) return `Lay ${glyphs(h.must_meld)} on the table (in a meld or added to a table meld) before you discard.`;
  return `${tapWord()} cards to lay a meld or add to a table meld, or one card to discard.`;
}

/** The table melds, the spread discard pile and the stock. */
export function pickupTable(g, h, act) {
  const L = h.legal;
  const sel = [...pick.selected];
  const adds = sel.length === 1 ? L.adds.filter(([c]) => c === sel[0]) : [];
  const melds = h.table.length
    ? h.table.map((m, i) => {
      const add = adds.find(([, k]) => k === i);
      return el("div", { class: "table-meld" + (add ? " playable" : "") + (m.owner === g.you ? " mine" : ""), "data-meld": i, "aria-label": `table meld ${i + 1}, laid by ${who(g, m.owner)}` },
        el("span", { class: "meld-no" }, `${i + 1}`), m.cards.map((c) => cardImg(c, "small")),
        el("span", { class: "muted owner" }, who(g, m.owner)),
        add ? el("button", { class: "primary", id: `btn-add-${i + 1}`, onclick: () => { pick.selected.clear(); act(`add ${add[0]}:${i + 1}`); } }, `Add ${glyphs(add[0])} here`) : null);
    })
    : [];
  const pile = h.discard_pile;
  const takeable = new Set(L.take);
  const spread = pile.length
    ? pile.map((c, i) => {
      const depth = pile.length - i;
      const can = takeable.has(depth);
      return cardButton(c, {
        cls: "pile-card" + (can ? " playable" : ""), disabled: !can,
        extra: can ? `take ${depth === 1 ? "the top card" : `the top ${depth} cards`}` : `${depth === 1 ? "top card" : `${depth} from the top`}`,
        onclick: () => act(`take ${depth}`),
      });
    })
    : [el("span", { class: "muted" }, "empty")];
  const stock = el("button", {
    class: "pile stock" + (L.draw ? " playable" : ""), id: "stock", disabled: !L.draw,
    "aria-label": `Stock, ${h.stock_size} cards${L.draw ? ": draw" : ""}`, html: cardBack(),
  }, el("span", { class: "count" }, `${h.stock_size}`));
  stock.addEventListener("click", () => act("draw"));
  return el("section", { class: "pickup-table", "aria-label": "The table" },
    el("h3", {}, h.table.length ? `Table melds (yours lighter) · you ${h.laid_points[g.you]}, ${g.names[1 - g.you]} ${h.laid_points[1 - g.you]}` : "No melds on the table yet"),
    h.table.length ? el("div", { class: "table-melds", id: "table-melds" }, melds) : null,
    el("div", { class: "piles" },
      el("div", { class: "pile-box" }, stock, el("span", { class: "label" }, "Stock")),
      el("div", { class: "pile-box" }, el("div", { class: "pile-spread", id: "discard-pile" }, spread), el("span", { class: "label" }, `Discards (${pile.length}), top right`))));
}

/** On a narrow screen, the table's cards (melds, spread pile, stock) made smaller, down to 44 px
    wide, until your hand and its bar of buttons end inside the window at the top of the page: a
    long pickup hand grows the table (many melds, a deep pile) and would push your cards below
    the fold. Run after each render and when the width changes. */
export function fitPickupTable() {
  const t = document.querySelector(".pickup-table"), me = document.querySelector("section.me");
  if (!t || !me) return;
  t.style.removeProperty("--cw");
  if (window.innerWidth > 600) return;
  const bar = me.querySelector(".action-bar");
  const spare = bar && !bar.childElementCount ? ACTION_BAR : 0;  // a button will appear there
  const bottom = () => me.getBoundingClientRect().bottom + window.scrollY + spare;
  let cw = cardWidth();
  while (bottom() > window.innerHeight && cw > MIN_TABLE_CARD) {
    cw = Math.max(MIN_TABLE_CARD, Math.floor(cw * 0.92));
    t.style.setProperty("--cw", `${cw}px`);
  }
}

/** Your hand: click cards to choose them; the buttons below lay a meld, or discard one card. */
export function pickupHand(g, h, act, redraw) {
  if (pick.version !== g.version) { pick.selected.clear(); pick.version = g.version; }
  const L = h.legal;
  const choosing = h.my_turn && (h.phase === "discard");
  // the same fan as the standard hand (hand.js lays it out to fit the width): one slot a card
  const row = el("div", { class: "hand", id: "hand", role: "group", "aria-label": "Your hand: choose cards" });
  const taken = new Set(h.taken);
  let pos = 0;
  for (const grp of [...h.hand.melds, h.hand.deadwood]) {
    grp.forEach((c, j) => {
      pos += 1;
      const on = pick.selected.has(c);
      const b = cardButton(c, {
        cls: [on ? "selected" : "", choosing ? "playable" : "", taken.has(c) || c === h.drawn ? "fresh" : "", c === h.must_meld ? "hinted" : ""].join(" "),
        extra: on ? "chosen" : "", disabled: !choosing,
        onclick: () => { if (on) pick.selected.delete(c); else pick.selected.add(c); redraw(); },
      });
      b.setAttribute("aria-pressed", on ? "true" : "false");
      row.append(el("div", { class: `slot${j === 0 && pos > 1 ? " group-start" : ""}`, "data-slot": c }, b));
    });
  }
  const sel = [...pick.selected].sort().join(" ");
  const meld = L.melds.find((m) => [...m].sort().join(" ") === sel);
  const one = pick.selected.size === 1 ? [...pick.selected][0] : null;
  const buttons = [];
  if (choosing) {
    if (meld) buttons.push(el("button", { class: "primary", id: "btn-meld", onclick: () => { pick.selected.clear(); act(`meld ${meld.join(" ")}`); } }, `Lay the meld ${meld.map(glyphs).join(" ")}`));
    if (one && L.discard.includes(one)) buttons.push(el("button", { id: "btn-discard", class: "primary", onclick: () => { pick.selected.clear(); act(`discard ${one}`); } }, `Discard ${glyphs(one)}`));
    if (!pick.selected.size && L.melds.length) buttons.push(el("span", { class: "muted" }, `${L.melds.length} meld${L.melds.length > 1 ? "s" : ""} can be laid: choose its cards.`));
  }
  return el("section", { class: "me", "aria-label": "Your cards" }, row,
    el("p", { class: "deadwood-count", id: "deadwood-count" }, "In hand: ", el("strong", {}, `${h.hand.deadwood_count}`), " points against you at gin"),
    el("div", { class: "buttons action-bar" }, buttons));
}

/** The end of a pickup hand: each player's table and hand points and the points entered. */
export function pickupResult(g, h) {
  const r = h.result;
  if (!r) return null;
  const rows = [0, 1].map((p) => el("tr", {}, el("th", {}, who(g, p)), el("td", {}, r.table_points ? String(r.table_points[p]) : "–"),
    el("td", {}, r.held_points ? `−${r.held_points[p]}` : "–"), el("td", {}, r.bonus ? String(r.bonus[p]) : "–"), el("td", {}, r.net ? String(r.net[p]) : "–"),
    el("td", {}, el("span", { class: "card-row" }, (r.hands[p] || []).map((c) => cardImg(c, "small"))))));
  return el("section", { class: "result", id: "result" }, el("h2", {}, r.describe),
    el("table", { class: "pickup-score" }, el("thead", {}, el("tr", {}, ["", "Table", "Hand", "Gin", "Score", "Left in hand"].map((t) => el("th", {}, t)))), el("tbody", {}, rows)));
}
