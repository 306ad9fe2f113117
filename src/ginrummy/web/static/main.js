/* Gin Rummy in the browser: a thin client. The server holds the game and answers with
   this player's view only; every move is checked there. This module routes the pages.
*/
import { $, el, main, prefs, savePrefs, watchPointer } from "./dom.js";
import { claimedToken, claimLink, PREVIOUS_KEY, TOKEN_KEY } from "./api.js";
import { confirmDialog } from "./dialogs.js";
import { setupPage } from "./setup.js";
import { gamePage, onKey } from "./table.js";
import { stopLive } from "./seats.js";
import { historyPage, replayPage } from "./replay.js";
import { statsPage, rulesPage } from "./stats.js";
import { reviewPage } from "./review.js";
import { play } from "./sound.js";

/* ---------------------------------------------------------------- theme */

export function applyPrefs() {
  const p = prefs();
  document.documentElement.dataset.theme = p.dark ? "dark" : "light";
  document.documentElement.dataset.deck = p.four ? "four" : "two";
  $("#opt-dark").checked = !!p.dark;
  $("#opt-four").checked = !!p.four;
  $("#opt-sound").checked = p.sound !== false;
  $("#opt-speed").value = p.speed || "normal";
}

export async function route() {
  const path = location.pathname;
  if (!path.startsWith("/game/")) stopLive();
  let m;
  try {
    if ((m = path.match(/^\/game\/([\w-]+)$/))) await gamePage(m[1]);
    else if ((m = path.match(/^\/replay\/([\w-]+)$/))) await replayPage(m[1]);
    else if ((m = path.match(/^\/review\/([\w-]+)$/))) await reviewPage(m[1]);
    else if (path === "/history") await historyPage();
    else if (path === "/stats") await statsPage();
    else if ((m = path.match(/^\/rules(?:\/([\w-]+))?$/))) await rulesPage(m[1]);
    else await setupPage();
  } catch (e) {
    main().replaceChildren(el("p", { class: "error", role: "alert" }, e.message));
  }
}

/** A ``#claim=TOKEN`` link (a seat's link, or ``ginrummy history --link``): this browser plays as
    that player from now on; asked first when it already plays as another one, whose own link is
    shown and kept. The token leaves the address at once. */
async function adoptClaim() {
  const token = claimedToken();
  if (!token) return;
  history.replaceState(history.state, "", location.pathname + location.search);
  const mine = localStorage.getItem(TOKEN_KEY);
  if (mine && mine !== token) {
    const body = el("div", {}, el("p", {}, "This link opens the games of another player. Play as that player in this browser?"),
      el("p", {}, "This browser's present player can come back with its own link:"),
      el("input", { readonly: true, value: claimLink("/history", mine), "aria-label": "This browser's present player's link", class: "wide-input" }));
    if (!(await confirmDialog("Switch player", body))) return;
    localStorage.setItem(PREVIOUS_KEY, mine);
  }
  localStorage.setItem(TOKEN_KEY, token);
}

document.addEventListener("DOMContentLoaded", async () => {
  watchPointer();
  applyPrefs();
  $("#opt-dark").addEventListener("change", (ev) => { savePrefs({ dark: ev.target.checked }); applyPrefs(); });
  $("#opt-four").addEventListener("change", (ev) => { savePrefs({ four: ev.target.checked }); applyPrefs(); });
  $("#opt-sound").addEventListener("change", (ev) => { savePrefs({ sound: ev.target.checked }); applyPrefs(); if (ev.target.checked) play("click"); });
  $("#opt-speed").addEventListener("change", (ev) => { savePrefs({ speed: ev.target.value }); applyPrefs(); });
  document.addEventListener("click", (ev) => {
    const menu = $("#settings");
    if (menu.open && !menu.contains(ev.target)) menu.open = false;
  });
  document.documentElement.dataset.motion = "idle";
  document.addEventListener("keydown", onKey);
  window.addEventListener("popstate", route);
  await adoptClaim();
  route();
});
