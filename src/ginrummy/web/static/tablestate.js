/* What the table's modules share: the game on show, the player's own choices (hint, display
   order), and the table's actions, which table.js puts in place when it loads. The hand, the
   dialogs and the end of a hand use these instead of importing table.js, so no module imports
   one that imports it back. */

export const table = {
  game: null, busy: false, seenEvents: 0, hand: 0, hint: null, positions: [], custom: null,
  /** Post a move in notation ("discard 7h"); resolves when the table shows the answer. */
  act: async (_action) => {},
  /** Post a versioned request to the game (``path``: "next", "undo", "resign", ...). */
  send: async (_path, _body, _sound) => {},
  /** Show (and announce) a message above the table. */
  showError: (_message) => {},
  /** Draw the table again from the game on show (no motion, the hint kept). */
  rerender: () => {},
};

export const act = (action) => table.act(action);
export const showError = (message) => table.showError(message);
