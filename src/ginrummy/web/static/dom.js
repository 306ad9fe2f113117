/* Small DOM helpers shared by every page: element building, preferences, announcements, navigation. */

export const $ = (sel, root = document) => root.querySelector(sel);
export const main = () => $("#main");

export const PREFS_KEY = "ginrummy.prefs";


export function el(tag, attrs = {}, ...children) {
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

export function prefs() {
  try { return JSON.parse(localStorage.getItem(PREFS_KEY)) || {}; } catch { return {}; }
}

export function savePrefs(changes) {
  localStorage.setItem(PREFS_KEY, JSON.stringify({ ...prefs(), ...changes }));
}

export function announce(text) {
  const live = $("#live");
  live.textContent = "";
  setTimeout(() => { live.textContent = text; }, 30);
}

/** Go to a page of this single-page app (the router listens for popstate). */
export function navigate(path, state = {}) {
  history.pushState(state, "", path);
  window.scrollTo(0, 0);  // a new page shows from its top, as a link's would
  window.dispatchEvent(new PopStateEvent("popstate"));
}

/** Whether the player uses a finger: a coarse primary pointer (a phone, a tablet), or the last
    press was a touch. Sets ``data-pointer`` ("touch" or "mouse") on the page, which hides the
    keyboard badges on touch screens (style.css). */
export function touchInput() {
  return document.documentElement.dataset.pointer === "touch";
}

/** "Tap" on a touch screen, "Click" with a mouse (``lower``: "tap", "click"). */
export function tapWord(lower = false) {
  const w = touchInput() ? "Tap" : "Click";
  return lower ? w.toLowerCase() : w;
}

/** Follow the pointer in use: from the media queries at first, then from each press (a touch
    on any screen; a mouse only where the screen has one that hovers). */
export function watchPointer() {
  const coarse = window.matchMedia && window.matchMedia("(pointer: coarse)").matches;
  document.documentElement.dataset.pointer = coarse || (navigator.maxTouchPoints > 0 && !window.matchMedia("(hover: hover)").matches) ? "touch" : "mouse";
  const hover = window.matchMedia && window.matchMedia("(hover: hover)").matches;
  window.addEventListener("pointerdown", (ev) => {
    if (ev.pointerType === "touch") document.documentElement.dataset.pointer = "touch";
    else if (ev.pointerType === "mouse" && hover) document.documentElement.dataset.pointer = "mouse";
  }, { capture: true, passive: true });
}
