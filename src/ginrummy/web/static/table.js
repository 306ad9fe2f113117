/* The table: one game's page, rendered from the server's view after every move. */
import { $, el, main, announce } from "./dom.js";
import { api } from "./api.js";
import { glyphs, cardBack, cardRow } from "./cards.js";
import { knockFlow, bigGinFlow } from "./dialogs.js";
import { handArea, pileArea } from "./hand.js";
import { endOfHand, meldBlock } from "./endhand.js";
import { sheetTable, fairnessBox } from "./sheet.js";
import { startLive, joinPage, seatsPanel, matchBox } from "./seats.js";
import { pickupTable, pickupHand, pickupResult, pickupEventText, pickupPrompt } from "./pickup.js";

export const table = { game: null, busy: false, seenEvents: 0, hand: 0, hint: null, positions: [] };

export async function gamePage(id) {
  document.title = "Gin Rummy";
  table.game = null;
  table.hint = null;
  const invite = new URLSearchParams(location.search).get("invite");
  try {
    if (invite) {
      try { await api("GET", `/api/games/${id}`); } catch { return joinPage(id, invite); }  // no seat yet
      history.replaceState({}, "", `/game/${id}`);
    }
    const g = await api("GET", `/api/games/${id}`);
    render(g);
    if (g.opponent === "person") startLive(id, (t) => { if (!table.busy && table.game && t.version !== table.game.version) render(t); });
  } catch (e) {
    main().replaceChildren(el("h1", {}, "Cannot open this game"), el("p", { class: "error", role: "alert" }, e.message),
      el("p", {}, el("a", { href: "/" }, "Start a new game")));
  }
}

export function eventText(ev, names, you) {
  const who = ev.player === you ? "You" : names[ev.player];
  const s = ev.player === you ? "" : "s";
  const card = ev.card ? " " + glyphs(ev.card) : "";
  switch (ev.kind) {
    case "pass": return `${who} pass${ev.player === you ? "" : "es"}`;
    case "take": return `${who} take${s}${card}`;
    case "draw": return `${who} draw${s} from the stock`;
    case "discard": return `${who} discard${s}${card}`;
    case "knock": return `${who} knock${s}`;
    case "big-gin": return `${who} go${ev.player === you ? "" : "es"} big gin`;
    case "layoff": return `${who} lay${s} down`;
    default: return `${who}: ${ev.kind}`;
  }
}

export async function send(path, body) {
  if (table.busy) return;
  table.busy = true;
  table.hint = null;
  try {
    render(await api("POST", `/api/games/${table.game.id}/${path}`, { ...body, version: table.game.version }));
  } catch (e) {
    showError(e.message);
    if (e.status === 409) {
      try { render(await api("GET", `/api/games/${table.game.id}`)); } catch { /* keep the page */ }
    }
  } finally {
    table.busy = false;
  }
}

export function act(action) { return send("actions", { action }); }

export function showError(message) {
  const box = $("#table-error");
  if (box) box.textContent = message;
  announce(message);
}


