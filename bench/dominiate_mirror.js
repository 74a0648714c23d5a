// A Big Money mirror on dominiate (github.com/rspeer/dominiate, the CoffeeScript Dominion simulator),
// for bench/bench_shisoroku.py to run beside kifu's in the same run: compiles
// strategies/BigMoney.coffee once, plays N 2-player games with no logging, and prints
// {"games", "cpu_seconds", "turns_per_player"} as JSON. dominiate's code is not in this repository:
// KIFU_DOMINIATE names a checkout with coffee-script 1.6.3 installed in it
// (`npm install coffee-script@1.6.3` there).
//
//     KIFU_DOMINIATE=/path/to/dominiate node bench/dominiate_mirror.js [games]
"use strict";
const fs = require("fs");
const path = require("path");

const root = process.env.KIFU_DOMINIATE;
if (!root) {
  console.error("KIFU_DOMINIATE must name a dominiate checkout");
  process.exit(2);
}
const coffee = require(path.join(root, "node_modules", "coffee-script"));   // registers .coffee
const {BasicAI} = require(path.join(root, "basicAI.coffee"));
const {State} = require(path.join(root, "gameState.coffee"));

const source = coffee.compile(fs.readFileSync(path.join(root, "strategies", "BigMoney.coffee"), "utf-8"), {bare: true});
const changes = eval(source);                 // the strategy object, compiled once

function player() {
  const ai = new BasicAI();
  Object.assign(ai, changes);
  return ai;
}

const games = Number(process.argv[2] || 200);
const quiet = () => {};
let turns = 0;
const start = process.cpuUsage();
for (let i = 0; i < games; i++) {
  const st = new State().setUpWithOptions([player(), player()],
    {colonies: false, randomizeOrder: true, log: quiet, require: []});
  while (!st.gameIsOver()) st.doPlay();
  turns += st.players.reduce((n, p) => n + p.turnsTaken, 0);
}
const used = process.cpuUsage(start);
console.log(JSON.stringify({games, cpu_seconds: (used.user + used.system) / 1e6, turns_per_player: turns / games / 2}));
