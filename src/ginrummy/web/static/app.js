/* Gin Rummy in the browser: a thin client. The server holds the game and answers with
   this player's view only; every move is checked there. */
"use strict";

const $ = (sel, root = document) => root.querySelector(sel);
const main = () => $("#main");
const TOKEN_KEY = "ginrummy.token";
const PREFS_KEY = "ginrummy.prefs";

/* ---------------------------------------------------------------- helpers */

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === null || v === undefined || v === false) continue;
    if (k === "class") node.className = v;
    else if (k === "html") node.innerHTML = v;
    else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else node.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children.flat(Infinity)) {
    if (c === null || c === undefined || c === false) continue;
    node.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return node;
}

function prefs() {
  try { return JSON.parse(localStorage.getItem(PREFS_KEY)) || {}; } catch { return {}; }
}

function savePrefs(changes) {
  localStorage.setItem(PREFS_KEY, JSON.stringify({ ...prefs(), ...changes }));
}

function announce(text) {
  const live = $("#live");
  live.textContent = "";
  setTimeout(() => { live.textContent = text; }, 30);
}

async function api(method, path, body) {
  const headers = { "Content-Type": "application/json" };
  const token = localStorage.getItem(TOKEN_KEY);
  if (token) headers["X-Player-Token"] = token;
  const res = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  let data = null;
  try { data = await res.json(); } catch { data = { error: `HTTP ${res.status}` }; }
  if (!res.ok) {
    const err = new Error(data && data.error ? data.error : `HTTP ${res.status}`);
    err.status = res.status;
    throw err;
  }
  return data;
}

