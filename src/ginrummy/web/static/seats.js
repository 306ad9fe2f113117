/* Two people at one game: the invitation link, joining, live updates from the server
   (server-sent events read with fetch, so the token stays in a header), the other seat's
   presence, the computer taking over an abandoned seat; and the match line (games, SLAM
   points, settlement) for matches of several games. */
import { $, el, main, navigate } from "./dom.js";
import { api, claimLink, TOKEN_KEY } from "./api.js";

const live = { id: null, abort: null, online: [] };

/** Follow the game's event stream; `onTable(table)` gets this seat's table after each change. */
export function startLive(id, onTable) {
  if (live.id === id && live.abort) return;
  stopLive();
  live.id = id;
  const ctrl = new AbortController();
  live.abort = ctrl;
  const run = async (delay) => {
    while (!ctrl.signal.aborted && location.pathname === `/game/${id}`) {
      try {
        const res = await fetch(`/api/games/${id}/events`, {
          headers: { "X-Player-Token": localStorage.getItem(TOKEN_KEY) || "" }, signal: ctrl.signal,
        });
        if (!res.ok) return;
        delay = 500;
        const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
        let buf = "";
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buf += value;
          let cut;
          while ((cut = buf.indexOf("\n\n")) >= 0) {
            const block = buf.slice(0, cut);
            buf = buf.slice(cut + 2);
            const ev = /^event: (.*)$/m.exec(block), data = /^data: (.*)$/m.exec(block);
            if (!ev || !data) continue;
            const payload = JSON.parse(data[1]);
            if (ev[1] === "table") onTable(payload);
            else if (ev[1] === "presence") presence(payload.online);
          }
        }
      } catch (e) {
        if (ctrl.signal.aborted) return;
      }
      await new Promise((r) => setTimeout(r, delay));
      delay = Math.min(delay * 2, 10000);
    }
  };
  run(500);
}

export function stopLive() {
  if (live.abort) live.abort.abort();
  live.abort = null;
  live.id = null;
}

function presence(online) {
  live.online = online;
  const box = $("#seats");
  if (box) box.dispatchEvent(new CustomEvent("presence", { detail: online }));
}

/** The join page of an invitation link (/game/ID?invite=SECRET). */
export async function joinPage(id, invite) {
  document.title = "Gin Rummy: join a game";
  const name = el("input", { id: "join-name", value: "Friend", maxlength: 24, autocomplete: "nickname" });
  const error = el("p", { class: "error", role: "alert" });
  const go = el("button", { class: "primary big", id: "join", type: "submit" }, "Join the game");
  const form = el("form", { class: "setup", onsubmit: async (ev) => {
    ev.preventDefault();
    go.disabled = true;
    try {
      const data = await api("POST", `/api/games/${id}/join`, { invite, name: name.value.trim() || "Friend" });
      if (data.token) localStorage.setItem(TOKEN_KEY, data.token);
      navigate(`/game/${id}`);
    } catch (e) {
      error.textContent = e.message;
      go.disabled = false;
    }
  } }, el("h1", {}, "You are invited to a game of Gin Rummy"),
  el("label", { for: "join-name" }, "Your name"), name, error, go);
  main().replaceChildren(form);
}

/** The seats panel: the invitation link while the other seat is open, whether the other
    player is online, and the takeover (the computer plays their seat) once they have left. */
export function seatsPanel(g, send) {
  if (g.opponent !== "person") return null;
  const other = g.seats[1 - g.you];
  const box = el("section", { class: "seats", id: "seats", "aria-label": "Players" });
  const fill = () => {
    const online = live.online.length ? live.online.includes(other.seat) : other.online;
    const parts = [];
    if (g.invite) {
      const link = new URL(g.invite, location.href).href;
      const input = el("input", { id: "invite-link", readonly: true, value: link, "aria-label": "Invitation link" });
      parts.push(el("p", {}, el("strong", {}, "Invite a friend: "), "send them this link (it works for one browser)."),
        el("div", { class: "invite" }, input, el("button", { type: "button", id: "copy-invite", onclick: async () => {
          input.select();
          try { await navigator.clipboard.writeText(link); } catch { document.execCommand("copy"); }
        } }, "Copy")));
    }
    if (other.kind === "computer") {
      parts.push(el("p", { class: "muted" }, `The computer (${other.level}) plays for ${other.name}${other.took_over ? " since they left" : ""}.`));
    } else if (other.kind === "person") {
      parts.push(el("p", { id: "other-status" }, `${other.name} is `, el("strong", {}, online ? "online" : "offline"), "."));
    }
    if (other.kind !== "computer" && !online && !g.game_over) {
      const level = el("select", { id: "takeover-level", "aria-label": "Computer level" },
        ["beginner", "simple", "strong", "expert"].map((l) => el("option", { value: l, selected: l === "simple" }, l)));
      parts.push(el("p", {}, `If ${other.kind === "open" ? "nobody comes" : other.name + " has left"}, the computer can play that seat: `, level, " ",
        el("button", { type: "button", id: "btn-takeover", onclick: () => send("takeover", { level: level.value }) }, "Let the computer play")));
    }
    const claim = g.game_over ? null : claimBox(`/game/${g.id}`, "Your seat's link", "Open it in another browser, or here after this browser's storage was cleared, to play on in your seat. Keep it private: it plays as you.");
    if (claim) parts.push(claim);
    box.replaceChildren(...parts);
  };
  box.addEventListener("presence", fill);
  fill();
  return box;
}

