/* Motion: the deal, draws, discards and the computer's moves, at a pace the player can follow.
   The table is always rendered in its final state first; motion only moves pictures over it
   (ghost cards that ignore the pointer), so a click is never blocked by an animation. The speed
   setting scales every duration; "No motion" and prefers-reduced-motion turn motion off.
   document.documentElement.dataset.motion is "busy" while something moves (tests wait on it). */
import { $, prefs } from "./dom.js";
import { cardBack, cardFace } from "./cards.js";
import { play } from "./sound.js";

const SPEEDS = { slow: 1.7, normal: 1, fast: 0.5, off: 0 };
const STEP_MS = 520;
let generation = 0;
let running = 0;

/** The factor every duration is multiplied by: 0 means no motion. */
export function speed() {
  if (window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches) return 0;
  const s = SPEEDS[prefs().speed || "normal"];
  return s === undefined ? 1 : s;
}

function busy(delta) {
  running = Math.max(0, running + delta);
  document.documentElement.dataset.motion = running ? "busy" : "idle";
}

/** Stop whatever is moving (a new render supersedes it). */
export function cancelMotion() {
  generation += 1;
  document.querySelectorAll(".flying").forEach((n) => n.remove());
  running = 0;
  busy(0);
}

/** Where each card (by data-card) and each pile is on screen now, to animate from after a render. */
export function snapshot() {
  const out = { cards: new Map(), stock: rect("#stock"), discard: rect("#discard-pile"), opponent: rect("#opp-cards") };
  document.querySelectorAll("#table [data-card]").forEach((n) => {
    if (!n.closest(".flying")) out.cards.set(n.dataset.card, n.getBoundingClientRect());
  });
  return out;
}

function rect(sel) {
  const n = $(sel);
  return n ? n.getBoundingClientRect() : null;
}

function moveFrom(node, from, duration, delay = 0) {
  const to = node.getBoundingClientRect();
  if (!from || !to.width) return null;
  const dx = from.left - to.left, dy = from.top - to.top;
  if (Math.abs(dx) < 1 && Math.abs(dy) < 1) return null;
  const sx = from.width / to.width || 1;
  return node.animate([
    { transform: `translate(${dx}px, ${dy}px) scale(${sx})`, transformOrigin: "top left" },
    { transform: "none", transformOrigin: "top left" },
  ], { duration, delay, easing: "cubic-bezier(.2,.7,.3,1)", fill: "backwards" });
}

/** After a render: slide each of your cards from where it was (or from the stock or the pile). */
export function settle(before) {
  const f = speed();
  if (!f || !before) return;
  const anims = [];
  document.querySelectorAll("#table .hand [data-card], #discard-pile[data-card]").forEach((n) => {
    const from = before.cards.get(n.dataset.card) || (n.closest(".hand") ? before.stock : null);
    const a = moveFrom(n, from, 320 * f);
    if (a) anims.push(a.finished.catch(() => {}));
  });
  track(Promise.all(anims));
}

/** The deal: cards fly from the stock to both hands, one at a time, alternately. */
export function deal() {
  const f = speed();
  const stock = rect("#stock");
  if (!f || !stock) return;
  const mine = [...document.querySelectorAll("#table .hand .card")];
  const theirs = [...document.querySelectorAll("#opp-cards .card")];
  const anims = [];
  const n = Math.max(mine.length, theirs.length);
  for (let i = 0; i < n; i++) {
    for (const [j, node] of [[0, theirs[i]], [1, mine[i]]]) {
      if (!node) continue;
      const delay = (i * 2 + j) * 70 * f;
      const a = moveFrom(node, stock, 260 * f, delay);
      if (a) anims.push(a.finished.catch(() => {}));
      setTimeout(() => play("deal"), delay);
    }
  }
  track(Promise.all(anims));
}

function track(promise) {
  busy(+1);
  const gen = generation;
  promise.finally(() => { if (gen === generation) busy(-1); });
}

/** A picture of a card (face or back) flying from one rectangle to another; resolves when landed. */
function fly(html, from, to, duration, size) {
  if (!from || !to) return Promise.resolve();
  const ghost = document.createElement("div");
  ghost.className = "flying card";
  ghost.setAttribute("aria-hidden", "true");
  ghost.innerHTML = html;
  const w = size.width, h = size.height;
  const centre = (r) => ({ x: r.left + r.width / 2 - w / 2, y: r.top + r.height / 2 - h / 2 });
  const a0 = centre(from), a1 = centre(to);
  Object.assign(ghost.style, { left: `${a1.x}px`, top: `${a1.y}px`, width: `${w}px`, height: `${h}px` });
  document.body.append(ghost);
  const a = ghost.animate([
    { transform: `translate(${a0.x - a1.x}px, ${a0.y - a1.y}px)` },
    { transform: "none" },
  ], { duration, easing: "cubic-bezier(.3,.6,.3,1)" });
  return a.finished.catch(() => {}).then(() => ghost.remove());
}

const wait = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * The computer's moves, one after another: each event ``{kind, card}`` is announced with
 * ``say(event)`` and shown moving between the stock, the discard pile and the computer's hand.
 * ``pileBefore(i)`` is the top of the discard pile before event ``i`` (null when empty), so the
 * pile shows what the player would have seen at that moment.
 */
export async function computerMoves(events, pileBefore, say) {
  const f = speed();
  if (!f || !events.length) return;
  const gen = generation;
  busy(+1);
  const pile = $("#discard-pile");
  const setPile = (code) => {
    const svg = pile && pile.querySelector("svg");
    if (!svg) return;
    if (code) svg.outerHTML = cardFace(code);
    else svg.style.visibility = "hidden";
  };
  const finalTop = pile ? pile.dataset.card : null;
  try {
    setPile(pileBefore(0));
    for (let i = 0; i < events.length; i++) {
      if (gen !== generation) return;
      const ev = events[i];
      say(ev);
      const opp = rect("#opp-cards"), stock = rect("#stock"), discard = rect("#discard-pile");
      const dur = STEP_MS * f;
      const size = stock || discard;
      if (ev.kind === "draw") { play("draw"); await fly(cardBack(), stock, opp, dur, size); }
      else if (ev.kind === "take") { setPile(pileBefore(i + 1)); play("draw"); await fly(cardFace(ev.card), discard, opp, dur, size); }
      else if (ev.kind === "discard") { play("discard"); await fly(cardFace(ev.card), opp, discard, dur, size); setPile(ev.card); }
      else if (ev.kind === "knock" || ev.kind === "big-gin") { play("knock"); await wait(dur); }
      else await wait(dur * 0.7);
      if (gen !== generation) return;
      await wait(160 * f);
    }
  } finally {
    if (gen === generation) {
      if (finalTop) setPile(finalTop);
      busy(-1);
    }
  }
}
