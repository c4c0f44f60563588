// nimlab web lab: the Play page. The whole game lives in the URL:
// /play/GAME?position=P&<game options>&moves=m1,m2,...&at=K&vs=LEVEL|none&first=me|computer
// (LEVEL: perfect, errs-P, ahead-K or easy; see LEVEL_ABOUT)
"use strict";

const MAX_TOKENS = 40;                 // as the CLI's play: longer piles are drawn cut
const LIST_DIGITS = 5;                 // positions with a number of more digits: no move list

function tooBig(position, digits) {
  return (position.match(/\d+/g) || []).some(n => n.length > digits);
}
const GAME = decodeURIComponent(location.pathname.split("/")[2] || "");
const TAKE_GAMES = ["nim", "wythoff", "fibonacci", "end-nim", "subtraction", "cash"];
const SHARE_GAMES = ["sharing", "graph-nim"];
// the games whose moves a click on a token can say; a game of one's own (nimlab serve --rules)
// is played from the list of its moves or by typing one
const TOKEN_GAMES = ["nim", "wythoff", "sharing", "graph-nim", "end-nim", "fibonacci",
                     "subtraction", "cash"];
const NOTATION = {
  "end-nim": "L-K or R-K: take K coins from the left or right end pile",
  "graph-nim": "U>V:K: move K tokens from pile U to pile V (click a token, then the target pile)",
  "sharing": "U>V:K: move K tokens from pile U to pile V (click a token, then the target pile)",
  "subtraction": "K: remove K stones", "cash": "K: remove K stones (it costs K dollars)",
  "wythoff": "P-K: take K from pile P, or both-K: take K from both piles (with --a A: both-X-Y, X from pile 1 and Y from pile 2, |X - Y| < A)",
  "fibonacci": "P-K: take K chips from pile P", "nim": "P-K: take K tokens from pile P",
};

// The computer's levels (nimlab play --level), said in a sentence each.
const LEVEL_ABOUT = {
  "perfect": "Perfect: never gives away a win; it plays a winning move whenever there is one.",
  "errs-10": "Errs 10 %: plays perfectly, but each of its moves is a random one with probability 10 %.",
  "errs-25": "Errs 25 %: plays perfectly, but each of its moves is a random one with probability 25 %.",
  "errs-50": "Errs 50 %: plays perfectly, but each of its moves is a random one with probability 50 %.",
  "ahead-1": "Looks 1 move ahead: takes a win it can make at once, and otherwise plays at random, " +
    "avoiding a move that loses on the spot.",
  "ahead-2": "Looks 2 moves ahead: takes a win it can force within 2 moves, avoids a move after " +
    "which you can win at once, and otherwise plays at random.",
  "ahead-3": "Looks 3 moves ahead: takes a win it can force within 3 moves, avoids a move after " +
    "which you can force one within 2, and otherwise plays at random.",
  "easy": "Easy: plays a random legal move.",
  "none": "Off: two players at one screen, the computer does not play.",
};

let S = null;                           // the state read from the URL
const cache = new Map();                // API answers by request
let picked = null;                      // sharing: {pile, k} chosen, waiting for a target pile
let renderNumber = 0;
let pending = false;                    // a move is on its way: input is ignored until it is back
let refocus = null;                     // after a move: selectors of the controls focus goes to
let placed = null;                      // the control focus was last put on by placeFocus()

function cached(path, params) {
  const key = path + "?" + JSON.stringify(params);
  if (!cache.has(key)) {
    const promise = api(path, params);
    cache.set(key, promise);
    promise.catch(() => cache.delete(key));
  }
  return cache.get(key);
}

function readUrl() {
  const q = new URLSearchParams(location.search);
  const options = {};
  for (const k of GAME_OPTIONS) if (q.get(k)) options[k] = q.get(k);
  let position = (q.get("position") || "").trim();
  // The position's suffix (previous removal, budgets) follows "/" (";" is the older form).
  if (GAME === "fibonacci" && options.last !== undefined && !/[;/]/.test(position)) {
    position += "/" + options.last; delete options.last;
  }
  if (GAME === "cash" && options.budgets !== undefined && !/[;/]/.test(position)) {
    position += "/" + options.budgets; delete options.budgets;
  }
  const moves = q.get("moves") ? q.get("moves").split(",").filter(m => m) : [];
  let at = q.has("at") ? parseInt(q.get("at"), 10) : moves.length;
  if (!(at >= 0 && at <= moves.length)) at = moves.length;
  const vs = q.get("vs") in LEVEL_ABOUT ? q.get("vs") : "perfect";
  const first = q.get("first") === "computer" ? "computer" : "me";
  const seed = parseInt(q.get("seed") || "1", 10) || 1;
  return {position, options, moves, at, vs, first, seed, values: q.get("values") === "1",
          positions: [position], steps: [], over: null};
}

