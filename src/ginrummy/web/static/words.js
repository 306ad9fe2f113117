/* The table's language: moves in words with the right person and number ("You draw", "The
   computer draws"), cards as symbols (7♥), never the engine's notation. */
import { el } from "./dom.js";
import { CARD_RE, glyphs, glyphSpan } from "./cards.js";

/** "You" for the player at ``you``, else "The computer" (or the name given). */
export function who(player, you, names) {
  if (player === you) return "You";
  return names && names[player] && names[player] !== "Computer" ? names[player] : "The computer";
}

/** The verb agreeing with ``subject``: base form after "You", else the third person. */
export function verb(subject, base, third) {
  return subject === "You" ? base : third;
}

/** One event of the hand (``{player, kind, card}``) as a sentence without a full stop;
    ``outcome``: the hand's outcome once it is over (a knock with no deadwood is a gin). */
export function eventText(ev, names, you, outcome = null) {
  const w = who(ev.player, you, names);
  const v = (base, third) => `${w} ${verb(w, base, third)}`;
  const card = ev.card ? " " + glyphs(ev.card) : "";
  switch (ev.kind) {
    case "pass": return v("pass", "passes");
    case "take": return v("take", "takes") + card;
    case "draw": return v("draw", "draws") + " from the stock";
    case "discard": return v("discard", "discards") + card;
    case "knock": return outcome === "gin" ? v("go", "goes") + " gin" : v("knock", "knocks");
    case "big-gin": return v("go", "goes") + " big gin";
    case "layoff": return v("lay", "lays") + " down";
    default: return `${w}: ${ev.kind}`;
  }
}

const MELD_RE = /\[([^\]]*)\]/g;

/** A move in the engine's notation ("layoff [9d Td Jd] 4d:2") in words, by ``subject``. */
export function actionWords(text, subject) {
  const v = (base, third) => `${subject} ${verb(subject, base, third)}`;
  const melds = [...text.matchAll(MELD_RE)].map((m) => m[1].trim().split(/\s+/).filter((c) => CARD_RE.test(c)));
  const rest = text.replace(MELD_RE, " ").trim().split(/\s+/);
  const word = rest[0].toLowerCase();
  const args = rest.slice(1);
  const list = (cs) => cs.map(glyphs).join(" ");
  const meldText = melds.length ? ", melds " + melds.map(list).join(" · ") : "";
  switch (word) {
    case "pass": return v("pass", "passes");
    case "take": return args[0] && args[0] !== "1" ? v("take", "takes") + ` the top ${args[0]} cards of the pile` : v("take", "takes") + " the top discard";
    case "meld": return v("lay", "lays") + " the meld " + list(melds.length ? melds[0] : args);  // discard-pile pickup
    case "add": { const [c, i] = (args[0] || ":").split(":"); return v("add", "adds") + ` ${glyphs(c)} to table meld ${i}`; }
    case "draw": return v("draw", "draws") + " from the stock";
    case "discard": return v("discard", "discards") + " " + glyphs(args[0]);
    case "knock": return v("knock", "knocks") + ", discarding " + glyphs(args[0]) + " face down" + meldText;
    case "gin": return v("go", "goes") + " gin, discarding " + glyphs(args[0]) + meldText;
    case "big-gin": return v("go", "goes") + " big gin" + meldText;
    case "layoff": {
      const lays = args.filter((a) => a.includes(":")).map((a) => { const [c, i] = a.split(":"); return `${glyphs(c)} on meld ${i}`; });
      const parts = [];
      if (melds.length) parts.push("melds " + melds.map(list).join(" · "));
      if (lays.length) parts.push("lays off " + lays.join(", "));
      return v("lay", "lays") + " down" + (parts.length ? ": " + parts.join("; ") : (args[0] === "none" ? " nothing" : " the best layoffs"));
    }
    default: return `${subject}: ${text}`;
  }
}

/** Text from the server with each card in notation ("Jd") shown as a coloured symbol (J♦). */
export function withCards(text) {
  const out = [];
  let last = 0;
  for (const m of String(text).matchAll(/\b([A2-9TJQK][cdhs])\b/g)) {
    out.push(text.slice(last, m.index), glyphSpan(m[1]));
    last = m.index + m[0].length;
  }
  out.push(text.slice(last));
  return el("span", {}, out);
}
