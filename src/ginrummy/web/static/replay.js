/* History and the replay viewer. */
import { el, main } from "./dom.js";
import { api, TOKEN_KEY } from "./api.js";
import { claimBox } from "./seats.js";
import { cardRow } from "./cards.js";
import { actionWords } from "./words.js";
import { sheetTable, sha256 } from "./sheet.js";

/* ---------------------------------------------------------------- history, replay, stats, rules */

export async function historyPage() {
  document.title = "Gin Rummy: history";
  const sec = el("section", {}, el("h1", {}, "History"));
  main().replaceChildren(sec);
  if (!localStorage.getItem(TOKEN_KEY)) { sec.append(el("p", {}, "No games yet.")); return; }
  const { games } = await api("GET", "/api/games");
  if (!games.length) { sec.append(el("p", {}, "No games yet.")); return; }
  const t = el("table", { class: "history", id: "history" }, el("thead", {}, el("tr", {}, ["Started", "Rules", "Against", "Type", "Hands", "Result", ""].map((x) => el("th", { scope: "col" }, x)))));
  const body = el("tbody");
  for (const g of games) {
    const you = g.you || 0, names = g.names || [g.name, "Computer"];
    const against = g.opponent === "person" ? names[1 - you] : `Computer (${g.level})`;
    // each cell names its column (data-label): on a phone a row is a card of labelled lines
    const cell = (label, text, cls = null) => el("td", { "data-label": label, class: cls }, text);
    body.append(el("tr", {}, cell("Started", new Date(g.created * 1000).toLocaleString()), cell("Rules", g.preset), cell("Against", against, "against"),
      cell("Type", g.mode === "friend" ? "with a friend" : g.mode), cell("Hands", g.hands), cell("Result", resultText(g, you, against), "result-cell"),
      el("td", { class: "links" }, el("a", { class: "button", href: `/game/${g.id}` }, g.status === "playing" ? "continue" : "table"), " ",
        el("a", { class: "button", href: `/replay/${g.id}` }, "replay"))));
  }
  t.append(body);
  sec.append(el("div", { class: "history-box", role: "region", "aria-label": "Your games" }, t),
    claimBox("/history", "Your games in another browser", "This link shows your games in another browser, or here again once this browser's storage was cleared. Keep it private: it plays as you."));
}

/** A game's result as this player reads it: the score (yours first), won, lost or drawn, and who
    resigned or that it was abandoned. */
function resultText(g, you, against) {
  if (g.ended === "abandoned") return "abandoned";
  if (!g.final) return g.status === "forfeit" ? "forfeit" : "playing";
  const w = g.final.winner;
  const word = w === you ? "won" : w === 1 - you ? "lost" : "drawn";
  const totals = g.final.totals ? `${g.final.totals[you]} – ${g.final.totals[1 - you]} ` : "";
  const who = g.ended === "resigned" ? (g.ended_by === you ? ", you resigned" : `, ${against.replace(/ \(.*\)$/, "")} resigned`) : "";
  return `${totals}(${word}${who})`;
}

