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
  window.dispatchEvent(new PopStateEvent("popstate"));
}
