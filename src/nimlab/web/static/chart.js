// nimlab web lab: the Play page's value-history chart (an SVG and the same numbers as a table).
// Two panels share the move axis: the Sprague-Grundy value of each position of the game, and
// its remoteness (moves to the end with perfect play); at every turn each move that could have
// been played is a small dot at the next step, so a student sees where the game was lost.
"use strict";

const SVG = "http://www.w3.org/2000/svg";
function svg(tag, attrs, text) {
  const node = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, v);
  if (text !== undefined) node.textContent = text;
  return node;
}

function numberOrNull(v) {
  // a value the chart can place (huge values are drawn as "N", at the top)
  return v === null || v === undefined || Number(v) > 1e15 ? null : Number(v);
}

function panel(chart, turns, {top, bottom, key, label, fallback, x, mover, at}) {
  // one panel: an axis, the game's line, a dot per position, a small dot per alternative
  const known = turns.flatMap(t => [numberOrNull(t[key]),
    ...t.options.map(o => numberOrNull(o[key]))]).filter(v => v !== null);
  const high = Math.max(1, ...known);
  const y = v => bottom - v / high * (bottom - top);
  const L = x(0);
  chart.append(svg("line", {x1: L, y1: y(0), x2: x(turns.length - 1) + 6, y2: y(0), class: "axis"}));
  chart.append(svg("line", {x1: L, y1: top, x2: L, y2: y(0), class: "axis"}));
  chart.append(svg("text", {x: L - 4, y: y(0) + 4, "text-anchor": "end", class: "tick"}, "0"));
  chart.append(svg("text", {x: L - 4, y: top + 8, "text-anchor": "end", class: "tick"}, String(high)));
  chart.append(svg("text", {x: L + 4, y: top + 2, class: "tick label"}, label));
  const place = turn => {
    const v = numberOrNull(turn[key]);
    return v !== null ? v : fallback ? fallback(turn, high) : null;
  };
  turns.forEach((turn, i) => turn.options.forEach(option => {
    const v = numberOrNull(option[key]);
    if (v === null) return;
    const dot = svg("circle", {cx: x(i + 1), cy: y(v), r: option.chosen ? 2.2 : 2.6,
      class: `alt ${key} ${option.outcome}${option.chosen ? " chosen" : ""}`, "data-turn": i,
      "data-notation": option.notation, [`data-${key}`]: String(option[key])});
    dot.append(svg("title", {}, `move ${i + 1} could be ${option.notation}: ${key} ${option[key]}` +
      (option.chosen ? " (played)" : "")));
    chart.append(dot);
  }));
  let path = "";
  turns.forEach((turn, i) => {
    const v = place(turn);
    if (v !== null) path += `${path ? "L" : "M"}${x(i).toFixed(1)},${y(v).toFixed(1)} `;
  });
  if (path) chart.append(svg("path", {d: path, class: "trend"}));
  turns.forEach((turn, i) => {
    const v = place(turn);
    if (v === null) return;
    const attrs = {cx: x(i), cy: y(v), r: i === at ? 5.5 : 4,
      class: `dot ${turn.outcome || "unknown"} ${i % 2 ? "second" : "first"}`};
    if (key === "value") Object.assign(attrs, {"data-index": i, "data-value":
      turn.value === null ? "" : String(turn.value), "data-outcome": turn.outcome || ""});
    else Object.assign(attrs, {"data-far-index": i, "data-remoteness": String(turn.remoteness)});
    const dot = svg("circle", attrs);
    dot.append(svg("title", {}, `${i === 0 ? "start" : "after move " + i}: ${mover(i)} to move, ` +
      (numberOrNull(turn[key]) !== null ? `${key} ${turn[key]}` : `outcome ${turn.outcome || "unknown"}`)));
    chart.append(dot);
  });
}

function drawChart(turns, mover, at) {
  const box = document.getElementById("chart");
  const table = document.getElementById("chart-table");
  box.replaceChildren();
  table.replaceChildren();
  const n = turns.length;
  const W = 340, H = 270, L = 34, R = 14;
  const x = i => L + (n <= 1 ? 0 : i * (W - L - R) / Math.max(1, n - 1));
  const chart = svg("svg", {viewBox: `0 0 ${W} ${H}`, class: "chart", role: "img",
    "aria-labelledby": "chart-title"});
  chart.append(svg("title", {id: "chart-title"}, "Value and remoteness after each move: " +
    turns.map((t, i) => `${i === 0 ? "start" : "move " + i}: value ${t.value ?? t.outcome ?? "unknown"}` +
      `, remoteness ${t.remoteness ?? "unknown"}`).join("; ")));
  const any = turns.some(t => t.remoteness !== null);
  panel(chart, turns, {top: 12, bottom: any ? 118 : 240, key: "value", label: "value",
    fallback: (t, high) => t.outcome === "N" ? high : t.outcome === "P" ? 0 : null,
    x, mover, at});
  if (any) panel(chart, turns, {top: 150, bottom: 240, key: "remoteness", label: "remoteness",
    x, mover, at});
  chart.append(svg("text", {x: W - R, y: H - 6, "text-anchor": "end", class: "tick"}, "move \u2192"));
  box.append(chart);
  // the same numbers as a table, for screen readers and for copying
  table.append(el("tr", {}, ["after move", "to move", "value", "outcome", "remoteness",
    "moves that could have been played (value / remoteness)"].map(h => el("th", {scope: "col"}, h))));
  turns.forEach((t, i) => {
    const options = (turns[i - 1] || {options: []}).options;
    table.append(el("tr", {}, el("td", {}, i === 0 ? "start" : String(i)), el("td", {}, mover(i)),
      el("td", {}, t.value === null ? "unknown" : String(t.value)), el("td", {}, t.outcome || "unknown"),
      el("td", {}, t.remoteness === null ? "unknown" : String(t.remoteness)),
      el("td", {class: "mono"}, options.map(o => `${o.chosen ? "\u2192" : ""}${o.notation} ` +
        `${o.value ?? "?"}/${o.remoteness ?? "?"}`).join(", "))));
  });
}
