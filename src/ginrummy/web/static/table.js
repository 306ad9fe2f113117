/* The table: one game's page, rendered from the server's view after every move, then the
   moves since the last view shown in motion (motion.js). */
import { $, el, main, announce, tapWord } from "./dom.js";
import { api, OFFLINE } from "./api.js";
import { glyphs, cardBack, cardRow } from "./cards.js";
import { knockFlow, bigGinFlow, endFlow } from "./dialogs.js";
import { handArea, pileArea, layoutFan, cardWidth, moveCard } from "./hand.js";
import { endOfHand, layoffChooser, gameOverPanel, endedPanel } from "./endhand.js";
import { sideSheet } from "./sheet.js";
import { eventText, withCards } from "./words.js";
import { cancelMotion, computerMoves, deal, settle, snapshot } from "./motion.js";
import { play } from "./sound.js";
import { startLive, joinPage, seatsPanel, matchBox, teamBox } from "./seats.js";
import { pickupTable, pickupHand, pickupResult, pickupEventText, pickupPrompt, fitPickupTable } from "./pickup.js";
import { table } from "./tablestate.js";


const RETRY_MS = 2000;
const MAX_RETRIES = 60;

export async function gamePage(id) {
  document.title = "Gin Rummy";
  table.game = null;
  table.hint = null;
  const dealing = history.state && history.state.deal;
  if (dealing) history.replaceState({}, "", location.pathname);
  const invite = new URLSearchParams(location.search).get("invite");
  try {
    if (invite) {  // no seat yet: the form to join while the seat is free, else that the game is full
      const state = await api("GET", `/api/games/${id}/invite?invite=${encodeURIComponent(invite)}`);
      if (!state.mine) return state.open ? joinPage(id, invite) : fullPage();
      history.replaceState({}, "", `/game/${id}`);
    }
    const g = await api("GET", `/api/games/${id}`);
    render(g, false, { deal: dealing });
    if (g.opponent === "person") startLive(id, (t) => { if (!table.busy && table.game && t.version !== table.game.version) render(t); });
  } catch (e) {
    main().replaceChildren(el("h1", {}, "Cannot open this game"), el("p", { class: "error", role: "alert" }, e.message),
      el("p", {}, el("a", { href: "/" }, "Start a new game")));
  }
}

/** An invitation whose seat another browser took: said at once, with no form to fill in. */
function fullPage() {
  document.title = "Gin Rummy: game full";
  main().replaceChildren(el("h1", {}, "This game is full"),
    el("p", { id: "game-full" }, "Another browser took the invited seat, so this link cannot join the game any more. Ask for a new invitation, or start a game of your own."),
    el("p", {}, el("a", { class: "button primary", href: "/", id: "btn-new" }, "Start a new game")));
}

/** Post a move; on a stale tab (409) show the table as it is now with the server's message, and
    while the server cannot be reached say so and try again. */
export async function send(path, body, sound = null) {
  if (table.busy) return;
  table.busy = true;
  table.hint = null;
  const request = { ...body, version: table.game.version };
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        const before = snapshot();
        const g = await api("POST", `/api/games/${table.game.id}/${path}`, request);
        if (sound) play(sound);
        render(g, false, { before, deal: path === "next" });
        return;
      } catch (e) {
        if (e.status === 0 && attempt < MAX_RETRIES) {
          showError(OFFLINE);
          await new Promise((r) => setTimeout(r, RETRY_MS));
          continue;
        }
        if (e.status === 409 || (e.status === 0 && attempt > 0)) {
          try { render(await api("GET", `/api/games/${table.game.id}`)); } catch { /* keep the page */ }
        }
        showError(e.status === 409 ? `${e.message} The table now shows the game as it is.` : e.message);
        return;
      }
    }
  } finally {
    table.busy = false;
  }
}

export function act(action) {
  const word = action.split(" ")[0];
  const sound = { discard: "discard", draw: "draw", take: "draw", knock: "knock", gin: "knock", "big-gin": "knock" }[word] || "click";
  return send("actions", { action }, sound);
}

export function showError(message) {
  const box = $("#table-error");
  if (box) box.textContent = message;
  announce(message);
}

Object.assign(table, {
  act, send, showError, rerender: () => { if (table.game) render(table.game, true, { quiet: true }); },
});

