// nimlab web lab: heatmaps of value tables (from /api/table, i.e. `nimlab table ... --json`).
"use strict";

const FIELDS = {
  "sharing": [["max", "max b", 60]],
  "end-nim": [["piles", "piles (2 or 3)", 3], ["max", "max pile", 16], ["variant", "variant", "normal"],
              ["middle", "middle pile (3 piles)", 3]],
  "cash": [["set", "set", "1,3,4"], ["n", "stones n", 14], ["max", "max budget", 30]],
  "fibonacci": [["piles", "piles (2 or 3)", 2], ["max", "max pile", 60], ["third", "third pile (3 piles)", 5]],
  "subtraction": [["set", "set", "1,3,4"], ["max", "max n", 199], ["width", "row length", 20]],
  "nim": [["max", "max pile", 31]],
  "wythoff": [["max", "max pile", 40], ["a", "a (1: Wythoff's game)", 1]],
};
const ABOUT = {
  "sharing": "Sharing Nim: G(0,a,b), the value of (0,a,b) for a \u2264 b (rows a, columns b), the paper's Table 1 as a picture. Dark cells are P-positions (value 0).",
  "end-nim": "End-Nim: the value of each row. With 3 piles, a slice with the middle pile fixed (rows a1, columns a3); with 2 piles, rows a1, columns a2.",
  "cash": "NIM with cash: the winner of (n; d1, d2) over the budgets, d1 the money of the player to move (Player I), rows d1, columns d2.",
  "fibonacci": "Multiple Fibonacci Nim: first-move P-positions (dark). With 3 piles, a slice with the third pile fixed.",
  "subtraction": "NIM(A), the subtraction game: the value of a heap of n stones, its nim-sequence written in rows (n = row + column), so that a period shows as repeating columns. Dark cells are P-positions (value 0).",
  "nim": "Nim with two piles: the value of (a, b) is a XOR b (Bouton); rows a, columns b. The dark diagonal is the P-positions a = b.",
  "wythoff": "Wythoff's game: the Grundy value G(a, b), rows a, columns b. The dark cells (value 0) are the P-positions, Wythoff's golden-ratio pairs. With a \u2265 2, Fraenkel's a-Wythoff game (take x and y from the two piles with |x \u2212 y| < a), whose P-positions are Beatty pairs too.",
};
// Games that Play has and Explore cannot draw, and why.
const NO_MAP = {
  "graph-nim": "Graph Nim has no heat map: its piles sit on the vertices of a directed graph " +
    "that you choose (--edges), with one pile per vertex and tokens moving along the edges, " +
    "so there is no single table of its values to draw, and nimlab table does not make one. " +
    "Ask for single positions instead: play it, or use nimlab value graph-nim 1,4,9 --edges 1-2,2-3,3-1.",
};

let grid = null;   // {rowLabels, colLabels, values[r][c], text(r,c), link(r,c), colour(v)}
let focused = null; // {r, c}: the cell chosen by keyboard
// The largest window /api/table draws for a 3-pile slice (the server's limits).
const SLICE_LIMIT = {"end-nim": 40, "fibonacci": 80};
// The smallest fixed pile a slice can have (End-Nim piles are >= 1, Fibonacci's P-list >= 2).
const SLICE_LOW = {"end-nim": 1, "fibonacci": 2};

function valueColour(v) {
  if (v === null || v === undefined) return "#f3f4f8";
  if (v === 0) return "#1d2330";
  const hue = (v * 137.508) % 360;
  return `hsl(${hue}, 62%, ${58 + (v % 3) * 7}%)`;
}

function readForm() {
  const params = new URLSearchParams(location.search);
  const game = decodeURIComponent(location.pathname.split("/")[2] || "sharing");
  const values = {};
  for (const [name, , fallback] of FIELDS[game] || []) values[name] = params.get(name) || String(fallback);
  return {game, values};
}

function buildFields(game, values) {
  const box = document.getElementById("fields");
  box.replaceChildren();
  for (const [name, label] of FIELDS[game]) {
    box.append(el("label", {}, `${label} `, el("input", {name, size: 6, value: values[name]})));
  }
}

function fail(message) {
  const box = document.getElementById("problem");
  box.hidden = !message;
  box.textContent = message || "";
}

