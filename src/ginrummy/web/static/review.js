/* The review of a finished hand or game (/review/ID?hand=N&seat=S): asked of the server, which
   computes it in a worker (progress polled), then shown decision by decision with the figures
   of each hand and of the game, the largest mistakes, and hindsight marked apart. */
import { el, main } from "./dom.js";
import { api } from "./api.js";
import { actionWords, withCards } from "./words.js";

const CLASS_WORDS = { best: "Best", good: "Good", inaccuracy: "Inaccuracy", mistake: "Mistake", blunder: "Blunder" };
const PHASE_WORDS = { offer: "Upcard", draw: "Draw", discard: "Discard", "last-chance": "Last chance", layoff: "Layoff" };
const POLL_MS = 800;

/** A move in words without its subject: "discard 7♥", "draw from the stock". */
export function moveWords(action) {
  return actionWords(action, "You").replace(/^You /, "");
}

const pts = (v) => `${v > 0 ? "+" : v < 0 ? "−" : ""}${Math.abs(v).toFixed(1)}`;
const pm = (v, se) => `${pts(v)} ± ${se.toFixed(1)}`;

export async function reviewPage(id) {
  document.title = "Gin Rummy: review";
  const q = new URLSearchParams(location.search);
  const body = {};
  if (q.get("hand")) body.hand = Number(q.get("hand"));
  if (q.get("seat")) body.seat = Number(q.get("seat"));
  const what = body.hand ? `hand ${body.hand}` : "the game";
  const sec = el("section", { class: "review-page", id: "review", "aria-label": `Review of ${what}` },
    el("h1", {}, `Review of ${what}`));
  const status = el("div", { class: "rv-progress", id: "review-progress", role: "status" });
  sec.append(status, el("p", { class: "rv-back buttons" }, el("a", { class: "button", href: `/game/${id}`, id: "rv-table" }, "Back to the table"),
    el("a", { class: "button", href: `/replay/${id}` }, "Replay")));
  main().replaceChildren(sec);
  const query = new URLSearchParams(Object.entries(body).map(([k, v]) => [k, String(v)])).toString();
  let answer;
  try {
    answer = await api("POST", `/api/games/${id}/review`, body);
    while (answer.state === "running") {
      status.replaceChildren(progressBar(answer));
      await new Promise((r) => setTimeout(r, POLL_MS));
      if (!document.body.contains(sec)) return;  // the player went to another page
      answer = await api("GET", `/api/games/${id}/review?${query}`);
    }
  } catch (e) {
    status.replaceChildren(el("p", { class: "error", role: "alert" }, e.message));
    return;
  }
  if (answer.state !== "done") {
    status.replaceChildren(el("p", { class: "error", role: "alert" }, answer.error || "The review could not be made."));
    return;
  }
  status.replaceChildren();
  sec.querySelector(".rv-back").before(...reviewBody(answer.review, body.hand));
  await otherSeatLink(id, answer.review.seat, body.hand, sec.querySelector(".rv-back"));
}

/** Once the game is over, a link to the other seat's review of the same hand or game (either seat
    may then be reviewed, by either player: the two-person rule). */
