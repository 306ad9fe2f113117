/* Cards. A card code is rank + suit in the engine's notation: "7h", "Th", "As". The faces are
   SVG-cards (David Bellot, Huub de Beer; LGPL-2.1, see LICENSES/NOTICE), one sprite in deck/. */
import { el } from "./dom.js";

export const CARD_RE = /^[A2-9TJQK][cdhs]$/;
export const SUIT_GLYPH = { c: "\u2663", d: "\u2666", h: "\u2665", s: "\u2660" };
export const SUIT_NAME = { c: "clubs", d: "diamonds", h: "hearts", s: "spades" };
export const RANK_NAME = { A: "Ace", T: "Ten", J: "Jack", Q: "Queen", K: "King", 2: "Two", 3: "Three", 4: "Four",
  5: "Five", 6: "Six", 7: "Seven", 8: "Eight", 9: "Nine" };
export const RANK_ORDER = "A23456789TJQK";
const DECK = "/static/deck/cards.svg";
const SPRITE_SUIT = { c: "club", d: "diamond", h: "heart", s: "spade" };
const SPRITE_RANK = { A: "1", T: "10", J: "jack", Q: "queen", K: "king" };
const VIEWBOX = "0 0 169.075 244.64";

export function cardName(code) {
  return `${RANK_NAME[code[0]]} of ${SUIT_NAME[code[1]]}`;
}

export function rankLabel(code) {
  return code[0] === "T" ? "10" : code[0];
}

export function cardPoints(code) {
  return Math.min(RANK_ORDER.indexOf(code[0]) + 1, 10);
}

/** The SVG markup of a face-up card (code checked against CARD_RE, so safe to insert). */
export function cardFace(code) {
  if (!CARD_RE.test(code)) return "";
  const id = `${SPRITE_SUIT[code[1]]}_${SPRITE_RANK[code[0]] || code[0]}`;
  return `<svg class="card-svg suit-${code[1]}" viewBox="${VIEWBOX}" aria-hidden="true" focusable="false"><use href="${DECK}#${id}"/></svg>`;
}

/* The back of a card, drawn here in a few shapes: the sprite's lace back is hundreds of nested
   <use> elements, and ten of them (the other hand, the stock) took a phone's render from a few
   milliseconds to a few hundred, which held up every move and every live update. */
const LATTICE = Array.from({ length: 19 }, (_, i) => {  // diagonals both ways, 20 apart, over the field
  const x = i * 20 - 206;
  return `M${x} 14l220 220M${x + 220} 14l-220 220`;
}).join("");
const BACK = `<svg class="card-svg back" viewBox="${VIEWBOX}" aria-hidden="true" focusable="false">`
  + '<rect x="1.25" y="1.25" width="166.5" height="242.1" rx="7" fill="#fff" stroke="#000" stroke-width="2.5"/>'
  + '<rect x="12" y="12" width="145" height="220.6" rx="4" class="back-field"/>'
  + `<svg x="14" y="14" width="141" height="216.6" viewBox="14 14 141 216.6"><path d="${LATTICE}" class="back-lattice" stroke-width="3" fill="none"/></svg>`
  + '<rect x="20" y="20" width="129" height="204.6" rx="3" fill="none" stroke="#fff" stroke-width="2"/></svg>';

/** The SVG markup of a face-down card. */
export function cardBack() {
  return BACK;
}

/** A card as a button (your hand, the discard pile). */
export function cardButton(code, opts = {}) {
  const label = cardName(code) + (opts.extra ? `, ${opts.extra}` : "");
  const b = el("button", {
    class: `card ${opts.cls || ""}`,
    "data-card": code,
    "aria-label": label,
    title: label,
    disabled: opts.disabled ? true : null,
    draggable: opts.draggable ? "true" : null,
    html: cardFace(code),
  });
  if (opts.onclick) b.addEventListener("click", opts.onclick);
  return b;
}

/** A card as a picture (laid-down melds, replays, dialogs). */
export function cardImg(code, cls = "") {
  return el("span", { class: `card static ${cls}`, role: "img", "aria-label": cardName(code), "data-card": code, html: cardFace(code) });
}

export function cardRow(codes, cls = "") {
  return el("span", { class: `card-row ${cls}` }, codes.map((c) => cardImg(c)));
}

/** A card in words' place: "10♥". */
export function glyphs(code) {
  return rankLabel(code) + SUIT_GLYPH[code[1]];
}

/** A card as an inline symbol, coloured by suit (text, not a picture). */
export function glyphSpan(code) {
  return el("span", { class: `glyph suit-${code[1]}`, title: cardName(code) }, glyphs(code));
}

/** Cards as glyphs in a sentence: "7♥ 8♥ 9♥". */
export function glyphList(codes) {
  return codes.map(glyphs).join(" ");
}
