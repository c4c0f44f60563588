// nimlab web lab: the claims page (`nimlab verify --json`, computed once per server).
"use strict";

let listed = [];          // nimlab verify --list --json
let results = null;       // nimlab verify --json, when ready
let links = {};           // claim id -> a /play link per counterexample (or null)

function fail(message) {
  const box = document.getElementById("problem");
  box.hidden = !message; box.textContent = message || "";
}

function counterexampleCell(claim, result) {
  if (!result) return el("span", {class: "note"}, "\u2026");
  const examples = result.counterexamples || [];
  if (!examples.length) {
    return el("span", {class: "note"}, result.checked ? `${result.checked.toLocaleString()} cases` : "");
  }
  const urls = links[claim.id] || [];
  return el("div", {}, examples.map((x, i) => el("div", {},
    urls[i] ? el("a", {href: urls[i], class: "cx mono"}, String(x.position))
            : el("span", {class: "mono"}, String(x.position)),
    el("span", {class: "note"}, `: claimed ${x.claimed}, computed ${x.computed}`))));
}

function render() {
  const paper = document.getElementById("paper").value;
  const status = document.getElementById("status").value;
  const words = document.getElementById("filter").value.trim().toLowerCase();
  const single = new URLSearchParams(location.search).get("claim");
  document.getElementById("all-claims").hidden = !single;
  const byId = Object.fromEntries((results || []).map(r => [r.id, r]));
  const box = document.getElementById("papers");
  box.replaceChildren();
  const groups = {};
  let shown = 0;
  for (const claim of listed) {
    const result = byId[claim.id];
    if (single && claim.id !== single) continue;
    if (paper && claim.paper !== paper) continue;
    if (status && (!result || result.status !== status)) continue;
    if (words && !(`${claim.id} ${claim.statement} ${claim.place}`.toLowerCase().includes(words))) continue;
    (groups[claim.paper] = groups[claim.paper] || []).push([claim, result]);
    shown++;
  }
  for (const [name, rows] of Object.entries(groups)) {
    const table = el("table", {class: "claims"},
      el("tr", {}, ["claim", "status", "statement", "box", "counterexamples / cases"].map(h => el("th", {}, h))));
    for (const [claim, result] of rows) {
      table.append(el("tr", {"data-id": claim.id, "data-status": result ? result.status : "pending"},
        el("td", {class: "id"}, el("a", {href: `/claims?claim=${encodeURIComponent(claim.id)}`,
          class: "claim-link", title: "a link to this claim alone"}, claim.id),
          el("div", {class: "note"}, claim.place)),
        el("td", {}, el("span", {class: `pill ${result ? result.status : "pending"}`},
                      result ? result.status : "checking")),
        el("td", {}, claim.statement, claim.corrects ? el("div", {class: "note"}, `corrects ${claim.corrects}`) : null,
           result && result.note ? el("div", {class: "note"}, result.note) : null),
        el("td", {class: "note"}, result ? `${claim.bound_help || "bound"} ${result.bound ?? ""}` : `${claim.bound_help || ""} ${claim.default_bound}`),
        el("td", {}, counterexampleCell(claim, result))));
    }
    box.append(el("section", {class: "card"}, el("h2", {style: "margin-top:0"}, `${name} (${rows.length})`), table));
  }
  const counts = {};
  for (const r of results || []) counts[r.status] = (counts[r.status] || 0) + 1;
  document.getElementById("summary").textContent = `${shown} of ${listed.length} claims shown` +
    (results ? ` \u2014 ${Object.entries(counts).map(([s, n]) => `${n} ${s}`).join(", ")}` : "");
}

async function poll() {
  let data;
  try { data = await api("claims", {}); } catch (error) { fail(error.message); return; }
  const progress = document.getElementById("progress");
  if (data.__status === 202) {
    progress.textContent = `Checking every claim against exhaustive computation\u2026 ${data.elapsed} s so far (about a minute, once per server; the statements are listed meanwhile).`;
    setTimeout(poll, 2000);
    return;
  }
  delete data.__status;
  results = Object.values(data);
  try { links = await api("claims/links", {}); } catch (error) { links = {}; }
  progress.textContent = "";
  render();
}

function keepInUrl() {
  // the filter lives in the URL, so that a filtered list can be shared and reloaded
  const q = new URLSearchParams();
  const given = {paper: document.getElementById("paper").value,
                 status: document.getElementById("status").value,
                 q: document.getElementById("filter").value.trim()};
  for (const [name, value] of Object.entries(given)) if (value) q.set(name, value);
  const url = `/claims${q.toString() ? "?" + q : ""}`;
  if (url !== location.pathname + location.search) history.replaceState(null, "", url);
}

function readUrl() {
  const q = new URLSearchParams(location.search);
  document.getElementById("paper").value = q.get("paper") || "";
  document.getElementById("status").value = q.get("status") || "";
  document.getElementById("filter").value = q.get("q") || "";
}

async function main() {
  header("Claims");
  try { listed = await api("claims/list", {}); delete listed.__status; listed = Object.values(listed); }
  catch (error) { fail(error.message); return; }
  const papers = [...new Set(listed.map(c => c.paper))];
  const select = document.getElementById("paper");
  for (const p of papers) select.append(el("option", {value: p}, p));
  readUrl();
  for (const id of ["paper", "status", "filter"]) {
    document.getElementById(id).addEventListener("input", () => { keepInUrl(); render(); });
  }
  window.addEventListener("popstate", () => { readUrl(); render(); });
  render();
  poll();
}

main();