async function load() {
  const {game, values} = readForm();
  const form = document.getElementById("controls");
  if (NO_MAP[game]) { noMap(game, form); return; }
  if (!FIELDS[game]) {
    fail(`no heat map for '${game}'; choose one of: ${Object.keys(FIELDS).join(", ")}`);
    return;
  }
  form.game.value = game;
  document.getElementById("draw-box").hidden = false;
  buildFields(game, values);
  document.getElementById("title").textContent = `Explore ${game}`;
  document.getElementById("about").textContent = ABOUT[game];
  document.getElementById("caption").textContent = "Computing…";
  fail("");
  let table;
  const fixed = sliceFixed(game, values);
  const empty = fixed === null ? null : emptySlice(game, values, fixed);
  if (empty) {
    grid = null;
    fail(empty);
    document.getElementById("caption").textContent = "";
    clearCanvas();
    return;
  }
  try {
    // a slice with a fixed pile larger than the window needs the table up to that pile
    const max = fixed === null ? values.max : String(Math.max(parseInt(values.max, 10), fixed));
    const query = {game, max};
    if (game === "end-nim") Object.assign(query, {piles: values.piles, variant: values.variant});
    if (game === "cash") Object.assign(query, {set: values.set, n: values.n});
    if (game === "fibonacci") Object.assign(query, {piles: values.piles});
    if (game === "subtraction") Object.assign(query, {set: values.set});
    if (game === "wythoff") Object.assign(query, {a: values.a});
    table = await api("table", query);
  } catch (error) {
    fail(error.message);
    document.getElementById("caption").textContent = "";
    clearCanvas();
    return;
  }
  grid = toGrid(game, values, table);
  focused = null;
  document.getElementById("caption").textContent = `${table.title} \u2014 hover for the value, click to play${game === "sharing" ? " (shift-click a row for its sequence)" : ""}.`;
  drawLegend(game);
  draw();
  document.getElementById("sequence-card").hidden = game !== "sharing";
  if (game === "sharing") drawSequence(Math.min(6, grid.rowLabels.length - 1));
}

function noMap(game, form) {
  // a clear page for a game without a heat map: why, and where to go instead
  grid = null;
  form.game.value = game;
  document.getElementById("fields").replaceChildren();
  document.getElementById("title").textContent = `Explore ${game}`;
  document.getElementById("about").replaceChildren(NO_MAP[game], " ",
    el("a", {href: playUrl(game, "1,4,9", {edges: "1-2,2-3,3-1"})}, `Play ${game}`), ".");
  document.getElementById("caption").textContent = "";
  document.getElementById("draw-box").hidden = true;
  document.getElementById("sequence-card").hidden = true;
  fail("");
  clearCanvas();
}

function sliceFixed(game, values) {
  // the fixed pile of a 3-pile slice (End-Nim's middle, Fibonacci's third), else null
  if (String(values.piles) !== "3" || !SLICE_LIMIT[game]) return null;
  const text = String(game === "end-nim" ? values.middle : values.third).trim();
  return /^\d{1,6}$/.test(text) ? parseInt(text, 10) : NaN;
}

function emptySlice(game, values, fixed) {
  // why a slice has no cell to draw (null when it has some)
  const name = game === "end-nim" ? "middle pile" : "third pile";
  if (Number.isNaN(fixed)) return `The ${name} must be a whole number, e.g. 5.`;
  if (fixed < SLICE_LOW[game])
    return `The slice is empty: the ${name} is ${fixed}, and ` + (game === "end-nim"
      ? "every pile of an End-Nim row holds at least 1 coin."
      : "the table lists first-move P-positions with every pile of at least 2 chips.");
  if (fixed > SLICE_LIMIT[game])
    return `The ${name} ${fixed} is beyond the largest 3-pile window the web lab draws ` +
      `(${SLICE_LIMIT[game]}); use nimlab table ${game} --piles 3 --max ${fixed} --out FILE.`;
  const max = parseInt(values.max, 10);
  if (!(max >= SLICE_LOW[game])) return `The window is empty: max must be at least ${SLICE_LOW[game]}.`;
  return null;
}

function clearCanvas() {
  const canvas = document.getElementById("heat");
  canvas.width = 10; canvas.height = 10;
  document.getElementById("legend").replaceChildren();
}