export function promptText(g, h) {
  if (h.phase === "end") return g.game_over ? "The game is over." : "The hand is over.";
  if (!h.my_turn) return g.opponent === "person" ? `Waiting for ${g.names[1 - g.you]}…` : "The computer is thinking…";
  switch (h.phase) {
    case "offer": return `Take the upcard ${glyphs(h.upcard)} or pass.`;
    case "draw": return h.legal.take ? "Draw from the stock or take the top discard." : "Draw from the stock.";
    case "discard": return h.must_knock ? "Knock or go gin, choosing your discard." : `${tapWord()} a card to discard it` + (h.legal.knock.length || h.legal.gin.length ? ", or knock." : ".");
    case "last-chance": return "Last chance: take the discard only to knock, or pass.";
    case "layoff": return "The computer knocked. Choose your layoffs (the best is chosen for you) and lay down.";
    default: return "";
  }
}

export function buttons(g, h) {
  const L = h.legal;
  const out = [];
  const b = (id, text, key, fn, cls = "") => out.push(el("button", { id, class: cls, "aria-keyshortcuts": key, onclick: fn }, text, el("kbd", { "aria-hidden": "true" }, key)));
  if (L.take && (h.phase === "offer" || h.phase === "last-chance")) b("btn-take", `Take ${glyphs(h.upcard)}`, "T", () => act("take"), "primary");
  if (L.pass) b("btn-pass", "Pass", "P", () => act("pass"));
  if (L.knock && L.knock.length) b("btn-knock", "Knock…", "K", () => knockFlow("knock"), "primary");
  if (L.gin && L.gin.length) b("btn-gin", "Gin…", "G", () => knockFlow("gin"), "primary");
  if (L.big_gin) b("btn-big-gin", "Big gin…", "B", bigGinFlow, "primary");
  if (h.phase === "end" && !g.game_over) b("btn-next", g.current_game_over ? "Next game" : "Next hand", "N", () => send("next", {}), "primary");
  if (h.phase === "end" && g.reviewable && g.fairness) {
    out.push(el("a", { class: "button", id: "btn-review", href: `/review/${g.id}?hand=${g.fairness.hand}`, "aria-keyshortcuts": "R" },
      "Review hand", el("kbd", { "aria-hidden": "true" }, "R")));
  }
  if (g.can_hint) b("btn-hint", "Hint", "H", showHint);
  if (g.can_undo) b("btn-undo", "Undo", "U", () => send("undo", {}));
  return el("div", { class: "buttons action-bar", id: "actions" }, out);
}

export async function showHint() {
  try {
    const hint = await api("GET", `/api/games/${table.game.id}/hint`);
    table.hint = hint;
    render(table.game, true, { quiet: true });
    $("#hint").replaceChildren(`Hint (${hint.agent}): `, withCards(hint.why));
    announce(hint.why);
  } catch (e) { showError(e.message); }
}

function opponentArea(g, h) {
  const opp = h.opponent;
  const backs = el("div", { class: "opp-cards", id: "opp-cards", "aria-hidden": "true" },
    Array.from({ length: opp.count }, () => el("span", { class: "card static back-small", html: cardBack() })));
  const other = 1 - g.you;
  const who = g.opponent === "person" ? g.names[other] : `Computer (${g.level})`;
  return el("section", { class: "opponent", "aria-label": g.opponent === "person" ? g.names[other] : "The computer" },
    el("h2", {}, `${who} `, el("span", { class: "muted", id: "opp-count" }, `${opp.count} card${opp.count === 1 ? "" : "s"}`), h.dealer === other ? el("span", { class: "badge" }, "dealer") : null),
    el("div", { class: "opp-row" }, backs,
      opp.known.length ? el("p", { id: "opp-known", class: "known" }, "Known to hold: ", cardRow(opp.known, "small")) : null));
}

/** The top of the discard pile before each of ``fresh`` events (undoing them from ``pile``). */
function pilesBefore(pile, fresh) {
  const p = pile.slice();
  const before = new Array(fresh.length + 1);
  before[fresh.length] = p.length ? p[p.length - 1] : null;
  for (let i = fresh.length - 1; i >= 0; i--) {
    const e = fresh[i];
    if (e.kind === "discard") p.pop();
    else if (e.kind === "take" && e.card) p.push(e.card);
    before[i] = p.length ? p[p.length - 1] : null;
  }
  return before;
}