function urlOf(state) {
  const q = new URLSearchParams({position: state.position});
  for (const [k, v] of Object.entries(state.options)) q.set(k, v);
  if (state.moves.length) q.set("moves", state.moves.join(","));
  if (state.at < state.moves.length) q.set("at", state.at);
  if (state.vs !== "perfect") q.set("vs", state.vs);
  if (state.first !== "me") q.set("first", state.first);
  if (state.values) q.set("values", "1");
  return `/play/${encodeURIComponent(GAME)}?${q}`;
}

function writeUrl(push) {
  const url = urlOf(S);
  if (url === location.pathname + location.search) return;
  if (push) history.pushState(null, "", url); else history.replaceState(null, "", url);
}

function mover(i) {
  if (S.vs === "none") return i % 2 === 0 ? "Player 1" : "Player 2";
  return (i % 2 === 0) === (S.first === "me") ? "you" : "computer";
}

function otherOf(name) {
  return {"you": "computer", "computer": "you", "Player 1": "Player 2",
          "Player 2": "Player 1"}[name];
}

function showProblem(text) {
  const box = document.getElementById("problem");
  box.textContent = text || "";
  box.hidden = !text;
}

// ---------------------------------------------------------------- replaying the URL
function gameOf(moves) {
  // the game replayed on the server: every move checked from the position it is played in
  return cached("play/game", {game: GAME, position: S.position, moves: moves.join(","),
                              ...S.options});
}

function adopt(game) {
  S.positions = game.positions;
  S.steps = game.steps;
  S.moves = game.steps.map(step => step.notation);
  S.over = game.over;
}

async function replay() {
  try {
    adopt(await gameOf(S.moves));
  } catch (error) {
    const bad = /^move (\d+) /.exec(error.message);
    if (!bad) throw error;
    // the link holds an illegal move: the game stops before it, said so, and nobody (least of
    // all the computer) plays on from there until the user moves or starts again
    S.refused = `This link's game is refused: ${error.message}. It is shown up to the move ` +
      "before; the computer does not play on. Undo, play a move yourself, or start a new game.";
    S.moves = S.moves.slice(0, parseInt(bad[1], 10) - 1);
    adopt(await gameOf(S.moves));
  }
  S.at = Math.min(S.at, S.moves.length);
}

function overInfo(at) {
  // the game ends at the last position reached, when the server says it is over
  if (!S.over || at !== S.positions.length - 1) return null;
  const first = mover(0), second = otherOf(first);
  const winner = S.over.winner === 0 ? first : second;
  const reason = S.over.reason.replace(/\{0\}/g, first).replace(/\{1\}/g, second);
  return {winner, reason};
}

// ---------------------------------------------------------------- drawing
function parsePosition(text) {
  if (GAME === "cash") {
    const [n, money] = text.split(/[;/]/);
    const [d1, d2] = (money || "").split(",");
    return {piles: [n], mover: d1, waiting: d2};
  }
  if (GAME === "fibonacci") {
    const [piles, last] = text.split(/[;/]/);
    return {piles: piles ? piles.split(",") : [], last: last === undefined ? "0" : last};
  }
  return {piles: text === "" ? [] : text.split(",")};
}

function fibonacciLimit(last) {
  // floor(R * last) for the factor R written as an integer, a decimal or a fraction p/q
  const text = (S.options.factor || "2").trim();
  let p, q;
  if (text.includes("/")) { [p, q] = text.split("/").map(s => BigInt(s.trim())); }
  else if (text.includes(".")) {
    const [a, b] = text.split(".");
    q = 10n ** BigInt(b.length); p = BigInt(a || "0") * q + BigInt(b);
  } else { p = BigInt(text); q = 1n; }
  return (p * BigInt(last)) / q;
}

function pileName(i, count) {
  if (GAME === "cash" || GAME === "subtraction") return "heap";
  return `pile ${i + 1}`;
}

function moveForTokens(i, k, count) {
  if (GAME === "end-nim") return (i === 0 ? "L-" : "R-") + k;
  if (GAME === "cash" || GAME === "subtraction") return String(k);
  return `${i + 1}-${k}`;
}