function cardButton(code, opts = {}) {
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

function cardImg(code, cls = "") {
  return el("span", { class: `card static ${cls}`, role: "img", "aria-label": cardName(code), "data-card": code, html: cardFace(code) });
}

function cardRow(codes, cls = "") {
  return el("span", { class: `card-row ${cls}` }, codes.map((c) => cardImg(c)));
}

function glyphs(code) {
  return rankLabel(code) + SUIT_GLYPH[code[1]];
}

/* ---------------------------------------------------------------- theme */

function applyPrefs() {
  const p = prefs();
  document.documentElement.dataset.theme = p.dark ? "dark" : "light";
  document.documentElement.dataset.deck = p.four ? "four" : "two";
  $("#opt-dark").checked = !!p.dark;
  $("#opt-four").checked = !!p.four;
}

/* ---------------------------------------------------------------- setup page */

async function setupPage() {
  document.title = "Gin Rummy: new game";
  const meta = await api("GET", "/api/meta");
  const p = { ...meta.defaults, name: "You", ...prefs() };
  const preset = el("select", { id: "setup-preset", name: "preset" },
    meta.presets.map((x) => el("option", { value: x.name, selected: x.name === p.preset }, x.name)));
  const summary = el("p", { class: "muted", id: "preset-summary" });
  const target = el("input", { id: "setup-target", type: "number", min: 10, max: 1000, step: 10, value: p.target || "" });
  const showSummary = () => {
    const x = meta.presets.find((q) => q.name === preset.value);
    summary.textContent = x.summary;
    target.placeholder = String(x.target);
    if (!p.target) target.value = x.target;
  };
  preset.addEventListener("change", () => { p.target = null; showSummary(); });
  showSummary();
  const level = el("select", { id: "setup-level" }, meta.levels.map((l) => el("option", { value: l, selected: l === p.level }, l)));
  const mode = el("select", { id: "setup-mode" },
    el("option", { value: "practice", selected: p.mode !== "rated" }, "Practice (hints and undo)"),
    el("option", { value: "rated", selected: p.mode === "rated" }, "Rated (no hints, no undo)"));
  const name = el("input", { id: "setup-name", value: p.name, maxlength: 24, autocomplete: "nickname" });
  const error = el("p", { class: "error", role: "alert" });
  const start = el("button", { class: "primary big", id: "start", type: "submit" }, "Deal");
  const form = el("form", { class: "setup", onsubmit: async (ev) => {
    ev.preventDefault();
    const choice = { preset: preset.value, level: level.value, mode: mode.value, name: name.value.trim() || "You", target: Number(target.value) || null };
    savePrefs(choice);
    start.disabled = true;
    try {
      const data = await api("POST", "/api/games", choice);
      if (data.token) localStorage.setItem(TOKEN_KEY, data.token);
      navigate(`/game/${data.game.id}`);
    } catch (e) {
      error.textContent = e.message;
      start.disabled = false;
    }
  } },
  el("h1", {}, "New game"),
  el("label", { for: "setup-name" }, "Your name"), name,
  el("label", { for: "setup-preset" }, "Rules"), preset, summary,
  el("label", { for: "setup-target" }, "Play to (points)"), target,
  el("label", { for: "setup-level" }, "Computer level"), level,
  el("label", { for: "setup-mode" }, "Game type"), mode,
  error, start,
  el("p", { class: "muted" }, "Your choices are remembered. ", el("a", { href: "/rules/" + (p.preset || "default") }, "Read the rules"), "."));
  const box = el("section", { class: "resume" });
  main().replaceChildren(form, box);
  if (localStorage.getItem(TOKEN_KEY)) {
    const { games } = await api("GET", "/api/games");
    const open = games.filter((g) => g.status === "playing");
    if (open.length) {
      box.append(el("h2", {}, "Continue a game"), el("ul", {}, open.slice(0, 5).map((g) =>
        el("li", {}, el("a", { href: `/game/${g.id}` }, `${g.preset} vs ${g.level}, hand ${g.hands}, ${new Date(g.created * 1000).toLocaleString()}`)))));
    }
  }
}

/* ---------------------------------------------------------------- the table */

const table = { game: null, busy: false, seenEvents: 0, hand: 0, hint: null, positions: [] };

async function gamePage(id) {
  document.title = "Gin Rummy";
  table.game = null;
  table.hint = null;
  try {
    render(await api("GET", `/api/games/${id}`));
  } catch (e) {
    main().replaceChildren(el("h1", {}, "Cannot open this game"), el("p", { class: "error", role: "alert" }, e.message),
      el("p", {}, el("a", { href: "/" }, "Start a new game")));
  }
}

function eventText(ev, names, you) {
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

async function send(path, body) {
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

function act(action) { return send("actions", { action }); }

function showError(message) {
  const box = $("#table-error");
  if (box) box.textContent = message;
  announce(message);
}

async function confirmDialog(title, body) {
  const dlg = $("#confirm");
  $("#confirm-title").textContent = title;
  $("#confirm-body").replaceChildren(body);
  $("#confirm-ok").textContent = title;
  return new Promise((resolve) => {
    dlg.addEventListener("close", () => resolve(dlg.returnValue === "ok"), { once: true });
    dlg.returnValue = "";
    dlg.showModal();
    $("#confirm-ok").focus();
  });
}

async function knockFlow(kind) {
  const L = table.game.hand.legal;
  const options = kind === "gin" ? L.gin.map((c) => ({ card: c, deadwood: 0 })) : L.knock;
  if (!options.length) return;
  const sel = table.selected && options.find((o) => o.card === table.selected) ? table.selected : options.slice().sort((a, b) => a.deadwood - b.deadwood)[0].card;
  const body = el("div", {},
    el("p", {}, kind === "gin" ? "Go gin, discarding face down:" : "Knock, discarding face down (deadwood left in brackets):"),
    el("div", { class: "choices", role: "radiogroup" }, options.map((o) =>
      el("label", { class: "choice" },
        el("input", { type: "radio", name: "knock-card", value: o.card, checked: o.card === sel }),
        cardImg(o.card, "small"), kind === "gin" ? "" : ` (${o.deadwood})`))));
  if (await confirmDialog(kind === "gin" ? "Gin" : "Knock", body)) {
    const chosen = $("input[name=knock-card]:checked", body);
    await act(`${kind === "gin" ? "gin" : "knock"} ${chosen ? chosen.value : sel}`);
  }
}

async function bigGinFlow() {
  if (await confirmDialog("Big gin", el("p", {}, "Lay down all 11 cards as big gin?"))) await act("big-gin");
}

function handArea(g, h) {
  const L = h.legal;
  const discardable = new Set(L.discard);
  const knockable = new Set([...L.knock.map((k) => k.card), ...L.gin]);
  const clickable = (c) => discardable.has(c) || (h.must_knock && knockable.has(c));
  const fresh = h.drawn || h.taken;
  const groups = [...h.hand.melds.map((m) => ({ cards: m, meld: true })), { cards: h.hand.deadwood, meld: false }];
  table.positions = [];
  let pos = 0;
  const row = el("div", { class: "hand", role: "group", "aria-label": "Your hand" });
  for (const grp of groups) {
    if (!grp.cards.length) continue;
    const box = el("div", { class: grp.meld ? "group meld" : "group deadwood", "aria-label": grp.meld ? "meld" : "deadwood" });
    for (const c of grp.cards) {
      pos += 1;
      table.positions.push(c);
      const can = clickable(c);
      const b = cardButton(c, {
        cls: [c === fresh ? "fresh" : "", table.hint && table.hint.card === c ? "hinted" : "", can ? "playable" : ""].join(" "),
        extra: `position ${pos}${grp.meld ? ", in a meld" : ""}${c === fresh ? ", just drawn" : ""}`,
        disabled: !can,
        draggable: can,
        onclick: () => (h.must_knock ? knockFlow(L.gin.includes(c) ? "gin" : "knock") : act(`discard ${c}`)),
      });
      b.addEventListener("dragstart", (ev) => ev.dataTransfer.setData("text/plain", "card:" + c));
      box.append(el("div", { class: "slot" }, b, el("span", { class: "pos", "aria-hidden": "true" }, String(pos))));
    }
    row.append(box);
  }
  const dw = el("p", { class: "deadwood-count", id: "deadwood-count" },
    "Deadwood: ", el("strong", {}, String(h.hand.deadwood_count)),
    h.hand.size === 11 && L.discard.length ? " (before your discard)" : "");
  const me = el("section", { class: "me", "aria-label": "Your cards" }, row, dw);
  // Drag the stock or the top discard onto your hand to draw it.
  me.addEventListener("dragover", (ev) => ev.preventDefault());
  me.addEventListener("drop", (ev) => {
    ev.preventDefault();
    const what = ev.dataTransfer.getData("text/plain");
    if (what === "draw" && L.draw) act("draw");
    else if (what === "take" && L.take) act("take");
  });
  return me;
}

function pileArea(g, h) {
  const L = h.legal;
  const stock = el("button", {
    class: "pile stock" + (L.draw ? " playable" : ""), id: "stock", disabled: !L.draw,
    "aria-label": `Stock, ${h.stock_size} cards${L.draw ? ": draw" : ""}`, title: "Draw from the stock (D)",
    html: cardBack(),
  }, el("span", { class: "count" }, `${h.stock_size}`));
  stock.addEventListener("click", () => act("draw"));
  stock.addEventListener("dragstart", (ev) => ev.dataTransfer.setData("text/plain", "draw"));
  stock.draggable = L.draw;
  const up = h.upcard;
  let pile;
  if (up) {
    pile = cardButton(up, { cls: "pile discard" + (L.take ? " playable" : ""), disabled: !L.take, extra: L.take ? "top of the discard pile: take it" : "top of the discard pile", draggable: L.take, onclick: () => act("take") });
    pile.id = "discard-pile";
    pile.addEventListener("dragstart", (ev) => ev.dataTransfer.setData("text/plain", "take"));
  } else {
    pile = el("div", { class: "pile discard empty", id: "discard-pile", "aria-label": "Discard pile, empty" });
  }
  const dropZone = el("div", { class: "drop", "aria-hidden": "true" }, pile);
  dropZone.addEventListener("dragover", (ev) => ev.preventDefault());
  dropZone.addEventListener("drop", (ev) => {
    ev.preventDefault();
    const what = ev.dataTransfer.getData("text/plain");
    if (what.startsWith("card:") && L.discard.includes(what.slice(5))) act("discard " + what.slice(5));
  });
  return el("section", { class: "piles", "aria-label": "Stock and discard pile" },
    el("div", { class: "pile-box" }, stock, el("span", { class: "label" }, "Stock")),
    el("div", { class: "pile-box" }, dropZone, el("span", { class: "label" }, `Discards (${h.discard_pile.length})`)));
}

function promptText(g, h) {
  if (h.phase === "end") return g.game_over ? "The game is over." : "The hand is over.";
  if (!h.my_turn) return "The computer is thinking…";
  switch (h.phase) {
    case "offer": return `Take the upcard ${glyphs(h.upcard)} or pass.`;
    case "draw": return h.legal.take ? "Draw from the stock or take the top discard." : "Draw from the stock.";
    case "discard": return h.must_knock ? "Knock or go gin, choosing your discard." : "Click a card to discard it" + (h.legal.knock.length || h.legal.gin.length ? ", or knock." : ".");
    case "last-chance": return "Last chance: take the discard only to knock, or pass.";
    case "layoff": return "The computer knocked. Lay down your melds; your best layoffs are made for you.";
    default: return "";
  }
}

function buttons(g, h) {
  const L = h.legal;
  const out = [];
  const b = (id, text, key, fn, cls = "") => out.push(el("button", { id, class: cls, "aria-keyshortcuts": key, onclick: fn }, text, el("kbd", { "aria-hidden": "true" }, key)));
  if (L.take && (h.phase === "offer" || h.phase === "last-chance")) b("btn-take", `Take ${glyphs(h.upcard)}`, "T", () => act("take"), "primary");
  if (L.pass) b("btn-pass", "Pass", "P", () => act("pass"));
  if (L.knock.length) b("btn-knock", "Knock…", "K", () => knockFlow("knock"), "primary");
  if (L.gin.length) b("btn-gin", "Gin…", "G", () => knockFlow("gin"), "primary");
  if (L.big_gin) b("btn-big-gin", "Big gin…", "B", bigGinFlow, "primary");
  if (L.layoff) b("btn-layoff", "Lay down", "L", () => act("layoff"), "primary");
  if (h.phase === "end" && !g.game_over) b("btn-next", "Next hand", "N", () => send("next", {}), "primary");
  if (g.game_over) out.push(el("a", { class: "button primary", href: "/", id: "btn-new" }, "New game"), el("a", { class: "button", href: `/replay/${g.id}` }, "Replay this game"));
  if (g.can_hint) b("btn-hint", "Hint", "H", showHint);
  if (g.can_undo) b("btn-undo", "Undo", "U", () => send("undo", {}));
  return el("div", { class: "buttons" }, out);
}

async function showHint() {
  try {
    const hint = await api("GET", `/api/games/${table.game.id}/hint`);
    table.hint = hint;
    render(table.game, true);
    $("#hint").textContent = `Hint (${hint.agent}): ${hint.why}`;
    announce(hint.why);
  } catch (e) { showError(e.message); }
}

function meldBlock(cards, laid = [], label = "") {
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

function endOfHand(g, h) {
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

function fairnessBox(g) {
  const f = g.fairness;
  if (!f) return null;
  const box = el("details", { class: "fairness", id: "fairness", open: !!f.seed },
    el("summary", {}, `Fair deal, hand ${f.hand}: commitment ${f.commitment.slice(0, 12)}…`),
    el("p", {}, "Before the hand was dealt the server committed to the shuffle's seed with this SHA-256 hash:"),
    el("code", { class: "wrap" }, f.commitment));
  if (f.seed) {
    const check = el("span", { class: "check" }, "checking…");
    box.append(el("p", {}, "Seed revealed: ", el("code", {}, f.seed), " salt ", el("code", {}, f.salt), " ", check),
      el("p", {}, "Check it yourself: ", el("code", { class: "wrap" }, `ginrummy verify --commitment ${f.commitment} --seed ${f.seed} --salt ${f.salt}`)));
    sha256(`ginrummy-deal:v1:${f.salt}:${f.seed}`).then((hex) => {
      check.textContent = hex === f.commitment ? "✓ matches the commitment" : "✗ does not match!";
    }).catch(() => { check.textContent = ""; });
  } else {
    box.append(el("p", {}, "The seed is revealed when the hand ends."));
  }
  return box;
}

async function sha256(text) {
  const buf = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(buf)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

function hollywoodTable(sheet) {
  // Hollywood scoring: the three games side by side, each with both players' entries.
  const [a, b] = sheet.names;
  const t = el("table", { class: "sheet hollywood", id: "hollywood-sheet" },
    el("caption", {}, "Hollywood: three games at once"));
  const head = el("tr", {}, el("th", { scope: "col" }, ""));
  for (const c of sheet.columns) head.append(el("th", { scope: "col", colspan: "2" }, `Game ${c.game}${c.over ? " (over)" : ""}`));
  const names = el("tr", {}, el("th", { scope: "col" }, ""));
  for (const _c of sheet.columns) names.append(el("th", { scope: "col" }, a), el("th", { scope: "col" }, b));
  t.append(el("thead", {}, head, names));
  const body = el("tbody", {});
  const depth = Math.max(0, ...sheet.columns.flatMap((c) => [c.points[0].length, c.points[1].length]));
  for (let i = 0; i < depth; i++) {
    const tr = el("tr", {}, el("th", { scope: "row" }, ""));
    for (const c of sheet.columns) tr.append(el("td", {}, c.points[0][i] ?? ""), el("td", {}, c.points[1][i] ?? ""));
    body.append(tr);
  }
  const tot = el("tr", {}, el("th", { scope: "row" }, "Total"));
  for (const c of sheet.columns) tot.append(el("td", {}, c.totals[0]), el("td", {}, c.totals[1]));
  const fin = el("tr", {}, el("th", { scope: "row" }, "Final"));
  for (const c of sheet.columns) fin.append(el("td", {}, c.final ? c.final[0] : ""), el("td", {}, c.final ? c.final[1] : ""));
  body.append(tot, fin);
  t.append(body);
  return t;
}

function sheetTable(sheet, you = 0) {
  if (sheet.columns && sheet.columns.length > 1) {
    return el("div", {}, plainSheetTable(sheet, you), hollywoodTable(sheet));
  }
  return plainSheetTable(sheet, you);
}

function plainSheetTable(sheet, you = 0) {
  const [a, b] = sheet.names;
  const t = el("table", { class: "sheet", id: "sheet" },
    el("caption", {}, `Score sheet (to ${sheet.target})`),
    el("thead", {}, el("tr", {}, el("th", { scope: "col" }, "Hand"), el("th", { scope: "col" }, a), el("th", { scope: "col" }, b), el("th", { scope: "col" }, "Result"))));
  const body = el("tbody");
  for (const r of sheet.rows) {
    body.append(el("tr", {}, el("td", {}, r.hand), el("td", {}, r.winner === 0 ? r.points : ""), el("td", {}, r.winner === 1 ? r.points : ""), el("td", {}, r.score)));
  }
  const foot = el("tfoot");
  foot.append(el("tr", {}, el("th", { scope: "row" }, "Total"), el("td", {}, sheet.totals[0]), el("td", {}, sheet.totals[1]), el("td", {}, "")));
  foot.append(el("tr", {}, el("th", { scope: "row" }, "Box"), el("td", {}, `${sheet.hands_won[0]} (${sheet.boxes[0]})`), el("td", {}, `${sheet.hands_won[1]} (${sheet.boxes[1]})`), el("td", {}, "hands won (box bonus)")));
  const s = sheet.summary;
  if (s) {
    foot.append(el("tr", {}, el("th", { scope: "row" }, "Game bonus"), el("td", {}, s.game_bonus[0]), el("td", {}, s.game_bonus[1]), el("td", {}, s.shutout ? "shutout" : "")));
    if (s.margin_bonus[0] || s.margin_bonus[1]) foot.append(el("tr", {}, el("th", { scope: "row" }, "Margin bonus"), el("td", {}, s.margin_bonus[0]), el("td", {}, s.margin_bonus[1]), el("td", {}, "")));
    foot.append(el("tr", { class: "final" }, el("th", { scope: "row" }, "Final"), el("td", {}, s.totals[0]), el("td", {}, s.totals[1]),
      el("td", {}, s.winner === null ? "Drawn game" : `${s.winner === you ? "You win" : sheet.names[s.winner] + " wins"}${s.forfeit ? " (forfeit)" : ""}`)));
  }
  t.append(body, foot);
  return t;
}

function render(g, keepHint = false) {
  const firstRender = !table.game || table.game.id !== g.id || table.hand !== g.hand_number;
  if (!keepHint) table.hint = null;
  const prev = firstRender ? 0 : table.seenEvents;
  table.game = g;
  table.hand = g.hand_number;
  const h = g.hand;
  const names = g.names;
  const opp = h.opponent;
  const oppBacks = el("div", { class: "opp-cards", "aria-hidden": "true" }, Array.from({ length: opp.count }, () => el("span", { class: "card static back-small", html: cardBack() })));
  const oppSec = el("section", { class: "opponent", "aria-label": "Computer" },
    el("h2", {}, `${names[1]} (${g.level}) `, el("span", { class: "muted", id: "opp-count" }, `${opp.count} cards`), h.dealer === 1 ? el("span", { class: "badge" }, "dealer") : null),
    oppBacks,
    opp.known.length ? el("p", { id: "opp-known" }, "Known to hold: ", cardRow(opp.known, "small")) : null);
  const events = h.events.map((e) => eventText(e, names, g.you));
  const fresh = events.slice(prev);
  table.seenEvents = events.length;
  const log = el("ol", { class: "log", id: "log", "aria-label": "What happened this hand" }, events.map((t, i) => el("li", { class: i >= prev && prev > 0 ? "new" : "" }, t)));
  const status = el("p", { class: "prompt", id: "prompt" }, promptText(g, h));
  const side = el("aside", { class: "side" }, sheetTable(g.sheet, g.you), fairnessBox(g),
    el("details", { class: "keys" }, el("summary", {}, "Keyboard"),
      el("p", {}, "D draw · T take · P pass · 1–9, 0, - discard by position · K knock · G gin · B big gin · L lay down · N next hand · H hint · U undo")));
  const centre = el("div", { class: "centre" },
    el("div", { class: "info" }, el("h1", {}, `Hand ${g.hand_number}`, el("span", { class: "muted" }, ` · ${g.preset} · ${g.mode}`)),
      el("p", {}, `You ${g.sheet.totals[0]} — ${names[1]} ${g.sheet.totals[1]}`, h.dealer === 0 ? " · you deal" : ""),
      status, el("p", { id: "hint", class: "hint", role: "status" }), el("p", { id: "table-error", class: "error", role: "alert" })),
    pileArea(g, h));
  main().replaceChildren(el("div", { class: "table", id: "table", "data-version": g.version, "data-phase": h.phase },
    el("div", { class: "felt" }, oppSec, centre, buttons(g, h), h.phase === "end" ? endOfHand(g, h) : null,
      h.laid_down ? el("section", { class: "laid", "aria-label": "The knocker's melds" }, el("h3", {}, `${names[h.laid_down.knocker]} knocked with ${h.laid_down.count}:`),
        el("div", { class: "melds" }, h.laid_down.melds.map((m, i) => meldBlock(m, [], `meld ${i + 1}`)), h.laid_down.deadwood.length ? el("span", { class: "deadwood-block" }, "deadwood ", cardRow(h.laid_down.deadwood)) : null)) : null,
      handArea(g, h), log),
    side));
  if (fresh.length) announce(fresh.join(". ") + ". " + promptText(g, h));
  if (firstRender) main().focus({ preventScroll: true });
}

function onKey(ev) {
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

/* ---------------------------------------------------------------- history, replay, stats, rules */

async function historyPage() {
  document.title = "Gin Rummy: history";
  const sec = el("section", {}, el("h1", {}, "History"));
  main().replaceChildren(sec);
  if (!localStorage.getItem(TOKEN_KEY)) { sec.append(el("p", {}, "No games yet.")); return; }
  const { games } = await api("GET", "/api/games");
  if (!games.length) { sec.append(el("p", {}, "No games yet.")); return; }
  const t = el("table", { class: "history", id: "history" }, el("thead", {}, el("tr", {}, ["Started", "Rules", "Computer", "Type", "Hands", "Result", ""].map((x) => el("th", { scope: "col" }, x)))));
  const body = el("tbody");
  for (const g of games) {
    const result = g.final ? `${g.final.totals[0]} – ${g.final.totals[1]} ${g.final.winner === 0 ? "(won)" : g.final.winner === 1 ? "(lost)" : "(drawn)"}` : "playing";
    body.append(el("tr", {}, el("td", {}, new Date(g.created * 1000).toLocaleString()), el("td", {}, g.preset), el("td", {}, g.level), el("td", {}, g.mode), el("td", {}, g.hands), el("td", {}, result),
      el("td", {}, el("a", { href: `/game/${g.id}` }, g.status === "playing" ? "continue" : "table"), " ", el("a", { href: `/replay/${g.id}` }, "replay"))));
  }
  t.append(body);
  sec.append(t);
}

async function replayPage(id) {
  document.title = "Gin Rummy: replay";
  let data;
  try { data = await api("GET", `/api/games/${id}/replay`); } catch (e) { main().replaceChildren(el("p", { class: "error", role: "alert" }, e.message)); return; }
  const state = { hand: 0, frame: 0 };
  const view = el("div", { class: "replay", id: "replay" });
  const draw = () => {
    if (!data.hands.length) { view.replaceChildren(el("p", {}, "No hand has finished yet.")); return; }
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
    view.replaceChildren(
      el("div", { class: "rp-head" }, handSel, el("span", { id: "rp-step" }, `Step ${state.frame} of ${H.frames.length - 1}`)),
      nav,
      el("p", { class: "prompt", id: "rp-action" }, f.action ? `${names[f.player]}: ${f.action}` : `Deal: ${names[H.dealer]} deals.`),
      ...[0, 1].map((p) => el("div", { class: "rp-hand" }, el("h3", {}, names[p]), cardRow(f.hands[p]))),
      el("p", {}, "Discard pile: ", f.discard_pile.length ? cardRow(f.discard_pile.slice(-6)) : "empty", ` · stock ${f.stock_size}`),
      last ? el("p", { class: "describe", id: "rp-result" }, H.result.describe) : null,
      el("details", { class: "fairness" }, el("summary", {}, "Fair deal"),
        el("p", {}, "Commitment ", el("code", { class: "wrap" }, H.commitment)),
        el("p", {}, "Seed ", el("code", {}, H.seed), " salt ", el("code", {}, H.salt), " ", check),
        el("p", {}, "Deck dealt from the seed: ", el("code", { class: "wrap" }, H.deck)),
        el("p", {}, el("code", { class: "wrap" }, `ginrummy verify --commitment ${H.commitment} --seed ${H.seed} --salt ${H.salt} --deck "${H.deck}"`))));
  };
  main().replaceChildren(el("section", {}, el("h1", {}, `Replay: ${data.names[0]} vs ${data.names[1]} (${data.preset}, ${data.level})`),
    data.game_seed ? el("p", { class: "muted" }, `Game seed ${data.game_seed}`) : el("p", { class: "muted" }, "Only finished hands are shown."),
    view, sheetTable(data.sheet)));
  draw();
}

async function statsPage() {
  document.title = "Gin Rummy: statistics";
  const sec = el("section", {}, el("h1", {}, "Statistics"));
  main().replaceChildren(sec);
  if (!localStorage.getItem(TOKEN_KEY)) { sec.append(el("p", {}, "No games yet.")); return; }
  const stats = await api("GET", "/api/stats");
  const modes = [["rated", "Rated games"], ["practice", "Practice games (with hints and undo)"]].filter(([m]) => stats[m].length);
  if (!modes.length) { sec.append(el("p", {}, "No games yet.")); return; }
  const cols = [["level", "Computer"], ["games", "Games"], ["games_won", "Games won"], ["hands", "Hands"], ["hands_won", "Hands won"], ["gins", "Your gins"], ["gins_against", "Gins against"], ["undercuts", "Your undercuts"], ["undercut_against", "Undercut against"], ["points_per_hand", "Net points per hand"]];
  const all = el("div", { id: "stats" });
  sec.append(all);
  for (const [mode, title] of modes) {
    const levels = stats[mode];
    all.append(el("h2", {}, title), el("table", { class: "history", id: `stats-${mode}` }, el("thead", {}, el("tr", {}, cols.map(([, t]) => el("th", { scope: "col" }, t)))),
      el("tbody", {}, levels.map((r) => el("tr", {}, cols.map(([k]) => el("td", {}, r[k])))))));
    // chart: hands won vs lost per level
    const max = Math.max(1, ...levels.map((r) => Math.max(r.hands_won, r.hands_lost)));
    const w = 120 * levels.length + 40, hgt = 200;
    let svg = `<svg class="chart" viewBox="0 0 ${w} ${hgt + 40}" role="img" aria-label="${mode} games: hands won and lost by computer level">`;
    levels.forEach((r, i) => {
      const x = 30 + i * 120;
      const hw = (r.hands_won / max) * hgt, hl = (r.hands_lost / max) * hgt;
      svg += `<rect class="bar-won" x="${x}" y="${hgt - hw + 10}" width="40" height="${hw}"><title>won ${r.hands_won}</title></rect>`;
      svg += `<rect class="bar-lost" x="${x + 44}" y="${hgt - hl + 10}" width="40" height="${hl}"><title>lost ${r.hands_lost}</title></rect>`;
      svg += `<text x="${x + 42}" y="${hgt + 30}" text-anchor="middle">${String(r.level).replace(/[^\w-]/g, "")}</text>`;
    });
    svg += "</svg>";
    all.append(el("h3", {}, "Hands won (green) and lost (red), by computer level"), el("div", { html: svg }));
  }
}

async function rulesPage(name) {
  document.title = "Gin Rummy: rules";
  const meta = await api("GET", "/api/meta");
  name = name || prefs().preset || "default";
  const r = await api("GET", `/api/rules/${encodeURIComponent(name)}`);
  main().replaceChildren(el("section", { class: "rules" }, el("h1", {}, `Rules: ${r.name}`),
    el("p", { class: "muted" }, r.summary, ` (source: ${r.source})`),
    el("p", {}, "Presets: ", meta.presets.map((p) => [el("a", { href: `/rules/${p.name}` }, p.name), " "])),
    el("ol", { id: "rules-text" }, r.text.map((t) => el("li", {}, t)))));
}

/* ---------------------------------------------------------------- routing */

function navigate(path) {
  history.pushState({}, "", path);
  route();
}

async function route() {
  const path = location.pathname;
  let m;
  try {
    if ((m = path.match(/^\/game\/([\w-]+)$/))) await gamePage(m[1]);
    else if ((m = path.match(/^\/replay\/([\w-]+)$/))) await replayPage(m[1]);
    else if (path === "/history") await historyPage();
    else if (path === "/stats") await statsPage();
    else if ((m = path.match(/^\/rules(?:\/([\w-]+))?$/))) await rulesPage(m[1]);
    else await setupPage();
  } catch (e) {
    main().replaceChildren(el("p", { class: "error", role: "alert" }, e.message));
  }
}

document.addEventListener("DOMContentLoaded", () => {
  applyPrefs();
  $("#opt-dark").addEventListener("change", (ev) => { savePrefs({ dark: ev.target.checked }); applyPrefs(); });
  $("#opt-four").addEventListener("change", (ev) => { savePrefs({ four: ev.target.checked }); applyPrefs(); });
  document.addEventListener("keydown", onKey);
  window.addEventListener("popstate", route);
  route();
});