function toGrid(game, values, table) {
  if (game === "sharing") {
    return {rowLabels: table.row_labels, colLabels: table.columns, values: table.rows,
      rowName: "a", colName: "b",
      text: (r, c, v) => `G(0,${r},${c}) = ${v}`,
      link: (r, c) => playUrl("sharing", `0,${r},${c}`, {}), colour: valueColour};
  }
  if (game === "nim" || game === "wythoff") {
    return {rowLabels: table.row_labels, colLabels: table.columns, values: table.rows,
      rowName: "a", colName: "b",
      text: (r, c, v) => `${game === "nim" ? "value" : "G"}(${r},${c}) = ${v}`,
      link: (r, c) => playUrl(game, `${r},${c}`,
        game === "wythoff" && values.a !== "1" ? {a: values.a} : {}),
      colour: valueColour};
  }
  if (game === "subtraction") {
    // the nim-sequence in rows of `width`: cell (r, c) is the heap n = r + c
    const width = Math.max(1, Math.min(200, parseInt(values.width, 10) || 20));
    const byN = new Map(table.rows.map(([n, v]) => [n, v]));
    const rows = Math.ceil((table.max + 1) / width);
    const rowLabels = Array.from({length: rows}, (_, i) => i * width);
    const colLabels = Array.from({length: width}, (_, i) => i);
    const cells = rowLabels.map(r => colLabels.map(c => byN.has(r + c) ? byN.get(r + c) : null));
    return {rowLabels, colLabels, values: cells, rowName: "n", colName: "+",
      text: (r, c, v) => `n = ${r + c}: value ${v}`,
      link: (r, c) => playUrl("subtraction", String(r + c), {set: values.set}),
      colour: valueColour};
  }
  if (game === "cash") {
    const colour = v => v === "I" ? "#1f8a4c" : v === "II" ? "#c0392b" : "#f3f4f8";
    return {rowLabels: table.row_labels, colLabels: table.columns, values: table.rows,
      rowName: "d1", colName: "d2",
      text: (r, c, v) => `(${values.n}; ${r}, ${c}): Player ${v} wins`,
      link: (r, c) => playUrl("cash", `${values.n};${r},${c}`, {set: values.set}), colour};
  }
  if (game === "end-nim") {
    const opts = {variant: values.variant};
    if (table.kind === "grid") {
      return {rowLabels: table.row_labels, colLabels: table.columns, values: table.rows,
        rowName: "a1", colName: "a2",
        text: (r, c, v) => `row ${r},${c}: value ${v}`,
        link: (r, c) => playUrl("end-nim", `${r},${c}`, opts), colour: valueColour};
    }
    const m = parseInt(values.middle, 10);
    const max = Math.min(parseInt(values.max, 10), table.max);
    const labels = Array.from({length: max}, (_, i) => i + 1);
    const cells = labels.map(() => labels.map(() => null));
    for (const [a1, a2, a3, v] of table.rows)
      if (a2 === m && a1 <= max && a3 <= max) cells[a1 - 1][a3 - 1] = v;
    return {rowLabels: labels, colLabels: labels, values: cells, rowName: "a1", colName: "a3",
      text: (r, c, v) => `row ${r},${m},${c}: value ${v}`,
      link: (r, c) => playUrl("end-nim", `${r},${m},${c}`, opts), colour: valueColour};
  }
  // fibonacci: P-positions from the list
  const max = table.piles === 3 ? Math.min(parseInt(values.max, 10), table.max) : table.max;
  const labels = Array.from({length: max - 1}, (_, i) => i + 2);
  const third = parseInt(values.third, 10);
  const cells = labels.map(() => labels.map(() => 1));
  for (const row of table.rows) {
    const sorted = [...row];
    if (row.length === 2) { mark(row[0], row[1]); mark(row[1], row[0]); }
    else {
      // every arrangement with the third pile fixed (positions are listed up to order)
      const perms = [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]];
      for (const [i, j, k] of perms) if (sorted[k] === third) mark(sorted[i], sorted[j]);
    }
  }
  function mark(x, y) { if (x >= 2 && y >= 2 && x <= max && y <= max) cells[x - 2][y - 2] = 0; }
  const suffix = table.piles === 3 ? `,${third}` : "";
  return {rowLabels: labels, colLabels: labels, values: cells, rowName: "x", colName: "y",
    text: (r, c, v) => `(${r},${c}${suffix}) first move: ${v === 0 ? "P-position" : "N-position"}`,
    link: (r, c) => playUrl("fibonacci", `${r},${c}${suffix}/0`, {factor: table.factor}),
    colour: v => v === 0 ? "#1d2330" : "#e4e8f2"};
}