function targetsOf(piles, u, k) {
  // Sharing Nim and Graph Nim: the piles that may receive k tokens of pile u, by the rules
  // (the paper's: after the move the receiving pile holds no more than the source pile, so
  // 2k <= piles[u] - piles[v]; Graph Nim: along an edge u-v of --edges only)
  const routes = GAME === "graph-nim" && S.options.edges
    ? S.options.edges.split(",").map(e => e.split("-").map(x => parseInt(x, 10) - 1))
      .filter(([a]) => a === u).map(([, b]) => b)
    : piles.map((_, v) => v).filter(v => v !== u);
  const source = BigInt(piles[u]);
  return routes.filter(v => v >= 0 && v < piles.length && v !== u &&
                            2n * k <= source - BigInt(piles[v]));
}

function tokenRow(i, size, live, piles) {
  const row = el("div", {class: "tokens"});
  const big = BigInt(size);
  const shares = SHARE_GAMES.includes(GAME);
  const shown = big > BigInt(MAX_TOKENS) ? MAX_TOKENS : Number(big);
  for (let j = 0; j < shown; j++) {
    // clicking token j takes it and every token after it: the whole pile from the first one,
    // except when a long pile is drawn cut in a sharing game, where the drawn tokens are the
    // pile's last ones (a share is at most half the pile)
    const k = shares && big > BigInt(MAX_TOKENS) ? BigInt(shown - j) : big - BigInt(j);
    // a share is offered only when some pile may legally receive it
    const can = live && (!shares || targetsOf(piles, i, k).length > 0);
    const label = SHARE_GAMES.includes(GAME) ? `pick ${k} token(s) of ${pileName(i)} to move`
                                             : `take ${k} from ${pileName(i)}`;
    const token = el("button", {class: "token" + (can ? " live" : ""), type: "button",
      "data-pile": i, "data-k": String(k), title: can ? label : null,
      "aria-label": can ? label : `token of ${pileName(i)}`, disabled: !can || null,
      "aria-pressed": shares && can
        ? String(!!(picked && picked.pile === i && picked.k === k)) : null,
      // while tokens are picked, Tab goes from target to target (Escape cancels the pick)
      tabindex: picked ? "-1" : null});
    if (can) {
      token.addEventListener("mouseenter", () => {
        [...row.children].forEach((t, n) => t.classList && t.classList.toggle("hot", n >= j));
      });
      token.addEventListener("mouseleave", () => {
        [...row.children].forEach(t => t.classList && t.classList.remove("hot"));
      });
      token.addEventListener("click", event => { event.stopPropagation(); tokenClicked(i, k); });
    }
    if (picked && picked.pile === i && k <= picked.k) token.classList.add("picked");
    row.append(token);
  }
  if (big > BigInt(MAX_TOKENS)) row.append(el("span", {class: "more"}, "\u2026"));
  return row;
}

function drawBoard(position, live) {
  const board = document.getElementById("board");
  board.replaceChildren();
  if (position === "" && GAME === "end-nim") {
    board.append(el("p", {class: "facts"}, "row: (empty)"));
    return;
  }
  const p = parsePosition(position);
  if (GAME === "end-nim") {
    board.append(el("div", {class: "facts"}, "row, left to right: ",
                    el("b", {}, p.piles.join(" | "))));
    const row = el("div", {class: "end-row"});
    p.piles.forEach((size, i) => {
      const end = i === 0 || i === p.piles.length - 1;
      const label = i === 0 ? "left end" : i === p.piles.length - 1 ? "right end" : "";
      const pile = el("div", {class: "end-pile" + (end ? " end" : "")},
        el("span", {class: "label"}, `${size}${label ? " · " + label : ""}`));
      const tokens = tokenRow(i, size, live && end, p.piles);
      tokens.style.flexDirection = "column-reverse";
      pile.append(tokens);
      row.append(pile);
    });
    board.append(row);
    return;
  }
  p.piles.forEach((size, i) => {
    const pile = el("div", {class: "pile", "data-pile": i, role: "group",
                            "aria-label": `${pileName(i)}: ${size}`},
      el("span", {class: "name"}, pileName(i)),
      tokenRow(i, size, live && TOKEN_GAMES.includes(GAME), p.piles),
      el("span", {class: "count"}, `(${size})`));
    if (picked && live && targetsOf(p.piles, picked.pile, picked.k).includes(i)) {
      pile.classList.add("target");
      const drop = () => {
        const move = `${picked.pile + 1}>${i + 1}:${picked.k}`;
        refocus = [`#board .token.live[data-pile="${picked.pile}"]:not(:disabled)`];
        picked = null;
        userMove(move);
      };
      pile.addEventListener("click", drop);
      pile.append(el("button", {type: "button", class: "drop", "data-target": i,
        onclick: event => { event.stopPropagation(); drop(); }},
        `move ${picked.k} here`));
    }
    board.append(pile);
  });
  const facts = el("div", {class: "facts"});
  if (GAME === "fibonacci") {
    facts.append(p.last === "0"
      ? "first move: take any number of chips from one pile, but not all of it"
      : el("span", {}, "previous removal: ", el("b", {}, p.last), "; limit: at most ",
           el("b", {}, String(fibonacciLimit(p.last))), " chips from one pile"));
  }
  if (GAME === "cash" || GAME === "subtraction") {
    facts.append(el("div", {}, `removals allowed: ${(S.options.set || "").split(",").join(", ")}`));
  }
  if (GAME === "cash") {
    const toMove = mover(S.at);
    const money = {[toMove]: p.mover, [otherOf(toMove)]: p.waiting};
    const names = S.vs === "none" ? ["Player 1", "Player 2"] : ["you", "computer"];
    board.append(el("div", {class: "purses"}, names.map(name =>
      el("div", {class: "purse" + (name === toMove ? " tomove" : "")},
         `${name}: `, el("b", {}, `$${money[name]}`)))));
    facts.append(el("div", {}, "removing a stones costs a dollars; Player I is the player to move"));
  }
  if (GAME === "graph-nim" && S.options.edges) {
    facts.append(`tokens may move along: ${S.options.edges.split(",").map(e => {
      const [u, v] = e.split("-").map(Number); return `${u}>${v}`; }).join(", ")}`);
  }
  if (facts.childNodes.length) board.append(facts);
}

