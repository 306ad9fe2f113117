/* The end of a hand: both hands laid down, the layoffs, the result. */
import { el } from "./dom.js";
import { cardImg, cardName, cardRow, glyphs } from "./cards.js";

export function meldBlock(cards, laid = [], label = "") {
  const wrap = el("span", { class: "meld-block", "aria-label": label });
  cards.forEach((c) => wrap.append(cardImg(c)));
  laid.forEach((c, i) => {
    const node = cardImg(c, "laid-off");
    node.style.animationDelay = `${0.6 * (i + 1)}s`;
    node.setAttribute("aria-label", `${cardName(c)}, laid off`);
    wrap.append(node);
  });
  return wrap;
}

export function endOfHand(g, h) {
  const r = h.result;
  const names = g.names;
  const sec = el("section", { class: "result", id: "result", "aria-label": "End of the hand" });
  sec.append(el("h2", {}, `${r.label}: ${r.score}`));
  if (r.knocker === null) {
    sec.append(el("p", {}, "Dead hand: the stock ran down and nobody knocked. No score."));
  } else {
    const k = r.knocker, d = 1 - k;
    const layoffsOn = r.knocker_melds.map(() => []);
    const steps = [];
    if (r.defense) r.defense.layoffs.forEach(([c, i], n) => { layoffsOn[i].push(c); steps.push(`${n + 1}. ${glyphs(c)} on meld ${i + 1}`); });
    sec.append(
      el("h3", {}, `${k === g.you ? "You" : names[k]} laid down (deadwood ${r.knocker_count})`),
      el("div", { class: "melds" }, r.knocker_melds.map((m, i) => meldBlock(m, layoffsOn[i], `meld ${i + 1}`)),
        r.knocker_deadwood.length ? el("span", { class: "deadwood-block" }, "deadwood ", cardRow(r.knocker_deadwood)) : null),
      el("h3", {}, `${d === g.you ? "You" : names[d]} (defender, deadwood ${r.defender_count})`),
      r.defense ? el("div", { class: "melds" }, r.defense.melds.map((m) => meldBlock(m)),
        r.defense.deadwood.length ? el("span", { class: "deadwood-block" }, "deadwood ", cardRow(r.defense.deadwood)) : null) : null,
      steps.length ? el("p", { class: "layoffs", id: "layoffs" }, "Layoffs, in order: ", steps.join(", ")) : r.outcome === "gin" || r.outcome === "big-gin" ? el("p", {}, "No layoffs against gin.") : el("p", { id: "layoffs" }, "No layoffs."));
  }
  sec.append(el("p", { class: "describe" }, r.describe));
  return sec;
}