export async function replayPage(id) {
  document.title = "Gin Rummy: replay";
  let data;
  try { data = await api("GET", `/api/games/${id}/replay`); } catch (e) { main().replaceChildren(el("p", { class: "error", role: "alert" }, e.message)); return; }
  const state = { hand: 0, frame: 0 };
  const view = el("div", { class: "replay", id: "replay" });
  const draw = () => {
    if (!data.hands.length) { view.replaceChildren(el("p", {}, "No hand has finished yet."), ...(data.ended ? [endedLine(data)] : [])); return; }
    const H = data.hands[state.hand];
    const f = H.frames[state.frame];
    const last = state.frame === H.frames.length - 1;
    const names = data.names;
    const nav = el("div", { class: "buttons" },
      el("button", { id: "rp-first", onclick: () => { state.frame = 0; draw(); } }, "« First"),
      el("button", { id: "rp-prev", onclick: () => { state.frame = Math.max(0, state.frame - 1); draw(); } }, "◀ Back"),
      el("button", { id: "rp-next", class: "primary", onclick: () => { state.frame = Math.min(H.frames.length - 1, state.frame + 1); draw(); } }, "Step ▶"),
      el("button", { id: "rp-last", onclick: () => { state.frame = H.frames.length - 1; draw(); } }, "Last »"));
    const handSel = el("select", { id: "rp-hand", "aria-label": "Hand", onchange: (ev) => { state.hand = Number(ev.target.value); state.frame = 0; draw(); } },
      data.hands.map((x, i) => el("option", { value: i, selected: i === state.hand }, `Hand ${x.hand}`)));
    const check = el("span", { class: "check" });
    sha256(`ginrummy-deal:v1:${H.salt}:${H.seed}`).then((hex) => { check.textContent = hex === H.commitment ? "✓ the seed opens the commitment" : "✗ mismatch"; }).catch(() => {});
    view.replaceChildren(...[
      el("div", { class: "rp-head" }, handSel, el("span", { id: "rp-step" }, `Step ${state.frame} of ${H.frames.length - 1}`)),
      nav,
      el("p", { class: "prompt", id: "rp-action" }, f.action ? actionWords(f.action, names[f.player] === "Computer" ? "The computer" : names[f.player]) + "." : `${names[H.dealer] === "Computer" ? "The computer" : names[H.dealer]} ${names[H.dealer] === "You" ? "deal" : "deals"}.`),
      ...[0, 1].map((p) => el("div", { class: "rp-hand" }, el("h3", {}, names[p]),
        layoutRow(f.layouts ? f.layouts[p] : null, f.hands[p], f.in_hand ? f.in_hand[p] : null))),
      f.table ? tableMelds(f.table, names) : null,
      el("div", { class: "rp-piles" }, el("span", {}, `Stock: ${f.stock_size} cards`), el("span", {}, "Discard pile: "),
        f.discard_pile.length ? cardRow(f.discard_pile.slice(-6)) : el("span", { class: "muted" }, "empty")),
      last ? el("p", { class: "describe", id: "rp-result" }, H.result.describe) : null,
      last && state.hand === data.hands.length - 1 && data.ended ? endedLine(data) : null,
      el("details", { class: "fairness" }, el("summary", {}, "Fair deal"),
        el("p", {}, "Commitment ", el("code", { class: "wrap" }, H.commitment)),
        el("p", {}, "Seed ", el("code", {}, H.seed), " salt ", el("code", {}, H.salt), " ", check),
        el("p", {}, "Deck dealt from the seed: ", el("code", { class: "wrap" }, H.deck)),
        el("p", {}, el("code", { class: "wrap" }, `ginrummy verify --commitment ${H.commitment} --seed ${H.seed} --salt ${H.salt} --deck "${H.deck}"`)))
    ].filter(Boolean));  // the DOM's replaceChildren would write a null as the text "null"
  };
  main().replaceChildren(el("section", {}, el("h1", {}, `Replay: ${data.names[0]} vs ${data.names[1]} (${data.preset}, ${data.level})`),
    data.game_seed ? el("p", { class: "muted seed", id: "rp-game-seed" }, `Game seed ${data.game_seed}`) : el("p", { class: "muted" }, "Only finished hands are shown."),
    view, sheetTable(data.sheet)));
  draw();
}

/** How the game ended early, if a player ended it: "You resigned in hand 3: the computer won the game." */
function endedLine(data) {
  const e = data.ended;
  if (!e) return null;
  const other = data.opponent === "person" ? data.names[1 - data.you] : "The computer";
  const text = e.how === "abandoned" ? `You abandoned the game in hand ${e.hand}: neither won nor lost.`
    : e.by === data.you ? `You resigned in hand ${e.hand}: ${other === "The computer" ? "the computer" : other} won the game.`
      : `${other} resigned in hand ${e.hand}: you won the game.`;
  return el("p", { class: "prompt", id: "rp-ended" }, text);
}

/** A hand in a replay: its melds, then its deadwood (the least-deadwood layout from the server);
    in discard-pile pickup (``inHand``: the points held) what the cards in hand count against you. */
function layoutRow(layout, cards, inHand = null) {
  if (!layout) return cardRow(cards);
  const tag = inHand !== null ? `${inHand} in hand` : `deadwood ${layout.deadwood_count}`;
  if (!cards.length) return el("p", { class: "muted" }, inHand !== null ? "No cards left in hand." : "No cards.");
  return el("div", { class: "melds" },
    layout.melds.map((m) => el("span", { class: "meld-block" }, cardRow(m))),
    layout.deadwood.length || inHand !== null
      ? el("span", { class: "deadwood-block" }, cardRow(layout.deadwood), el("span", { class: "count-tag" }, tag)) : null);
}

/** Discard-pile pickup: the melds on the table at this step, numbered, with who laid each. */
function tableMelds(melds, names) {
  return el("div", { class: "rp-table", id: "rp-table" }, el("h3", {}, "On the table"),
    melds.length
      ? el("div", { class: "melds" }, melds.map((m, i) => el("span", { class: "numbered" }, el("span", { class: "meld-no" }, `${i + 1}`),
        el("span", { class: "meld-block", "aria-label": `table meld ${i + 1}, laid by ${names[m.owner]}` }, cardRow(m.cards)),
        el("span", { class: "muted" }, names[m.owner]))))
      : el("p", { class: "muted" }, "No melds on the table yet."));
}
