// Reads Rootlog files with the community parser (@seiyria/rootlog-parser) and prints, as one JSON
// object per file, what the tests check: parse errors, players, turns (taker, actions, VP per
// faction) and winners.  Usage: node parse.js GAME.rootlog [...]
'use strict';
const fs = require('fs');
const { parseRootlog } = require('@seiyria/rootlog-parser');

function summary(game) {
  const vp = {};
  const turns = game.turns.map((turn) => {
    for (const action of turn.actions) {
      if (typeof action.vp === 'number') {
        vp[action.faction] = (vp[action.faction] || 0) + action.vp;
      }
    }
    return { taker: turn.taker, actions: turn.actions.length };
  });
  return {
    map: game.map, deck: game.deck, players: game.players, winner: game.winner || [],
    parseErrors: game.parseErrors.map(String), turns, vp,
    battles: game.turns.reduce((n, t) => n + t.actions.filter((a) => a.defender).length, 0),
  };
}

const origError = console.error;
console.error = () => {};  // the parser prints a one-line notice; the errors themselves are returned
const out = {};
for (const path of process.argv.slice(2)) {
  out[path] = summary(parseRootlog(fs.readFileSync(path, 'utf8')));
}
console.error = origError;
process.stdout.write(JSON.stringify(out));
