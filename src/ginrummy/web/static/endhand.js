/* The end of a hand and of the game, read like a table: both hands laid down in melds, the
   defender's layoffs moving onto the knocker's melds, the result in one line with the points;
   the defender's choice of layoffs; the game-over panel with every bonus and "Play again". */
import { el, navigate } from "./dom.js";
import { api, TOKEN_KEY } from "./api.js";
import { cardImg, cardName, cardRow, glyphs, RANK_ORDER } from "./cards.js";
import { table, act, showError } from "./tablestate.js";
import { speed } from "./motion.js";
import { withCards } from "./words.js";

/** One meld as cards, with the cards laid off on it appearing one after another (``preview``:
    the defender's layoffs as chosen, not yet laid down). */
export function meldBlock(cards, laid = [], label = "", preview = false) {
  const wrap = el("span", { class: "meld-block", role: "group", "aria-label": label });
  const f = speed();
  const run = cards.length > 1 && cards.every((c) => c[1] === cards[0][1]);
  let all = [...cards.map((c) => [c, null]), ...laid];
  if (run) {  // a run stays in rank order (unless it turns the corner: then laid cards go last)
    const sorted = all.slice().sort((a, b) => RANK_ORDER.indexOf(a[0][0]) - RANK_ORDER.indexOf(b[0][0]));
    const ranks = sorted.map(([c]) => RANK_ORDER.indexOf(c[0]));
    if (ranks.every((r, i) => i === 0 || r === ranks[i - 1] + 1)) all = sorted;
  }
  for (const [c, order] of all) {
    if (order === null) { wrap.append(cardImg(c)); continue; }
    const node = cardImg(c, preview ? "laid-off preview" : f ? "laid-off moving" : "laid-off");
    node.style.animationDelay = `${0.7 * f * (order + 1)}s`;
    node.style.animationDuration = `${0.6 * f}s`;
    node.setAttribute("aria-label", `${cardName(c)}, ${preview ? "to be laid off" : "laid off"}`);
    wrap.append(node);
  }
  return wrap;
}

function deadwoodBlock(cards, count) {
  return el("span", { class: "deadwood-block" }, cards.length ? cardRow(cards) : null,
    el("span", { class: "count-tag" }, `deadwood ${count}`));
}

/** The other player as the page names them: "The computer", or the person's name (seats.js). */
const them = (g) => (g.opponent === "person" ? g.names[1 - g.you] : "The computer");
const person = (p, you, g) => (p === you ? "You" : them(g));

export function endOfHand(g, h) {
  const r = h.result;
  const sec = el("section", { class: "result", id: "result", "aria-label": "End of the hand" });
  sec.append(el("h2", { id: "result-line" }, withCards(r.describe)));
  if (r.knocker === null) {  // a dead hand: its cards are not laid down; you still see your own
    const mine = [...h.hand.melds.flat(), ...h.hand.deadwood];
    const left = h.stock_size === 1 ? "1 card" : `${h.stock_size} cards`;
    const other = g.opponent === "person" ? `${them(g)}'s` : "the computer's";
    sec.append(el("p", { id: "dead-words" }, `The stock ran down to ${left} and nobody knocked: nobody scores, and ${other} cards stay hidden.`),
      mine.length ? el("div", { class: "laid-hand", id: "dead-hand" }, el("h3", {}, "Your hand"),
        el("div", { class: "melds" }, h.hand.melds.map((m, i) => meldBlock(m, [], `meld ${i + 1}`)),
          deadwoodBlock(h.hand.deadwood, h.hand.deadwood_count))) : null);
    return sec;
  }
  const k = r.knocker, d = 1 - k;
  const layoffsOn = r.knocker_melds.map(() => []);
  if (r.defense) r.defense.layoffs.forEach(([c, i], n) => layoffsOn[i].push([c, n]));
  const knockerWord = k === g.you ? "Your melds" : `${them(g)}'s melds`;
  const defenderWord = d === g.you ? "Your hand" : `${them(g)}'s hand`;
  sec.append(
    el("div", { class: "laid-hand", id: "knocker-hand" }, el("h3", {}, `${knockerWord} (${knockedWords(r.outcome, k === g.you ? "you" : g.opponent === "person" ? them(g) : "it")})`),
      el("div", { class: "melds" }, r.knocker_melds.map((m, i) => meldBlock(m, layoffsOn[i], `meld ${i + 1}`)),
        deadwoodBlock(r.knocker_deadwood, r.knocker_count))),
    el("div", { class: "laid-hand", id: "defender-hand" }, el("h3", {}, defenderWord),
      r.defense ? el("div", { class: "melds" }, r.defense.melds.map((m, i) => meldBlock(m, [], `meld ${i + 1}`)),
        deadwoodBlock(r.defense.deadwood, r.defender_count)) : null),
    r.defense && r.defense.layoffs.length
      ? el("p", { class: "layoffs", id: "layoffs" }, `${person(d, g.you, g)} ${d === g.you ? "lay" : "lays"} off `,
        r.defense.layoffs.map(([c, i]) => `${glyphs(c)} on meld ${i + 1}`).join(", "), ".")
      : el("p", { id: "layoffs" }, r.outcome === "gin" || r.outcome === "big-gin" ? "No layoffs against gin." : "No layoffs."),
    el("p", { class: "score-line", id: "score-line" }, r.score));
  return sec;
}

