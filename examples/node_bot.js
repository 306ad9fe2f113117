#!/usr/bin/env node
// A ginrummy bot in JavaScript (Node.js, no packages), written from docs/protocol.md alone.
//
//   ginrummy match "cmd:node examples/node_bot.js" simple --games 20
//
// It reads one JSON object a line on standard input and answers `hello` and `act` on standard
// output. Its play: go gin or knock whenever a knock is legal, lay off the engine's best way,
// take the upcard only when it pairs a card in hand, and otherwise discard its highest card that
// pairs nothing (deadwood it would rather not hold).
"use strict";

const RANKS = "A23456789TJQK";
const value = (card) => Math.min(10, RANKS.indexOf(card[0]) + 1);
const rank = (card) => card[0];

function choose(view, legal) {
  const first = (prefix) => legal.find((a) => a === prefix || a.startsWith(prefix + " "));
  const finish = first("big-gin") || first("knock") || first("layoff");
  if (finish) return finish.startsWith("knock") ? bestKnock(legal) : finish;
  const pile = view.discard_pile || [];
  const top = pile[pile.length - 1];
  if (legal.includes("take") && top && view.hand.some((c) => rank(c) === rank(top))) return "take";
  if (legal.includes("draw")) return "draw";
  if (legal.includes("pass")) return "pass";
  const discards = legal.filter((a) => a.startsWith("discard "));
  if (discards.length > 0) {
    const paired = (card) => view.hand.filter((c) => rank(c) === rank(card)).length > 1;
    const cards = discards.map((a) => a.slice(8));
    const loose = cards.filter((c) => !paired(c) && c !== view.taken);
    const pool = loose.length > 0 ? loose : cards;
    pool.sort((a, b) => value(b) - value(a) || RANKS.indexOf(rank(b)) - RANKS.indexOf(rank(a)));
    return "discard " + pool[0];
  }
  return legal[0];
}

function bestKnock(legal) {
  // the engine lays down the best melds for a bare `knock CARD`; knock with the highest card
  const knocks = legal.filter((a) => a.startsWith("knock ")).map((a) => a.split(" ")[1]);
  knocks.sort((a, b) => value(b) - value(a));
  return "knock " + knocks[0];
}

let buffer = "";
process.stdin.setEncoding("utf8");
process.stdin.on("data", (chunk) => {
  buffer += chunk;
  let newline;
  while ((newline = buffer.indexOf("\n")) >= 0) {
    const line = buffer.slice(0, newline);
    buffer = buffer.slice(newline + 1);
    if (line.trim()) handle(JSON.parse(line));
  }
});

function send(message) {
  process.stdout.write(JSON.stringify(message) + "\n");
}

function handle(message) {
  if (message.type === "hello") {
    send({ type: "hello", protocol: 1, name: "node-example", author: "ginrummy examples", variants: ["standard"] });
  } else if (message.type === "act") {
    send({ action: choose(message.view, message.legal) });
  } else if (message.type === "quit") {
    process.exit(0);
  }
}
