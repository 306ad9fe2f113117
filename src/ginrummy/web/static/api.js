/* The server's JSON API: every request carries this browser's player token. */

export const TOKEN_KEY = "ginrummy.token";
/** The token this browser used before it adopted another player's link (kept, never sent). */
export const PREVIOUS_KEY = "ginrummy.previous-token";
const TOKEN_RE = /^[A-Za-z0-9_-]{32,128}$/;

/** A link that opens ``path`` as this browser's player in any browser (``#claim=TOKEN``: after the
    ``#``, so it never reaches the server's log); ``null`` before this browser has a player. */
export function claimLink(path = "/history", token = localStorage.getItem(TOKEN_KEY)) {
  return token ? new URL(`${path}#claim=${token}`, location.href).href : null;
}

/** The token of a ``#claim=TOKEN`` link in this page's address, or ``null``. */
export function claimedToken() {
  const m = /^#claim=(.*)$/.exec(location.hash);
  return m && TOKEN_RE.test(m[1]) ? m[1] : null;
}

/** What the player reads when the server cannot be reached (never the browser's "Failed to fetch"). */
export const OFFLINE = "The server cannot be reached right now. Trying again…";

/**
 * One request; resolves to the JSON answer. Rejects with an Error whose ``status`` is the HTTP
 * status (4xx/5xx, the server's message) or 0 when the server could not be reached (``OFFLINE``).
 */
export async function api(method, path, body) {
  const headers = { "Content-Type": "application/json" };
  const token = localStorage.getItem(TOKEN_KEY);
  if (token) headers["X-Player-Token"] = token;
  let res;
  try {
    res = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  } catch {
    const err = new Error(OFFLINE);
    err.status = 0;
    throw err;
  }
  let data = null;
  try { data = await res.json(); } catch { data = { error: `The server answered ${res.status} without a message.` }; }
  if (!res.ok) {
    const err = new Error(data && data.error ? data.error : `The server answered ${res.status}.`);
    err.status = res.status;
    throw err;
  }
  return data;
}