function drawLegend(game) {
  const box = document.getElementById("legend");
  box.replaceChildren();
  const items = game === "cash" ? [["#1f8a4c", "Player I wins"], ["#c0392b", "Player II wins"]]
    : game === "fibonacci" ? [["#1d2330", "P-position"], ["#e4e8f2", "N-position"]]
    : [0, 1, 2, 3, 4, 5, 6, 7].map(v => [valueColour(v), `${v}`]);
  for (const [colour, name] of items) box.append(el("span", {class: "sw", style: `background:${colour}`}), name);
  if (!["cash", "fibonacci"].includes(game)) box.append(" \u2026 (value 0 is dark: P-positions)");
}

const MARGIN = 34;
function cellSize() { return parseInt(document.getElementById("controls").zoom.value, 10); }

function draw() {
  if (!grid) return;
  const size = cellSize();
  const canvas = document.getElementById("heat");
  const rows = grid.rowLabels.length, cols = grid.colLabels.length;
  canvas.width = MARGIN + cols * size + 4;
  canvas.height = MARGIN + rows * size + 4;
  const ctx = canvas.getContext("2d");
  ctx.fillStyle = "#fff";
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      ctx.fillStyle = grid.colour(grid.values[r][c]);
      ctx.fillRect(MARGIN + c * size, MARGIN + r * size, size - (size > 6 ? 1 : 0), size - (size > 6 ? 1 : 0));
      if (size >= 22 && grid.values[r][c] !== null) {
        ctx.fillStyle = grid.values[r][c] === 0 ? "#fff" : "#1d2330";
        ctx.font = `${Math.floor(size * 0.45)}px system-ui, sans-serif`;
        ctx.textAlign = "center"; ctx.textBaseline = "middle";
        ctx.fillText(String(grid.values[r][c]), MARGIN + c * size + size / 2, MARGIN + r * size + size / 2);
      }
    }
  }
  ctx.fillStyle = "#5b6477";
  ctx.font = "11px system-ui, sans-serif";
  const every = Math.max(1, Math.ceil(18 / size));
  ctx.textAlign = "center"; ctx.textBaseline = "bottom";
  grid.colLabels.forEach((label, c) => { if (c % every === 0) ctx.fillText(label, MARGIN + c * size + size / 2, MARGIN - 3); });
  ctx.textAlign = "right"; ctx.textBaseline = "middle";
  grid.rowLabels.forEach((label, r) => { if (r % every === 0) ctx.fillText(label, MARGIN - 4, MARGIN + r * size + size / 2); });
  ctx.textAlign = "left"; ctx.textBaseline = "top";
  ctx.fillText(`${grid.rowName}\u2193 ${grid.colName}\u2192`, 2, 2);
  if (focused) {
    ctx.strokeStyle = "#f2b84b"; ctx.lineWidth = 3;
    ctx.strokeRect(MARGIN + focused.c * size - 1, MARGIN + focused.r * size - 1, size + 1, size + 1);
    ctx.lineWidth = 1;
  }
}

function describeFocused() {
  const box = document.getElementById("cell-status");
  if (!grid || !focused) { box.textContent = ""; return; }
  const v = grid.values[focused.r][focused.c];
  const row = grid.rowLabels[focused.r], col = grid.colLabels[focused.c];
  box.textContent = v === null || v === undefined
    ? `${grid.rowName} = ${row}, ${grid.colName} = ${col}: no position here`
    : `${grid.text(row, col, v)} \u2014 Enter plays it`;
}

function keyOnHeat(event) {
  if (!grid) return;
  const moves = {ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1],
                 Home: [0, -1e9], End: [0, 1e9], PageUp: [-10, 0], PageDown: [10, 0]};
  if (moves[event.key]) {
    event.preventDefault();
    const [dr, dc] = moves[event.key];
    const at = focused || {r: 0, c: 0};
    focused = {r: Math.max(0, Math.min(grid.rowLabels.length - 1, at.r + (focused ? dr : 0))),
               c: Math.max(0, Math.min(grid.colLabels.length - 1, at.c + (focused ? dc : 0)))};
    draw();
    describeFocused();
  } else if (event.key === "Enter" && focused) {
    const v = grid.values[focused.r][focused.c];
    if (v !== null && v !== undefined)
      location.assign(grid.link(grid.rowLabels[focused.r], grid.colLabels[focused.c]));
  } else if (event.key === "s" && focused && readForm().game === "sharing") {
    drawSequence(focused.r);
  }
}