export function render(g, keepHint = false, opts = {}) {
  cancelMotion();
  const firstRender = !table.game || table.game.id !== g.id || table.hand !== g.hand_number;
  if (firstRender) table.custom = null;  // your own order of cards lasts for the hand
  if (!keepHint) table.hint = null;
  const prev = firstRender ? 0 : table.seenEvents;
  table.game = g;
  table.hand = g.hand_number;
  const h = g.hand;
  const names = g.names;
  const ended = h.phase === "end";
  const pickup = h.variant === "pickup";
  const other = 1 - g.you;
  const outcome = h.result ? h.result.outcome : null;
  const events = h.events.map((e) => (pickup ? pickupEventText(e, g) : eventText(e, names, g.you, outcome)));
  const freshEvents = opts.quiet ? [] : h.events.slice(prev);
  table.seenEvents = events.length;
  const log = el("details", { class: "log-box", id: "log-box" },
    el("summary", {}, "This hand so far", events.length ? el("span", { class: "muted" }, ` · ${events[events.length - 1]}`) : null),
    el("ol", { class: "log", id: "log", "aria-label": "What happened this hand" }, events.map((t, i) => el("li", { class: i >= prev && prev > 0 ? "new" : "" }, t))));
  const status = el("p", { class: "prompt", id: "prompt", "aria-live": "off" }, pickup ? pickupPrompt(g, h) : promptText(g, h));
  const head = el("div", { class: "felt-head" },
    el("h1", {}, `Hand ${g.hand_number}`, el("span", { class: "muted head-detail" }, ` · ${g.preset} · ${g.mode}`)),
    el("p", { class: "score", id: "score" }, el("span", {}, `You ${g.sheet.totals[g.you]}`), " — ", el("span", {}, `${g.opponent === "person" ? names[other] : "Computer"} ${g.sheet.totals[other]}`),
      el("span", { class: "muted", id: "target" }, ` · to ${g.sheet.target}`),
      h.dealer === g.you ? el("span", { class: "badge" }, "you deal") : null),
    el("span", { class: "head-tools" },
      g.game_over ? null : el("button", { class: "small-btn", id: "btn-end", "aria-haspopup": "dialog", onclick: () => endFlow(g) }, g.opponent === "person" ? "Resign…" : "End game…"),
      el("button", { class: "small-btn sheet-toggle", id: "btn-sheet", "aria-controls": "side", "aria-expanded": "false", onclick: () => toggleSheet(true) }, "Score sheet")));
  const centre = el("div", { class: pickup ? "centre wrap" : "centre" }, pickup ? pickupTable(g, h, act) : pileArea(g, h),
    el("div", { class: "info" }, status, el("p", { id: "hint", class: "hint", role: "status" }), el("p", { id: "table-error", class: "error", role: "alert" })));
  const felt = g.ended ? el("div", { class: "felt" }, head, matchBox(g), seatsPanel(g, send), endedPanel(g), log) : el("div", { class: "felt" }, head, matchBox(g), teamBox(g), seatsPanel(g, send),
    ended || h.laid_down ? null : opponentArea(g, h),  // once the knocker's hand is on the table, no backs
    ended ? null : centre,
    g.game_over ? gameOverPanel(g) : null,  // the game's outcome first, then its last hand
    ended ? (pickup ? pickupResult(g, h) : endOfHand(g, h)) : null,
    ended ? el("div", { class: "end-info" }, el("p", { id: "table-error", class: "error", role: "alert" })) : null,
    h.laid_down ? layoffChooser(g, h) : null,
    buttons(g, h),
    ended ? null : pickup ? pickupHand(g, h, act, () => render(table.game, true, { quiet: true })) : handArea(g, h),
    log);
  main().replaceChildren(el("div", { class: "table", id: "table", "data-version": g.version, "data-phase": h.phase, "data-over": g.game_over ? "yes" : "no", "data-turn": h.my_turn ? "me" : "other" },
    felt, sideSheet(g, () => toggleSheet(false))));
  document.documentElement.style.setProperty("--cw", `${cardWidth()}px`);
  const fan = $("#hand");
  layoutFan(fan);
  if (pickup) fitPickupTable();
  if (fan && window.ResizeObserver) {
    let lastWidth = fan.clientWidth;
    new ResizeObserver(() => {
      if (fan.clientWidth !== lastWidth) { lastWidth = fan.clientWidth; document.documentElement.style.setProperty("--cw", `${cardWidth()}px`); layoutFan(fan); if (pickup) fitPickupTable(); }
    }).observe(fan);
  }
  if (freshEvents.length) announce(events.slice(prev).join(". ") + ". " + (pickup ? pickupPrompt(g, h) : promptText(g, h)));
  if (firstRender) { main().focus({ preventScroll: true }); window.scrollTo(0, 0); }  // a new hand shows from the top
  if (g.ended) return;  // a player ended the game: no hand on the table, nothing moves
  if (ended && freshEvents.length) play(h.result.winner === g.you ? "win" : h.result.winner === null ? "click" : "lose");
  // motion: the deal, your own move, then the computer's moves one by one
  if (opts.deal && !ended) deal();
  else if (opts.before) settle(opts.before);
  const theirs = freshEvents.map((e, i) => [e, i]).filter(([e]) => e.player !== g.you);
  if (theirs.length && !ended && !pickup) {
    const before = pilesBefore(h.discard_pile, freshEvents);
    const idx = theirs.map(([, i]) => i);
    const prompt = $("#prompt");
    computerMoves(theirs.map(([e]) => e), (j) => (j < idx.length ? before[idx[j]] : before[idx[idx.length - 1] + 1]),
      (e) => { if (prompt) prompt.textContent = eventText(e, names, g.you, outcome) + "…"; })
      .then(() => { if (prompt && prompt.isConnected) prompt.textContent = promptText(g, h); });
  }
}