function placeFocus() {
  // after a move the control used is redrawn or disabled: focus goes to the first control of
  // `refocus` there is (never to <body>), and again after the computer's reply
  if (!refocus) return;
  const now = document.activeElement;
  if (now && now !== document.body && now !== placed && document.contains(now)) {
    refocus = null;                     // the user has moved on
    return;
  }
  const wanted = [...refocus, "#board .token.live:not(:disabled)", "#moves button:not(:disabled)",
                  "#undo:not(:disabled)", "#move-text"];
  for (const selector of wanted) {
    const found = [...document.querySelectorAll(selector)];
    const node = selector.includes(".token") ? found.at(-1) : found[0];
    if (node) { node.focus(); placed = node; break; }
  }
  if (yourTurn() || overInfo(S.at)) refocus = null;
}

function tokenClicked(i, k) {
  if (SHARE_GAMES.includes(GAME)) {
    picked = picked && picked.pile === i && picked.k === k ? null : {pile: i, k};
    drawBoard(S.positions[S.at], true);
    document.getElementById("notation").textContent = picked
      ? `Moving ${picked.k} token(s) from pile ${i + 1}: choose the pile that receives them ` +
        "(click it, or its \u201cmove here\u201d button); Escape cancels."
      : NOTATION[GAME];
    const first = document.querySelector("#board button.drop");
    if (picked && first) first.focus();
    return;
  }
  const size = parsePosition(S.positions[S.at]).piles[i];
  refocus = [`#board .token.live[data-pile="${i}"]:not(:disabled)`];
  userMove(moveForTokens(i, k, size));
}

// ---------------------------------------------------------------- moves
function yourTurn() {
  return !pending && !overInfo(S.at) &&
    (S.vs === "none" || mover(S.at) === "you" || !!S.refused);
}

function setBusy(busy) {
  // while a move is on its way every control that plays is disabled (a second click is ignored)
  pending = busy;
  document.body.classList.toggle("busy", busy);
  document.getElementById("board").setAttribute("aria-busy", String(busy));
  for (const button of document.querySelectorAll("#board button, #moves button, #play-hint"))
    if (busy) button.disabled = true;          // redrawn by render() once the move is back
  document.getElementById("move-play").disabled = busy;
  document.getElementById("move-text").readOnly = busy;
}

async function playMoves(moves, push) {
  // ask the server for the game after `moves` (checked there); the page changes only if legal
  setBusy(true);
  try {
    adopt(await gameOf(moves));
  } catch (error) {
    showProblem(error.message.replace(/^move \d+ \((.*?)\) from (.*?) is illegal: /,
                                      "illegal move '$1' from $2: "));
    return false;
  } finally {
    setBusy(false);
  }
  showProblem("");
  S.at = S.moves.length;
  writeUrl(push);
  await render();
  return true;
}