/** A copyable link to ``path`` that carries this browser's player (``claimLink``): the way back to
    a seat, or to the history, once this browser's storage is cleared or from another browser. */
export function claimBox(path, title, text) {
  const link = claimLink(path);
  if (!link) return null;
  const input = el("input", { id: "claim-link", readonly: true, value: link, "aria-label": "Your link to come back" });
  return el("details", { class: "claim-box", id: "claim-box" }, el("summary", {}, title), el("p", {}, text), el("div", { class: "claim" }, input,
    el("button", { type: "button", id: "copy-claim", onclick: async () => {
      input.select();
      try { await navigator.clipboard.writeText(link); } catch { document.execCommand("copy"); }
    } }, "Copy")));
}

/** The match line: game N of the match, games won or totals, SLAM points, and the settlement. */
export function matchBox(g) {
  const m = g.match;
  if (!m) return null;
  const names = g.names;
  const score = m.kind === "best-of"
    ? `Games won: ${names[0]} ${m.games_won[0]}, ${names[1]} ${m.games_won[1]} (${m.wins_needed} needed)`
    : `Match totals: ${names[0]} ${m.totals[0]}, ${names[1]} ${m.totals[1]} (to ${m.target})`;
  const slam = m.slam_points ? ` · SLAM points: ${names[0]} ${m.slam_points[0]}, ${names[1]} ${m.slam_points[1]}` : "";
  return el("section", { class: "match", id: "match", "aria-label": "The match" },
    el("p", {}, el("strong", {}, `Game ${m.game} of the match`), ` (${m.describe}). `, score, slam),
    m.settlement ? el("p", { id: "settlement" }, el("strong", {}, m.settlement)) : null,
    el("details", {}, el("summary", {}, "Match sheet"), el("pre", { class: "match-sheet" }, m.text)));
}

/** Team play: how it is played; once this table's pairing is over, every pairing and the teams' totals. */
export function teamBox(g) {
  const t = g.team;
  if (!t) return null;
  if (!t.played) return el("section", { class: "match", id: "team", "aria-label": "Team play" }, el("p", {}, el("strong", {}, "Team play: "), t.describe, "."));
  const rows = t.pairings.map((p, i) => el("tr", {}, el("td", {}, `${i + 1}`), el("td", {}, p.names.join(" v ")),
    el("td", {}, `${p.totals[0]} – ${p.totals[1]}`), el("td", {}, p.winner === null ? "drawn" : p.names[p.winner])));
  const head = t.winner === null ? `The teams are level, ${t.totals[0]} all` : `${t.team_names[t.winner]} wins, ${t.totals[t.winner]} to ${t.totals[1 - t.winner]}`;
  return el("section", { class: "match", id: "team", "aria-label": "Team play" },
    el("p", {}, el("strong", { id: "team-line" }, head), t.team_bonus[0] || t.team_bonus[1] ? ` (team bonus ${t.team_bonus[0] || t.team_bonus[1]})` : ""),
    el("table", { class: "sheet" }, el("thead", {}, el("tr", {}, ["Pairing", "Players", "Totals", "Winner"].map((x) => el("th", { scope: "col" }, x)))), el("tbody", {}, rows)),
    t.settlement ? el("p", {}, el("strong", {}, t.settlement)) : null,
    el("details", {}, el("summary", {}, "Team sheet"), el("pre", { class: "match-sheet" }, t.text)));
}