function toggleSheet(open) {
  const side = $("#side");
  if (!side) return;
  side.classList.toggle("open", open);
  const btn = $("#btn-sheet");
  if (btn) btn.setAttribute("aria-expanded", String(open));
  if (open) { const close = $("#btn-sheet-close"); if (close) close.focus(); } else if (btn) btn.focus();
}

export function onKey(ev) {
  if (!table.game || !location.pathname.startsWith("/game/") || ev.ctrlKey || ev.metaKey || ev.altKey) return;
  if (ev.key === "Escape") { toggleSheet(false); return; }
  if ($("#confirm").open || ["INPUT", "SELECT", "TEXTAREA"].includes(document.activeElement.tagName)) return;
  const g = table.game, h = g.hand, L = h.legal;
  const k = ev.key.toLowerCase();
  const click = (id) => { const b = $(id); if (b && !b.disabled) { b.click(); return true; } return false; };
  if (g.ended) { if ((k === "n" && click("#btn-again")) || (k === "r" && click("#btn-review-game"))) ev.preventDefault(); return; }
  if (ev.shiftKey && (ev.key === "ArrowLeft" || ev.key === "ArrowRight")) {  // move the focused card in your own order
    const card = document.activeElement && document.activeElement.closest(".hand .slot");
    if (card && moveCard(card.dataset.slot, ev.key === "ArrowLeft" ? -1 : 1)) ev.preventDefault();
    return;
  }
  let done = false;
  if (k === "d") done = click("#stock");
  else if (k === "t") done = L.take && (act("take"), true);
  else if (k === "p") done = click("#btn-pass");
  else if (k === "k") done = click("#btn-knock");
  else if (k === "g") done = click("#btn-gin");
  else if (k === "b") done = click("#btn-big-gin");
  else if (k === "l") done = click("#btn-layoff");
  else if (k === "n") done = click("#btn-next") || click("#btn-again");
  else if (k === "h") done = click("#btn-hint");
  else if (k === "u") done = click("#btn-undo");
  else if (k === "r") done = click("#btn-review") || click("#btn-review-game");
  else if (/^[0-9-]$/.test(k)) {
    const idx = k === "0" ? 9 : k === "-" ? 10 : Number(k) - 1;
    const card = table.positions[idx];
    if (card && L.discard.includes(card)) { act(`discard ${card}`); done = true; }
  }
  if (done) ev.preventDefault();
}
