/* Statistics and the rules pages. */
import { el, main, prefs } from "./dom.js";
import { api, TOKEN_KEY } from "./api.js";

export async function statsPage() {
  document.title = "Gin Rummy: statistics";
  const sec = el("section", {}, el("h1", {}, "Statistics"));
  main().replaceChildren(sec);
  if (!localStorage.getItem(TOKEN_KEY)) { sec.append(el("p", {}, "No games yet.")); return; }
  const stats = await api("GET", "/api/stats");
  const modes = [["rated", "Rated games"], ["practice", "Practice games (with hints and undo)"]].filter(([m]) => stats[m].length);
  if (!modes.length) { sec.append(el("p", {}, "No games yet.")); return; }
  const cols = [["level", "Computer"], ["games", "Games"], ["games_won", "Games won"], ["hands", "Hands"], ["hands_won", "Hands won"], ["gins", "Your gins"], ["gins_against", "Gins against"], ["undercuts", "Your undercuts"], ["undercut_against", "Undercut against"], ["points_per_hand", "Net points per hand"], ["resigned", "You resigned"], ["abandoned", "Abandoned (not counted)"]];
  const all = el("div", { id: "stats" });
  sec.append(all);
  for (const [mode, title] of modes) {
    const levels = stats[mode];
    all.append(el("h2", {}, title), el("div", { class: "scroll-x", tabindex: "0", role: "region", "aria-label": title }, el("table", { class: "history", id: `stats-${mode}` }, el("thead", {}, el("tr", {}, cols.map(([, t]) => el("th", { scope: "col" }, t)))),
      el("tbody", {}, levels.map((r) => el("tr", {}, cols.map(([k]) => el("td", {}, r[k]))))))));
    all.append(el("h3", {}, "Hands won and lost, by computer level"), el("div", { html: chart(levels, mode) }));
    const t = stats.reviews && stats.reviews[mode];
    all.append(el("h3", {}, "Accuracy of your reviewed games"), t && t.games
      ? el("div", { id: `trend-${mode}` }, el("p", {}, `${t.games} reviewed ${t.games === 1 ? "game" : "games"}, mean accuracy ${t.mean.toFixed(1)}` +
          (t.games > t.last.length ? ` (the last ${t.last.length} drawn)` : "") + "."), el("div", { html: trendChart(t.last, mode) }))
      : el("p", { class: "muted", id: `trend-${mode}` }, "No reviewed game yet: review a finished game (“Review the game”) to follow your accuracy here."));
  }
}

/** Accuracy (0-100) of each reviewed game, oldest first, as a line over the games with a
    labelled scale; each point is labelled with its value too (read without the line). */
export function trendChart(values, mode) {
  const w = 400, left = 40, right = 16, hgt = 150, y0 = 16, n = values.length;
  const y = (v) => y0 + hgt - (v / 100) * hgt;
  const x = (i) => (n > 1 ? left + 20 + (i * (w - left - right - 40)) / (n - 1) : (left + w - right) / 2);
  let svg = `<svg class="trend" viewBox="0 0 ${w} ${hgt + 70}" role="img" aria-label="${mode} games: accuracy of each reviewed game, oldest first, scale 0 to 100">`;
  for (let v = 0; v <= 100; v += 25) {
    svg += `<line class="grid" x1="${left}" x2="${w - right}" y1="${y(v)}" y2="${y(v)}"/><text class="tick" x="${left - 6}" y="${y(v) + 4}" text-anchor="end">${v}</text>`;
  }
  if (n > 1) svg += `<polyline class="line" points="${values.map((v, i) => `${x(i)},${y(v)}`).join(" ")}"/>`;
  values.forEach((v, i) => {
    svg += `<circle class="dot" cx="${x(i)}" cy="${y(v)}" r="5"><title>game ${i + 1}: ${v}</title></circle>`;
    if (n <= 12) svg += `<text class="tick" x="${x(i)}" y="${y(v) - 9}" text-anchor="middle">${Math.round(v)}</text>`;
  });
  if (n > 1) svg += `<text x="${x(0)}" y="${y0 + hgt + 24}" text-anchor="start">oldest</text><text x="${x(n - 1)}" y="${y0 + hgt + 24}" text-anchor="end">latest</text>`;
  svg += `<text x="${(left + w - right) / 2}" y="${y0 + hgt + 46}" text-anchor="middle">reviewed games</text>`;
  return svg + "</svg>";
}

