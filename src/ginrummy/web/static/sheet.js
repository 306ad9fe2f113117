/* The score sheet (Hollywood's three games too) and the fair-deal box. */
import { el } from "./dom.js";

export function fairnessBox(g) {
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

export async function sha256(text) {
  const buf = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(buf)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

export function hollywoodTable(sheet) {
  // Hollywood scoring: the three games, each its own small table, side by side when there is
  // room and stacked on narrow screens (never wider than the window).
  const [a, b] = sheet.names;
  const box = el("div", { class: "hollywood", id: "hollywood-sheet", role: "group", "aria-label": "Hollywood: three games at once" },
    el("p", { class: "caption" }, "Hollywood: three games at once"));
  for (const c of sheet.columns) {
    const depth = Math.max(c.points[0].length, c.points[1].length);
    const rows = Array.from({ length: depth }, (_, i) => el("tr", {}, el("td", {}, c.points[0][i] ?? ""), el("td", {}, c.points[1][i] ?? "")));
    box.append(el("table", { class: "sheet hw-game" },
      el("caption", {}, `Game ${c.game}${c.over ? " (over)" : ""}`),
      el("thead", {}, el("tr", {}, el("th", { scope: "col" }, a), el("th", { scope: "col" }, b))),
      el("tbody", {}, rows),
      el("tfoot", {}, el("tr", {}, el("td", {}, c.totals[0]), el("td", {}, c.totals[1])),
        c.final ? el("tr", { class: "final" }, el("td", {}, c.final[0]), el("td", {}, c.final[1])) : null)));
  }
  return box;
}

export function sheetTable(sheet, you = 0) {
  if (sheet.columns && sheet.columns.length > 1) {
    return el("div", {}, plainSheetTable(sheet, you), hollywoodTable(sheet));
  }
  return plainSheetTable(sheet, you);
}

export function plainSheetTable(sheet, you = 0) {
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

/** The side of the table: the score sheet, the fair deal and the keys. A column on wide screens,
    a drawer (opened by "Score sheet") on narrow ones. */
export function sideSheet(g, close) {
  return el("aside", { class: "side", id: "side", "aria-label": "Score sheet" },
    el("div", { class: "drawer-head" }, el("strong", {}, "Score sheet"),
      el("button", { class: "small-btn", id: "btn-sheet-close", onclick: close }, "Close")),
    sheetTable(g.sheet, g.you), fairnessBox(g),
    el("details", { class: "keys" }, el("summary", {}, "Keyboard"),
      el("p", {}, "D draw · T take · P pass · 1–9, 0, - discard by position · K knock · G gin · B big gin · L lay down · N next hand · H hint · U undo · Shift+←/→ move the focused card · Esc close the sheet")));
}