function cellAt(event) {
  const canvas = document.getElementById("heat");
  const box = canvas.getBoundingClientRect();
  if (!box.width || !box.height) return null;
  // the canvas may be drawn at another size than its pixels (CSS, a phone's layout): the point
  // is read in the canvas's own pixels
  const x = (event.clientX - box.left) * canvas.width / box.width;
  const y = (event.clientY - box.top) * canvas.height / box.height;
  const size = cellSize();
  const c = Math.floor((x - MARGIN) / size);
  const r = Math.floor((y - MARGIN) / size);
  if (!grid || r < 0 || c < 0 || r >= grid.rowLabels.length || c >= grid.colLabels.length) return null;
  const v = grid.values[r][c];
  if (v === null || v === undefined) return null;
  return {r, c, v, row: grid.rowLabels[r], col: grid.colLabels[c]};
}

function drawSequence(r) {
  if (!grid || r < 0) return;
  const canvas = document.getElementById("sequence");
  const ctx = canvas.getContext("2d");
  const values = grid.values[r].map((v, c) => [grid.colLabels[c], v]).filter(([, v]) => v !== null);
  const a = grid.rowLabels[r];
  document.getElementById("sequence-title").textContent = `Sequence G(0,${a},b) for b = ${a}..${grid.colLabels.at(-1)}`;
  ctx.fillStyle = "#fff"; ctx.fillRect(0, 0, canvas.width, canvas.height);
  if (!values.length) return;
  const top = Math.max(1, ...values.map(([, v]) => v));
  const left = 40, bottom = canvas.height - 24, width = canvas.width - left - 10, height = bottom - 10;
  const bMin = values[0][0], bMax = values.at(-1)[0];
  ctx.strokeStyle = "#dde2ea"; ctx.beginPath(); ctx.moveTo(left, 10); ctx.lineTo(left, bottom); ctx.lineTo(left + width, bottom); ctx.stroke();
  ctx.fillStyle = "#5b6477"; ctx.font = "11px system-ui, sans-serif";
  ctx.textAlign = "right"; ctx.fillText(String(top), left - 4, 14); ctx.fillText("0", left - 4, bottom);
  ctx.textAlign = "center"; ctx.fillText(`b = ${bMin}`, left + 20, bottom + 14); ctx.fillText(`b = ${bMax}`, left + width - 20, bottom + 14);
  ctx.fillStyle = "#3557d4";
  for (const [b, v] of values) {
    const x = left + (bMax === bMin ? 0 : (b - bMin) / (bMax - bMin) * width);
    const y = bottom - v / top * height;
    ctx.beginPath(); ctx.arc(x, y, 2.5, 0, 2 * Math.PI); ctx.fill();
  }
}

function main() {
  header("Explore");
  const canvas = document.getElementById("heat");
  const tip = document.getElementById("tip");
  canvas.addEventListener("mousemove", event => {
    const cell = cellAt(event);
    if (!cell) { tip.style.display = "none"; canvas.style.cursor = "default"; return; }
    tip.textContent = `${grid.text(cell.row, cell.col, cell.v)} \u2014 click to play`;
    tip.style.left = `${event.clientX + 14}px`; tip.style.top = `${event.clientY + 14}px`;
    tip.style.display = "block"; canvas.style.cursor = "pointer";
  });
  canvas.addEventListener("mouseleave", () => { tip.style.display = "none"; });
  canvas.addEventListener("keydown", keyOnHeat);
  canvas.addEventListener("focus", () => { if (!focused && grid) { focused = {r: 0, c: 0}; draw(); describeFocused(); } });
  canvas.addEventListener("click", event => {
    const cell = cellAt(event);
    if (!cell) return;
    if (event.shiftKey && readForm().game === "sharing") { drawSequence(cell.r); return; }
    location.assign(grid.link(cell.row, cell.col));
  });
  canvas.addEventListener("wheel", event => {
    if (!event.ctrlKey) return;
    event.preventDefault();
    const zoom = document.getElementById("controls").zoom;
    zoom.value = Math.max(2, Math.min(36, cellSize() + (event.deltaY < 0 ? 2 : -2)));
    draw();
  }, {passive: false});
  const form = document.getElementById("controls");
  form.zoom.addEventListener("input", draw);
  form.game.addEventListener("change", () => location.assign(`/explore/${form.game.value}`));
  form.addEventListener("submit", event => {
    event.preventDefault();
    const query = new URLSearchParams();
    for (const input of document.getElementById("fields").querySelectorAll("input")) query.set(input.name, input.value.trim());
    history.pushState(null, "", `/explore/${form.game.value}?${query}`);
    load();
  });
  window.addEventListener("popstate", load);
  load();
}

main();