export async function rulesPage(name) {
  document.title = "Gin Rummy: rules";
  const meta = await api("GET", "/api/meta");
  name = name || prefs().preset || "default";
  const r = await api("GET", `/api/rules/${encodeURIComponent(name)}`);
  main().replaceChildren(el("section", { class: "rules" }, el("h1", {}, `Rules: ${r.name}`),
    el("p", { class: "muted" }, r.summary, ` (source: ${r.source})`),
    el("p", {}, "Presets: ", meta.presets.map((p) => [el("a", { href: `/rules/${p.name}` }, p.name), " "])),
    el("ol", { id: "rules-text" }, r.text.map((t) => el("li", {}, t)))));
}

/** A round step for an axis that reaches ``max`` in about five steps (1, 2, 5, 10, 20, ...). */
export function niceStep(max) {
  const raw = Math.max(1, max / 5);
  const p = 10 ** Math.floor(Math.log10(raw));
  return [1, 2, 5, 10].map((m) => m * p).find((s) => s >= raw);
}

/** Bars of hands won and lost per level, with a labelled scale (hands) and a legend; the
    numbers are written on the bars too, so nothing is told by colour alone. */
function chart(levels, mode) {
  const max = Math.max(1, ...levels.map((r) => Math.max(r.hands_won, r.hands_lost)));
  const step = niceStep(max);
  const top = Math.ceil(max / step) * step;
  const left = 48, hgt = 200, y0 = 20, w = left + 120 * levels.length + 20;
  const y = (v) => y0 + hgt - (v / top) * hgt;
  let svg = `<svg class="chart" viewBox="0 0 ${w} ${hgt + 80}" role="img" aria-label="${mode} games: hands won and lost by computer level, scale 0 to ${top} hands">`;
  for (let v = 0; v <= top; v += step) {
    svg += `<line class="grid" x1="${left}" x2="${w - 10}" y1="${y(v)}" y2="${y(v)}"/><text class="tick" x="${left - 6}" y="${y(v) + 4}" text-anchor="end">${v}</text>`;
  }
  svg += `<text class="tick" x="12" y="${y0 + hgt / 2}" transform="rotate(-90 12 ${y0 + hgt / 2})" text-anchor="middle">hands</text>`;
  levels.forEach((r, i) => {
    const x = left + 14 + i * 120;
    const bar = (cls, v, dx, word) => `<rect class="${cls}" x="${x + dx}" y="${y(v)}" width="40" height="${y(0) - y(v)}"><title>${word} ${v}</title></rect><text class="tick" x="${x + dx + 20}" y="${y(v) - 4}" text-anchor="middle">${v}</text>`;
    svg += bar("bar-won", r.hands_won, 0, "won") + bar("bar-lost", r.hands_lost, 44, "lost");
    svg += `<text x="${x + 42}" y="${y0 + hgt + 20}" text-anchor="middle">${String(r.level).replace(/[^\w-]/g, "")}</text>`;
  });
  const ly = y0 + hgt + 44;
  svg += `<rect class="bar-won" x="${left}" y="${ly}" width="14" height="14"/><text x="${left + 20}" y="${ly + 12}">won</text>`;
  svg += `<rect class="bar-lost" x="${left + 80}" y="${ly}" width="14" height="14"/><text x="${left + 100}" y="${ly + 12}">lost</text>`;
  return svg + "</svg>";
}
