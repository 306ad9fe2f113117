/* The new-game page. */
import { el, main, prefs, savePrefs, navigate } from "./dom.js";
import { api, TOKEN_KEY } from "./api.js";

export async function setupPage() {
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
  const opponent = el("select", { id: "setup-opponent" },
    el("option", { value: "computer", selected: p.opponent !== "friend" }, "The computer"),
    el("option", { value: "friend", selected: p.opponent === "friend" }, "A friend (you get a link to send)"));
  const error = el("p", { class: "error", role: "alert" });
  const start = el("button", { class: "primary big", id: "start", type: "submit" }, "Deal");
  const form = el("form", { class: "setup", onsubmit: async (ev) => {
    ev.preventDefault();
    const choice = { preset: preset.value, level: level.value, mode: mode.value, name: name.value.trim() || "You", target: Number(target.value) || null, opponent: opponent.value };
    savePrefs(choice);
    start.disabled = true;
    try {
      const data = await api("POST", "/api/games", choice);
      if (data.token) localStorage.setItem(TOKEN_KEY, data.token);
      navigate(`/game/${data.game.id}`, { deal: true });
    } catch (e) {
      error.textContent = e.message;
      start.disabled = false;
    }
  } },
  el("h1", {}, "New game"),
  el("label", { for: "setup-name" }, "Your name"), name,
  el("label", { for: "setup-preset" }, "Rules"), preset, summary,
  el("label", { for: "setup-target" }, "Play to (points)"), target,
  el("label", { for: "setup-opponent" }, "Play against"), opponent,
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
        el("li", {}, el("a", { href: `/game/${g.id}` }, `${g.preset} ${g.mode === "friend" ? "with a friend" : `vs ${g.level}`}, hand ${g.hands}, ${new Date(g.created * 1000).toLocaleString()}`)))));
    }
  }
}
