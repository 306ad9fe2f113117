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

export async function bigGinFlow() {
  if (await confirmDialog("Big gin", el("p", {}, "Lay down all 11 cards as big gin?"))) await act("big-gin");
}
