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