async function otherSeatLink(id, seat, hand, where) {
  let g;
  try { g = await api("GET", `/api/games/${id}`); } catch { return; }
  if (!g.game_over) return;
  const other = 1 - seat;
  const name = g.opponent === "person" || other === g.you ? g.names[other] : "the computer";
  const q = new URLSearchParams({ ...(hand ? { hand: String(hand) } : {}), seat: String(other) });
  where.append(el("a", { class: "button", id: "rv-other", href: `/review/${id}?${q}` }, `Review ${other === g.you ? "your" : `${name}'s`} moves`));
}

function progressBar(a) {
  const total = a.total || 0;
  const text = total ? `Looking at your moves: ${a.done} of ${total}` : "Waiting for a free worker…";
  return el("div", {}, el("p", {}, text),
    el("progress", { max: String(total || 1), value: total ? String(a.done) : null, "aria-label": "Review progress" }));
}

/** The whole review: who and how, the figures, the largest mistakes, each hand, hindsight. */
function reviewBody(r, hand) {
  const out = [el("p", { class: "muted", id: "rv-about" },
    `${r.name} (seat ${r.seat}). Each decision is valued from what that seat could see then (never the hidden cards), `,
    `by the expert's search over ${r.samples} sampled deals; values are expected points of the hand, ± one standard error.`)];
  out.push(figuresBlock(r.figures, hand ? `Hand ${hand}` : "The game", "rv-figures"));
  const worst = r.figures.worst;
  if (worst.length) {
    out.push(el("h2", {}, "Largest mistakes"), el("ol", { class: "rv-worst", id: "rv-worst" },
      worst.map((w) => {
        const d = findDecision(r, w.hand, w.index);
        return el("li", {}, el("a", { href: `#d-${w.hand}-${w.index}` }, `Hand ${w.hand}: `, d ? moveWords(d.chosen.action) : `move ${w.index}`),
          " ", badge(w.class), ` lost ${w.loss.toFixed(1)}${d ? ` ± ${d.loss_se.toFixed(1)}` : ""}`);
      })));
  } else {
    out.push(el("p", { id: "rv-worst" }, "No inaccuracy, mistake or blunder."));
  }
  const many = r.hands.reduce((n, h) => n + h.decisions.length, 0) > 12;
  const filter = el("label", { class: "rv-filter" }, el("input", { type: "checkbox", id: "rv-only", checked: many,
    onchange: (ev) => list.classList.toggle("only-errors", ev.target.checked) }), " Only the moves that lost points");
  const list = el("div", { class: `rv-hands${many ? " only-errors" : ""}`, id: "rv-hands" }, r.hands.map((h) => handBlock(h, r)));
  out.push(el("h2", {}, "Decision by decision"), filter, list, hindsightBlock(r));
  return out;
}

function findDecision(r, hand, index) {
  const h = r.hands.find((x) => x.hand === hand);
  return h && h.decisions.find((d) => d.index === index);
}

function badge(klass) {
  return el("span", { class: `rv-badge rv-${klass}` }, CLASS_WORDS[klass] || klass);
}

/** A hand's or the game's figures: accuracy, expected points lost ±, decisions, the classes. */
function figuresBlock(f, title, id) {
  const counts = Object.entries(f.classes).filter(([, n]) => n).map(([k, n]) => el("span", { class: "rv-count" }, badge(k), ` ${n}`));
  return el("div", { class: "rv-figures", id, role: "group", "aria-label": `${title}: figures` },
    el("div", { class: "rv-tile" }, el("span", { class: "rv-big" }, f.accuracy === null ? "–" : f.accuracy.toFixed(1)), el("span", {}, "accuracy (0–100)")),
    el("div", { class: "rv-tile" }, el("span", { class: "rv-big" }, f.loss.toFixed(1), el("small", {}, ` ± ${f.loss_se.toFixed(1)}`)), el("span", {}, "expected points lost")),
    el("div", { class: "rv-tile" }, el("span", { class: "rv-big" }, String(f.decisions)), el("span", {}, "decisions rated")),
    counts.length ? el("div", { class: "rv-counts" }, counts) : null);
}

const OUTCOME_WORDS = { knock: "Knock", gin: "Gin", "big-gin": "Big gin", undercut: "Undercut", tie: "Tie", dead: "Dead hand" };

function handBlock(h, r) {
  const res = h.result, several = r.hands.length > 1;
  const who = res.winner === r.seat ? r.name : "the opponent";
  const how = `${OUTCOME_WORDS[res.outcome] || res.outcome}${res.winner === null ? ", no points" : `: ${who} ${who === "You" ? "score" : "scores"} ${res.points}`}`;
  const f = h.figures;
  return el("section", { class: "rv-hand", id: `rv-hand-${h.hand}`, "aria-label": `Hand ${h.hand}` },
    el("h3", {}, `Hand ${h.hand}`, el("span", { class: "muted" }, ` · ${how}`)),
    several ? el("p", { class: "rv-hand-figures" }, `Accuracy ${f.accuracy === null ? "–" : f.accuracy.toFixed(1)}, expected points lost ${f.loss.toFixed(1)} ± ${f.loss_se.toFixed(1)} over ${f.decisions} decisions`) : null,
    h.decisions.length ? el("ol", { class: "rv-decisions" }, h.decisions.map(decisionItem)) : el("p", { class: "muted" }, "No decision with a choice."));
}

/** One decision: its class, the move and its value ±, the best alternative, the loss, the reason,
    and hindsight (marked apart) when the real cards favoured another move. */
function decisionItem(d) {
  const same = d.best.action === d.chosen.action;
  const seen = d.hindsight;
  return el("li", { class: `rv-d rv-is-${d.class}`, id: `d-${d.hand}-${d.index}` },
    el("div", { class: "rv-line" }, badge(d.class), el("span", { class: "rv-phase" }, PHASE_WORDS[d.phase] || d.phase),
      el("span", { class: "rv-move" }, moveWords(d.chosen.action)), el("span", { class: "rv-val" }, pm(d.chosen.value, d.chosen.se))),
    same ? el("div", { class: "rv-best muted" }, "The best move by the search.")
      : el("div", { class: "rv-best" }, d.class === "best" ? "Valued a little higher: " : "Best: ", el("span", { class: "rv-move" }, moveWords(d.best.action)), " ",
        el("span", { class: "rv-val" }, pm(d.best.value, d.best.se)),
        d.class === "best" ? el("span", { class: "muted" }, " · within the noise: not told from the best")
          : el("span", { class: "rv-loss" }, ` · lost ${d.loss.toFixed(1)} ± ${d.loss_se.toFixed(1)}`)),
    d.reason ? el("div", { class: "rv-reason" }, withCards(d.reason)) : null,
    seen && seen.gained >= 1 && seen.best !== d.chosen.action
      ? el("div", { class: "rv-hindsight-line" }, el("strong", {}, "Hindsight: "), `${moveWords(seen.best)} would have paid ${seen.gained.toFixed(0)} more with the real cards`)
      : null);
}

function hindsightBlock(r) {
  const box = el("section", { class: "rv-hindsight", id: "rv-hindsight", "aria-label": "Hindsight" },
    el("h2", {}, "Hindsight ", el("span", { class: "muted" }, "(all cards known: not part of the rating)")));
  if (r.hindsight_withheld) { box.append(el("p", {}, `Withheld: ${r.hindsight_withheld}.`)); return box; }
  const gain = r.hands.reduce((n, h) => n + (h.hindsight ? h.hindsight.gain : 0), 0);
  box.append(el("p", { id: "rv-hindsight-total" }, `Knowing every card, the best moves of the real deal would have added ${gain.toFixed(1)} points. `,
    "Luck, not skill: no one could see them."));
  return box;
}