export function promptText(g, h) {
  if (h.phase === "end") return g.game_over ? "The game is over." : "The hand is over.";
  if (!h.my_turn) return g.opponent === "person" ? `Waiting for ${g.names[1 - g.you]}…` : "The computer is thinking…";
  switch (h.phase) {
    case "offer": return `Take the upcard ${glyphs(h.upcard)} or pass.`;
    case "draw": return h.legal.take ? "Draw from the stock or take the top discard." : "Draw from the stock.";
    case "discard": return h.must_knock ? "Knock or go gin, choosing your discard." : "Click a card to discard it" + (h.legal.knock.length || h.legal.gin.length ? ", or knock." : ".");
    case "last-chance": return "Last chance: take the discard only to knock, or pass.";
    case "layoff": return "The computer knocked. Lay down your melds; your best layoffs are made for you.";
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
  if (L.layoff) b("btn-layoff", "Lay down", "L", () => act("layoff"), "primary");
  if (h.phase === "end" && !g.game_over) b("btn-next", g.current_game_over ? "Next game" : "Next hand", "N", () => send("next", {}), "primary");
  if (g.game_over) out.push(el("a", { class: "button primary", href: "/", id: "btn-new" }, "New game"), el("a", { class: "button", href: `/replay/${g.id}` }, "Replay this game"));
  if (g.can_hint) b("btn-hint", "Hint", "H", showHint);
  if (g.can_undo) b("btn-undo", "Undo", "U", () => send("undo", {}));
  return el("div", { class: "buttons" }, out);
}

export async function showHint() {
  try {
    const hint = await api("GET", `/api/games/${table.game.id}/hint`);
    table.hint = hint;
    render(table.game, true);
    $("#hint").textContent = `Hint (${hint.agent}): ${hint.why}`;
    announce(hint.why);
  } catch (e) { showError(e.message); }
}


export function render(g, keepHint = false) {
  const firstRender = !table.game || table.game.id !== g.id || table.hand !== g.hand_number;
  if (!keepHint) table.hint = null;
  const prev = firstRender ? 0 : table.seenEvents;
  table.game = g;
  table.hand = g.hand_number;
  const h = g.hand;
  const names = g.names;
  const other = 1 - g.you;
  const pickup = h.variant === "pickup";
  const opp = h.opponent;
  const oppBacks = el("div", { class: "opp-cards", "aria-hidden": "true" }, Array.from({ length: opp.count }, () => el("span", { class: "card static back-small", html: cardBack() })));
  const oppSec = el("section", { class: "opponent", "aria-label": names[other] },
    el("h2", {}, g.opponent === "person" ? `${names[other]} ` : `${names[other]} (${g.level}) `, el("span", { class: "muted", id: "opp-count" }, `${opp.count} cards`), h.dealer === other ? el("span", { class: "badge" }, "dealer") : null),
    oppBacks,
    opp.known.length ? el("p", { id: "opp-known" }, "Known to hold: ", cardRow(opp.known, "small")) : null);
  const events = h.events.map((e) => (pickup ? pickupEventText(e, g) : eventText(e, names, g.you)));
  const fresh = events.slice(prev);
  table.seenEvents = events.length;
  const log = el("ol", { class: "log", id: "log", "aria-label": "What happened this hand" }, events.map((t, i) => el("li", { class: i >= prev && prev > 0 ? "new" : "" }, t)));
  const status = el("p", { class: "prompt", id: "prompt" }, pickup ? pickupPrompt(g, h) : promptText(g, h));
  const side = el("aside", { class: "side" }, sheetTable(g.sheet, g.you), fairnessBox(g),
    el("details", { class: "keys" }, el("summary", {}, "Keyboard"),
      el("p", {}, "D draw · T take · P pass · 1–9, 0, - discard by position · K knock · G gin · B big gin · L lay down · N next hand · H hint · U undo")));
  const centre = el("div", { class: "centre" },
    el("div", { class: "info" }, el("h1", {}, `Hand ${g.hand_number}`, el("span", { class: "muted" }, ` · ${g.preset} · ${g.mode}`)),
      el("p", {}, `You ${g.sheet.totals[g.you]} — ${names[other]} ${g.sheet.totals[other]}`, h.dealer === g.you ? " · you deal" : ""),
      matchBox(g), seatsPanel(g, send),
      status, el("p", { id: "hint", class: "hint", role: "status" }), el("p", { id: "table-error", class: "error", role: "alert" })),
    pickup ? pickupTable(g, h, act) : pileArea(g, h));
  main().replaceChildren(el("div", { class: "table", id: "table", "data-version": g.version, "data-phase": h.phase, "data-turn": h.my_turn ? "me" : "other" },
    el("div", { class: "felt" }, oppSec, centre, buttons(g, h), h.phase === "end" ? (pickup ? pickupResult(g, h) : endOfHand(g, h)) : null,
      h.laid_down ? el("section", { class: "laid", "aria-label": "The knocker's melds" }, el("h3", {}, `${names[h.laid_down.knocker]} knocked with ${h.laid_down.count}:`),
        el("div", { class: "melds" }, h.laid_down.melds.map((m, i) => meldBlock(m, [], `meld ${i + 1}`)), h.laid_down.deadwood.length ? el("span", { class: "deadwood-block" }, "deadwood ", cardRow(h.laid_down.deadwood)) : null)) : null,
      pickup ? pickupHand(g, h, act, () => render(table.game, true)) : handArea(g, h), log),
    side));
  if (fresh.length) announce(fresh.join(". ") + ". " + promptText(g, h));
  if (firstRender) main().focus({ preventScroll: true });
}

export function onKey(ev) {
  if (!table.game || !location.pathname.startsWith("/game/") || ev.ctrlKey || ev.metaKey || ev.altKey) return;
  if ($("#confirm").open || ["INPUT", "SELECT", "TEXTAREA"].includes(document.activeElement.tagName)) return;
  const g = table.game, h = g.hand, L = h.legal;
  const k = ev.key.toLowerCase();
  const click = (id) => { const b = $(id); if (b && !b.disabled) { b.click(); return true; } return false; };
  let done = false;
  if (k === "d") done = click("#stock");
  else if (k === "t") done = L.take && (act("take"), true);
  else if (k === "p") done = click("#btn-pass");
  else if (k === "k") done = click("#btn-knock");
  else if (k === "g") done = click("#btn-gin");
  else if (k === "b") done = click("#btn-big-gin");
  else if (k === "l") done = click("#btn-layoff");
  else if (k === "n") done = click("#btn-next");
  else if (k === "h") done = click("#btn-hint");
  else if (k === "u") done = click("#btn-undo");
  else if (/^[0-9-]$/.test(k)) {
    const idx = k === "0" ? 9 : k === "-" ? 10 : Number(k) - 1;
    const card = table.positions[idx];
    if (card && L.discard.includes(card)) { act(`discard ${card}`); done = true; }
  }
  if (done) ev.preventDefault();
}