async function userMove(text) {
  text = (text || "").trim();
  if (!text || pending) return;
  if (S.refused) S.refused = null;              // the user plays on: a game of their own
  else if (!yourTurn()) {
    showProblem(overInfo(S.at) ? "The game is over." : "Wait: the computer is to move.");
    return;
  }
  picked = null;
  if (await playMoves(S.moves.slice(0, S.at).concat([text]), true))
    document.getElementById("move-text").value = "";
}

async function computerTurn(number) {
  const at = S.at;
  const position = S.positions[at];
  let step;
  setBusy(true);
  try {
    step = await api("play/computer", {game: GAME, position, level: S.vs, seed: S.seed + at,
                                       ...S.options});
  } catch (error) {
    showProblem(`The computer could not move: ${error.message}`);
    return;
  } finally {
    setBusy(false);
  }
  if (number !== renderNumber || S.at !== at || S.moves.length !== at) return;
  await playMoves(S.moves.concat([step.notation]), false);
}

function undo() {
  if (S.at === 0 || pending) return;
  S.at -= 1;
  while (S.at > 0 && S.vs !== "none" && mover(S.at) === "computer") S.at -= 1;
  picked = null;
  writeUrl(true);
  render();
}

function redo() {
  if (S.at >= S.moves.length || pending) return;
  S.at += 1;
  while (S.at < S.moves.length && S.vs !== "none" && mover(S.at) === "computer") S.at += 1;
  picked = null;
  writeUrl(true);
  render();
}

// ---------------------------------------------------------------- panels
async function showMoves(position, number) {
  const box = document.getElementById("moves");
  const note = document.getElementById("moves-note");
  box.replaceChildren();
  note.textContent = "";
  document.getElementById("remoteness-note").textContent = "";
  if (overInfo(S.at)) { note.textContent = "No moves: the game is over."; return; }
  if (tooBig(position, LIST_DIGITS)) {
    note.textContent = "The piles are too large to list every move: type a move, click a token, or ask for the hint.";
    showRemoteness(position, number);
    return;
  }
  let data;
  try {
    data = await cached("moves", {game: GAME, position, ...S.options});
  } catch (error) {
    if (number === renderNumber)
      note.textContent = `The moves are not listed here (${error.message}). Type a move, or ask for the hint.`;
    return;
  }
  if (number !== renderNumber) return;
  const live = yourTurn();
  for (const option of data.moves) {
    const cls = S.values ? (option.winning ? "win" : "lose") : "";
    const button = el("button", {class: cls, type: "button", disabled: !live || null,
      title: `${option.move} \u2192 ${option.to}` +
             (S.values ? ` (value ${option.value}${option.winning ? ", winning" : ""})` : ""),
      "data-notation": option.notation,
      onclick: () => { refocus = ["#moves button:not(:disabled)"]; userMove(option.notation); }},
      option.notation, S.values ? el("small", {}, `= ${option.value}`) : null,
      el("small", {class: "far"}, ""));
    box.append(button);
  }
  if (!data.moves.length) {
    lastMoveOnly(position, box, note, live);
    showRemoteness(position, number);
    return;
  }
  note.textContent = S.values
    ? `Green moves lead to a P-position (value 0): they win. This position has value ${data.value} (${data.outcome}).`
    : `${data.moves.length} legal move(s). Tick the box to colour them by outcome.`;
  placeFocus();
  showRemoteness(position, number);
}

async function lastMoveOnly(position, box, note, live) {
  // misere play: every move left ends the game, and the player who makes it loses; the
  // listing leaves such moves out, so the one to play is named here (the hint's stalling move)
  let hint = null;
  try { hint = await cached("hint", {game: GAME, position, ...S.options}); } catch (error) { /* none */ }
  if (!hint || !hint.stalling_notation || S.positions[S.at] !== position) {
    note.textContent = "No legal move.";
    return;
  }
  box.append(el("button", {type: "button", class: S.values ? "lose" : "", disabled: !live || null,
    "data-notation": hint.stalling_notation, title: `${hint.stalling_move} \u2192 the end`,
    onclick: () => { refocus = ["#undo:not(:disabled)"]; userMove(hint.stalling_notation); }},
    hint.stalling_notation, el("small", {class: "far"}, "")));
  note.textContent = `Only a last move is left: ${hint.stalling_notation} ends the game, and in ` +
    "mis\u00e8re play the player who makes the last move loses.";
  placeFocus();
}

function farText(outcomeAfter, moves) {
  // a move to a position with this outcome and remoteness, said for the player who makes it
  return outcomeAfter === "P" ? `wins in ${moves}` : `loses in ${moves}`;
}

