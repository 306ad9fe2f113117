/* Cards drawn as SVG. A card code is rank + suit in the engine's notation: "7h", "Th", "As". */
import { el } from "./dom.js";

export const CARD_RE = /^[A2-9TJQK][cdhs]$/;
export const SUIT_GLYPH = { c: "\u2663", d: "\u2666", h: "\u2665", s: "\u2660" };
export const SUIT_NAME = { c: "clubs", d: "diamonds", h: "hearts", s: "spades" };
export const RANK_NAME = { A: "Ace", T: "Ten", J: "Jack", Q: "Queen", K: "King", 2: "Two", 3: "Three", 4: "Four",
  5: "Five", 6: "Six", 7: "Seven", 8: "Eight", 9: "Nine" };
export const RANK_ORDER = "A23456789TJQK";

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
  const r = rankLabel(code), s = SUIT_GLYPH[code[1]];
  const face = "JQK".includes(code[0]);
  const centre = face
    ? `<text x="36" y="62" class="pip face" text-anchor="middle">${r}${s}</text>`
    : `<text x="36" y="66" class="pip" text-anchor="middle">${s}</text>`;
  return `<svg class="card-svg suit-${code[1]}" viewBox="0 0 72 100" aria-hidden="true" focusable="false">
<rect x="1" y="1" width="70" height="98" rx="7" class="card-bg"/>
<text x="6" y="19" class="idx">${r}</text><text x="6" y="34" class="idx-suit">${s}</text>
${centre}
<g transform="rotate(180 36 50)"><text x="6" y="19" class="idx">${r}</text><text x="6" y="34" class="idx-suit">${s}</text></g>
</svg>`;
}

/** The SVG markup of a face-down card. */
export function cardBack() {
  return `<svg class="card-svg back" viewBox="0 0 72 100" aria-hidden="true" focusable="false">
<rect x="1" y="1" width="70" height="98" rx="7" class="back-bg"/>
<rect x="7" y="7" width="58" height="86" rx="4" class="back-pattern"/></svg>`;
}

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

export function cardImg(code, cls = "") {
  return el("span", { class: `card static ${cls}`, role: "img", "aria-label": cardName(code), "data-card": code, html: cardFace(code) });
}

export function cardRow(codes, cls = "") {
  return el("span", { class: `card-row ${cls}` }, codes.map((c) => cardImg(c)));
}

export function glyphs(code) {
  return rankLabel(code) + SUIT_GLYPH[code[1]];
}