/** How the hand was ended, in words: "you knocked", "it went gin", "Ann went big gin". */
function knockedWords(outcome, subject) {
  if (outcome === "gin") return `${subject} went gin`;
  if (outcome === "big-gin") return `${subject} went big gin`;
  return `${subject} knocked`;
}

/** The knocker's melds on the table during the layoff phase, and the defender's choice. */
export function layoffChooser(g, h) {
  const L = h.laid_down;
  const mine = h.my_turn && h.legal.layoff;
  // only the plans that leave the least deadwood (the server lists them best first, fewest
  // layoffs first among equals): a plan with more deadwood only gives points away
  const all = mine ? h.layoff_plans || [] : [];
  const plans = all.filter((p) => p.count === all[0].count).slice(0, 4);
  const melds = el("div", { class: "melds", id: "laid-melds" });
  /** The knocker's melds with the layoffs of plan ``n`` shown on them (before you confirm). */
  const showPlan = (n) => {
    const on = L.melds.map(() => []);
    if (plans[n]) plans[n].layoffs.forEach(([c, i], k) => on[i].push([c, k]));
    melds.replaceChildren(...L.melds.map((m, i) => el("span", { class: "numbered" }, el("span", { class: "meld-no" }, `${i + 1}`), meldBlock(m, on[i], `meld ${i + 1}`, true))),
      ...(L.deadwood.length ? [deadwoodBlock(L.deadwood, L.count)] : []));
  };
  showPlan(0);
  const sec = el("section", { class: "laid", id: "laid", "aria-label": "The knocker's melds" },
    el("h3", {}, `${person(L.knocker, g.you, g)} ${L.knocker === g.you ? "knock" : "knocks"} with ${L.count}:`), melds);
  if (!mine) return sec;
  const group = el("div", { class: "plans", role: "radiogroup", "aria-label": "Your layoffs", onchange: (ev) => showPlan(Number(ev.target.value)) },
    plans.map((p, n) => el("label", { class: "plan" },
      el("input", { type: "radio", name: "plan", value: String(n), checked: n === 0 }),
      el("span", { class: "plan-text" }, p.layoffs.length ? `Lay off ${p.layoffs.map(([c, i]) => `${glyphs(c)} on meld ${i + 1}`).join(", ")}` : "Lay off nothing",
        el("strong", {}, ` · deadwood ${p.count}`)))));
  const go = el("button", { class: "primary", id: "btn-layoff", "aria-keyshortcuts": "L", onclick: () => {
    const chosen = group.querySelector("input[name=plan]:checked");
    const plan = plans[chosen ? Number(chosen.value) : 0];
    act(plan ? plan.action : "layoff");
  } }, "Lay down", el("kbd", { "aria-hidden": "true" }, "L"));
  sec.append(...[plans.length && plans[0].layoffs.length ? el("p", { class: "muted" }, "Outlined on the melds: the cards you lay off with the plan chosen.") : null,
    plans.length > 1 ? el("p", {}, `${plans.length} ways leave you the least deadwood (${plans[0].count}); choose one:`) : null, plans.length > 1 ? group : null,
    el("div", { class: "buttons action-bar" }, go)].filter(Boolean));
  return sec;
}

function bonusRow(label, pair, id) {
  return el("tr", { id }, el("th", { scope: "row" }, label), el("td", {}, pair[0]), el("td", {}, pair[1]));
}