async function showRemoteness(position, number) {
  // moves to the end with perfect play, on every listed move; "unknown" when out of reach
  const note = document.getElementById("remoteness-note");
  let data;
  try {
    data = await cached("remoteness", {game: GAME, position, ...S.options});
  } catch (error) {
    if (number === renderNumber) note.textContent = `Remoteness unknown: ${error.message}`;
    return;
  }
  if (number !== renderNumber) return;
  const byMove = new Map(data.moves.map(m => [m.notation, m]));
  for (const button of document.querySelectorAll("#moves button")) {
    const found = byMove.get(button.dataset.notation);
    const far = button.querySelector("small.far");
    if (!found || !far) continue;
    const text = farText(found.outcome, found.remoteness + 1);
    far.textContent = text;
    button.dataset.remoteness = String(found.remoteness);
    button.title += ` \u2014 with perfect play the mover ${text} move(s)`;
  }
  note.textContent = data.remoteness === null
    ? data.note
    : `Remoteness: with perfect play this game ends in ${data.remoteness} move(s) ` +
      `(the winner wins as fast as it can, the loser loses as slowly as it can); ` +
      `each move shows how it ends for the player who makes it.`;
}

async function showHint() {
  const box = document.getElementById("hint");
  box.replaceChildren(el("p", {class: "note"}, "Thinking…"));
  const position = S.positions[S.at];
  if (overInfo(S.at)) { box.replaceChildren(el("p", {}, "The game is over.")); return; }
  let data;
  try {
    data = await cached("hint", {game: GAME, position, ...S.options});
  } catch (error) {
    box.replaceChildren(el("div", {class: "error"}, error.message));
    return;
  }
  if (S.positions[S.at] !== position) return;
  const parts = [];
  parts.push(el("div", {class: "row"}, el("span", {class: `pill ${data.outcome}`},
    data.outcome === "N" ? "N-position: the player to move wins" : "P-position: the player to move loses"),
    data.value !== null && data.value !== undefined ? el("span", {class: "note"}, `value ${data.value}`) : null));
  if (data.move) {
    parts.push(el("div", {class: "move"}, `Winning move: ${data.notation}`,
      el("span", {class: "note"}, ` (${data.move}, to ${data.to})`)));
    if (yourTurn()) parts.push(el("button", {class: "primary", type: "button", id: "play-hint",
      onclick: () => { refocus = ["#hint-button:not(:disabled)"]; userMove(data.notation); }},
      `Play ${data.notation}`));
  } else if (data.stalling_notation) {
    parts.push(el("div", {class: "move"}, "No winning move",
      el("span", {class: "note"}, ` (stalling move: ${data.stalling_notation})`)));
  }
  parts.push(el("p", {class: "why"}, data.explanation));
  const far = el("p", {class: "note", id: "hint-remoteness"}, "Remoteness: computing\u2026");
  parts.push(far);
  cached("remoteness", {game: GAME, position, ...S.options}).then(r => {
    if (r.remoteness === null) { far.textContent = r.note; return; }
    const mine = r.moves.find(m => m.notation === data.notation);
    // the move perfect play by remoteness picks: the fastest win, or the slowest loss
    const best = r.moves.filter(m => m.remoteness + 1 === r.remoteness &&
                                     (r.outcome === "N") === (m.outcome === "P"))[0];
    far.textContent = `With perfect play the game ends in ${r.remoteness} move(s): the player to ` +
      `move ${r.outcome === "N" ? "wins" : "loses"}` +
      (mine ? `; ${data.notation} ${farText(mine.outcome, mine.remoteness + 1)}` : "") +
      (best ? `; the ${r.outcome === "N" ? "fastest win" : "slowest loss"} is ${best.notation}.` : ".");
  }).catch(error => { far.textContent = `Remoteness unknown: ${error.message}`; });
  parts.push(el("div", {class: "source"}, `Source: ${data.source}` +
                (data.method ? ` · method: ${data.method}` : "")));
  box.replaceChildren(...parts);
}

function outcomeAfter(i) {
  // the outcome of positions[i] for the player to move there ("N" or "P"); null if unknown
  const over = overInfo(i);
  if (over) return over.winner === mover(i) ? "N" : "P";
  return null;
}

const ALTERNATIVES_UP_TO = 80;          // positions in a game whose alternatives are drawn

