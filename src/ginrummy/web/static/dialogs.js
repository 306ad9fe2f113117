/* Dialogs: confirmations, the knock and gin choice. */
import { $, el } from "./dom.js";
import { cardImg } from "./cards.js";
import { table, act } from "./tablestate.js";

export async function confirmDialog(title, body) {
  const dlg = $("#confirm");
  $("#confirm-title").textContent = title;
  $("#confirm-body").replaceChildren(body);
  $("#confirm-ok").textContent = title;
  return new Promise((resolve) => {
    dlg.addEventListener("close", () => resolve(dlg.returnValue === "ok"), { once: true });
    dlg.returnValue = "";
    dlg.showModal();
    $("#confirm-ok").focus();
  });
}

export async function knockFlow(kind) {
  const L = table.game.hand.legal;
  const options = kind === "gin" ? L.gin.map((c) => ({ card: c, deadwood: 0 })) : L.knock;
  if (!options.length) return;
  const sel = table.selected && options.find((o) => o.card === table.selected) ? table.selected : options.slice().sort((a, b) => a.deadwood - b.deadwood)[0].card;
  const body = el("div", {},
    el("p", {}, kind === "gin" ? "Go gin, discarding face down:" : "Knock, discarding face down (deadwood left in brackets):"),
    el("div", { class: "choices", role: "radiogroup" }, options.map((o) =>
      el("label", { class: "choice" },
        el("input", { type: "radio", name: "knock-card", value: o.card, checked: o.card === sel }),
        cardImg(o.card, "small"), kind === "gin" ? "" : ` (${o.deadwood})`))));
  if (await confirmDialog(kind === "gin" ? "Gin" : "Knock", body)) {
    const chosen = $("input[name=knock-card]:checked", body);
    await act(`${kind === "gin" ? "gin" : "knock"} ${chosen ? chosen.value : sel}`);
  }
}

/** End the game now: resign (the other side wins), or against the computer abandon it (neither
    won nor lost); the dialog says which counts. */
export async function endFlow(g) {
  const friend = g.opponent === "person";
  const other = friend ? g.names[1 - g.you] : "the computer";
  const options = [["resign", `Resign: ${other} wins the game${friend ? "." : ". It counts as a loss in your statistics."}`]];
  if (!friend) options.push(["abandon", "Abandon: put the game aside. It counts as neither won nor lost; your statistics list it as abandoned."]);
  const body = el("div", {}, el("p", {}, "End this game now? There is no way back."),
    el("div", { class: "end-choices", role: "radiogroup", "aria-label": "How to end the game" }, options.map(([v, t], i) =>
      el("label", { class: "choice" }, el("input", { type: "radio", name: "end-how", id: `end-${v}`, value: v, checked: i === 0 }), t))));
  if (await confirmDialog(friend ? "Resign" : "End the game", body)) {
    const chosen = $("input[name=end-how]:checked", body);
    await table.send(chosen ? chosen.value : "resign", {}, "lose");
  }
}

export async function bigGinFlow() {
  if (await confirmDialog("Big gin", el("p", {}, "Lay down all 11 cards as big gin?"))) await act("big-gin");
}