/** The game over: the winner, the totals and every bonus, and "Play again". */
export function gameOverPanel(g) {
  const s = g.sheet.summary;
  if (!s) return null;
  const head = s.winner === null ? `A drawn game, ${s.totals[0]} all`
    : s.winner === g.you ? `You win the game, ${s.totals[g.you]} to ${s.totals[1 - g.you]}`
      : `${them(g)} wins the game, ${s.totals[1 - g.you]} to ${s.totals[g.you]}`;
  const again = el("button", { class: "primary big", id: "btn-again", onclick: () => playAgain(g) }, "Play again");
  return el("section", { class: "game-over", id: "game-over", "aria-label": "Game over" },
    el("h2", { id: "game-over-line" }, head, s.forfeit ? " (the leader forfeited by the exact margin)" : ""),
    el("table", { class: "sheet bonuses", id: "bonuses" },
      el("thead", {}, el("tr", {}, el("th", { scope: "col" }, ""), el("th", { scope: "col" }, g.you === 0 ? "You" : g.names[0]), el("th", { scope: "col" }, g.you === 1 ? "You" : g.opponent === "person" ? g.names[1] : "Computer"))),
      el("tbody", {},
        bonusRow("Hand points", s.hand_points, "b-hands"),
        bonusRow("Game bonus", s.game_bonus, "b-game"),
        bonusRow(`Box bonus (${g.sheet.hands_won[0]} and ${g.sheet.hands_won[1]} hands won)`, s.box_bonus, "b-box"),
        s.margin_bonus[0] || s.margin_bonus[1] ? bonusRow("Margin bonus", s.margin_bonus, "b-margin") : null,
        s.shutout ? el("tr", {}, el("th", { scope: "row", colspan: "3" }, "Shutout: the loser scored no points")) : null,
        el("tr", { class: "final" }, el("th", { scope: "row" }, "Total"), el("td", {}, s.totals[0]), el("td", {}, s.totals[1])))),
    el("div", { class: "buttons action-bar" }, again,
      reviewGameLink(g),
      el("a", { class: "button", href: `/replay/${g.id}`, id: "btn-replay" }, "Replay this game"),
      el("a", { class: "button", href: "/", id: "btn-new" }, "New game")));
}

/** "Review the game" (the review page, review.js), where the game can be reviewed and a hand of it
    was finished. */
function reviewGameLink(g) {
  return g.reviewable && g.sheet.rows.length ? el("a", { class: "button", href: `/review/${g.id}`, id: "btn-review-game" }, "Review the game") : null;
}

/** A game a player ended early: who resigned and who wins, or that it was abandoned (neither
    won nor lost), the scores reached, and "Play again". */
export function endedPanel(g) {
  const e = g.ended, t = e.totals, you = g.you;
  const score = `The score was ${t[you]} to ${t[1 - you]} in hand ${e.hand}.`;
  let head, line;
  if (e.how === "abandoned") {
    head = "You abandoned this game";
    line = `It counts as neither won nor lost. ${score}`;
  } else if (e.by === you) {
    head = "You resigned";
    line = `${them(g)} wins the game. ${score}`;
  } else {
    head = `${them(g)} resigned`;
    line = `You win the game. ${score}`;
  }
  return el("section", { class: "game-over", id: "game-ended", "aria-label": "Game over" },
    el("h2", { id: "ended-line" }, head), el("p", { id: "ended-detail" }, line),
    el("div", { class: "buttons" },
      el("button", { class: "primary big", id: "btn-again", onclick: () => playAgain(g) }, "Play again"),
      reviewGameLink(g),
      el("a", { class: "button", href: `/replay/${g.id}`, id: "btn-replay" }, "Replay this game"),
      el("a", { class: "button", href: "/", id: "btn-new" }, "New game")));
}

/** A rematch: a new game with the same rules, target, level, mode and name. */
async function playAgain(g) {
  try {
    const friend = g.opponent === "person";  // a new invitation for a game between two people (seats.js)
    const data = await api("POST", "/api/games", { preset: g.preset, level: g.level, mode: friend ? "practice" : g.mode,
      opponent: friend ? "friend" : "computer", name: g.names[g.you], target: g.rules.target });
    if (data.token) localStorage.setItem(TOKEN_KEY, data.token);
    table.custom = null;
    navigate(`/game/${data.game.id}`, { deal: true });
  } catch (e) { showError(e.message); }
}