async function historyOf(outcomes, values, number) {
  // every position of the game with its value and remoteness, and at each turn every move
  // that could have been played there (its value and remoteness, the one played marked);
  // what the server cannot answer within its budget is left out (null)
  const turns = [];
  const many = S.positions.length > ALTERNATIVES_UP_TO;
  for (let i = 0; i < S.positions.length; i++) {
    const position = S.positions[i];
    let far = null, options = [];
    if (!many && !tooBig(position, LIST_DIGITS)) {
      try {
        const [listed, remote] = await Promise.all([
          cached("moves", {game: GAME, position, ...S.options}),
          cached("remoteness", {game: GAME, position, ...S.options})]);
        far = remote.remoteness;
        const byMove = new Map(remote.moves.map(m => [m.notation, m]));
        options = i < S.steps.length ? listed.moves.map(m => ({notation: m.notation,
          value: m.value, outcome: m.winning ? "P" : "N",
          remoteness: byMove.has(m.notation) ? byMove.get(m.notation).remoteness : null,
          chosen: m.notation === S.steps[i].notation})) : [];
      } catch (error) { /* out of the budget: no remoteness, no alternatives */ }
    }
    if (number !== renderNumber) return null;
    turns.push({value: values[i], outcome: outcomes[i], remoteness: far, options});
  }
  return turns;
}

async function showHistory(number) {
  const list = document.getElementById("history");
  list.replaceChildren();
  const start = document.getElementById("start-item");
  const goTo = at => () => { if (pending) return; S.at = at; picked = null; writeUrl(true); render(); };
  start.replaceChildren(el("button", {type: "button", class: "jump", onclick: goTo(0),
    "aria-current": S.at === 0 ? "step" : null},
    `start: `, el("span", {class: "mono"}, S.position || "(empty)")));
  start.classList.toggle("current", S.at === 0);
  S.steps.forEach((step, i) => {
    const item = el("li", {class: (i >= S.at ? "future" : "") + (i + 1 === S.at ? " current" : ""),
      "data-index": i},
      el("button", {type: "button", class: "jump", onclick: goTo(i + 1),
                    "aria-current": i + 1 === S.at ? "step" : null},
        `${mover(i)}: `, el("b", {class: "mono"}, step.notation), ` \u2014 ${step.move} \u2192 `,
        el("span", {class: "mono"}, step.to || "(empty)")));
    list.append(item);
  });
  const note = document.getElementById("mistake");
  note.textContent = S.steps.length ? "Looking for the first mistake…" : "";
  // outcomes and values of every position of the game, from the hint (closed forms or the solver)
  const outcomes = [], values = [];
  for (let i = 0; i <= S.steps.length; i++) {
    let outcome = outcomeAfter(i), value = outcome === "P" ? 0 : null;
    if (outcome === null) {
      try {
        const hint = await cached("hint", {game: GAME, position: S.positions[i], ...S.options});
        outcome = hint.outcome;
        value = hint.value === undefined ? null : hint.value;
      } catch (error) { outcome = null; }
    }
    if (number !== renderNumber) return;
    outcomes.push(outcome);
    values.push(value);
  }
  const turns = await historyOf(outcomes, values, number);
  if (!turns || number !== renderNumber) return;
  drawChart(turns, mover, S.at);
  for (let i = 0; i < S.steps.length; i++) {
    if (outcomes[i] === "N" && outcomes[i + 1] === "N") {
      const item = list.querySelector(`li[data-index="${i}"]`);
      item.classList.add("mistake");
      item.append(" ", el("span", {class: "tag"}, "\u2190 first mistake: gave away the win"));
      note.textContent = `Move ${i + 1} (${S.steps[i].notation}) by ${mover(i)} gave away the win: ` +
        `${S.positions[i]} was an N-position, and ${S.positions[i + 1] || "(empty)"} is one for the opponent.`;
      return;
    }
  }
  if (S.steps.length) {
    note.textContent = outcomes.includes(null)
      ? "No mistake found among the positions that could be solved."
      : "No mistake: nobody gave away a win.";
  }
}

// ---------------------------------------------------------------- the page
async function render() {
  const number = ++renderNumber;
  try {
    await replay();
  } catch (error) {
    showProblem(error.message);
    document.getElementById("status").textContent = "This game cannot be shown.";
    return;
  }
  if (number !== renderNumber) return;
  const position = S.positions[S.at];
  const over = overInfo(S.at);
  const status = document.getElementById("status");
  status.classList.toggle("over", !!over);
  if (over) {
    status.replaceChildren(over.winner === "you" ? "You win! " : over.winner === "computer"
      ? "The computer wins. " : `${over.winner} wins. `, el("span", {class: "note"}, `(${over.reason})`));
  } else {
    status.replaceChildren(`${position || "(empty)"} \u2014 `,
      el("b", {}, S.refused ? "stopped before the link's illegal move" : S.vs === "none"
        ? `${mover(S.at)} to move` : mover(S.at) === "you" ? "your move" : "the computer is thinking…"));
    cached("hint", {game: GAME, position, ...S.options}).then(data => {
      if (number !== renderNumber) return;
      status.append(" ", el("span", {class: `pill ${data.outcome}`, id: "outcome"},
        data.outcome === "N" ? "N: the player to move can win" : "P: the player to move loses"));
    }).catch(() => {});
  }
  drawBoard(position, yourTurn() && TAKE_GAMES.concat(SHARE_GAMES).includes(GAME));
  document.getElementById("undo").disabled = S.at === 0;
  document.getElementById("redo").disabled = S.at >= S.moves.length;
  document.getElementById("hint-button").disabled = !!over;
  document.getElementById("notation").textContent = `Moves are written ${NOTATION[GAME] || "as the CLI does"}. Keys: \u2190 undo, \u2192 redo, h hint.`;
  document.getElementById("show-values").checked = S.values;
  document.getElementById("hint").replaceChildren(el("p", {class: "note"},
    "Press Hint: why? for the winning move and the theorem that proves it."));
  placeFocus();
  showMoves(position, number);
  showHistory(number);
  if (S.refused) showProblem(S.refused);
  else if (!over && S.vs !== "none" && mover(S.at) === "computer" && S.at === S.moves.length)
    computerTurn(number);
}

async function setupForm() {
  const form = document.getElementById("setup");
  form.position.value = S.position;
  form.vs.value = S.vs;
  const about = () => { document.getElementById("level-about").textContent = LEVEL_ABOUT[form.vs.value]; };
  form.vs.addEventListener("change", about);
  about();
  form.first.value = S.first;
  let games = [];
  try { games = await api("games", {}); } catch (error) { showProblem(error.message); }
  const spec = games.find(g => g.name === GAME);
  if (!spec) {
    showProblem(`unknown game '${GAME}'; the games are: ${games.map(g => g.name).join(", ")}`);
    return false;
  }
  document.getElementById("title").textContent = `Play ${GAME}`;
  document.title = `Play ${GAME} · nimlab`;
  document.getElementById("rules").textContent = `${spec.rules} \u2014 ${spec.source}`;
  const fields = document.getElementById("option-fields");
  for (const flag of Object.keys(spec.options)) {
    const name = flag.replace(/^--/, "");
    if ((name === "last" || name === "budgets") && /[;/]/.test(S.position)) continue;
    fields.append(el("label", {title: spec.options[flag]}, `${name} `,
      el("input", {name, size: 10, value: S.options[name] || ""})));
  }
  form.addEventListener("submit", event => {
    event.preventDefault();
    const options = {};
    for (const input of fields.querySelectorAll("input")) if (input.value.trim()) options[input.name] = input.value.trim();
    const state = {position: form.position.value.trim(), options, moves: [], at: 0,
                   vs: form.vs.value, first: form.first.value, values: S.values};
    location.assign(urlOf(state));
  });
  return true;
}

async function main() {
  header("Play");
  S = readUrl();
  if (!await setupForm()) return;
  document.getElementById("move-play").addEventListener("click",
    () => userMove(document.getElementById("move-text").value));
  document.getElementById("move-text").addEventListener("keydown", event => {
    if (event.key === "Enter") userMove(event.target.value);
  });
  document.getElementById("undo").addEventListener("click", undo);
  document.getElementById("redo").addEventListener("click", redo);
  document.getElementById("hint-button").addEventListener("click", showHint);
  document.getElementById("show-values").addEventListener("change", event => {
    S.values = event.target.checked; writeUrl(false); showMoves(S.positions[S.at], renderNumber);
  });
  document.getElementById("share").addEventListener("click", async () => {
    const url = location.href;
    try { await navigator.clipboard.writeText(url); document.getElementById("shared").textContent = "copied"; }
    catch (error) { document.getElementById("shared").textContent = url; }
  });
  document.addEventListener("keydown", event => {
    if (event.target.tagName === "INPUT") return;
    if (event.key === "ArrowLeft") undo();
    else if (event.key === "ArrowRight") redo();
    else if (event.key === "h") showHint();
    else if (event.key === "Escape" && picked) { picked = null; render(); }
  });
  window.addEventListener("popstate", () => {
    const fresh = readUrl();
    S = fresh;
    render();
  });
  await render();
}

main();
