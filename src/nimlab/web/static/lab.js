// nimlab web lab: helpers shared by every page (no third-party code).
"use strict";

const GAME_OPTIONS = ["variant", "last", "factor", "set", "budgets", "edges", "code", "a"];

async function api(path, params) {
  const query = new URLSearchParams();
  for (const [k, v] of Object.entries(params || {})) {
    if (v !== undefined && v !== null && String(v) !== "") query.set(k, v);
  }
  const response = await fetch(`/api/${path}?${query}`);
  let data;
  try { data = await response.json(); } catch (e) { data = {error: `HTTP ${response.status}`}; }
  if (!response.ok && response.status !== 202) {
    const error = new Error(data.error || `HTTP ${response.status}`);
    error.status = response.status;
    throw error;
  }
  data.__status = response.status;
  return data;
}

function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === undefined || v === null || v === false) continue;
    if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else if (k === "class") node.className = v;
    else if (k === "text") node.textContent = v;
    else if (k === "style") node.style.cssText = v;   // CSSOM: allowed by the page's policy
    else node.setAttribute(k, v);
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

function header(here) {
  const links = [["/", "Games"], ["/play/sharing?position=3,5,20", "Play"],
                 ["/explore/sharing", "Explore"], ["/claims", "Claims"], ["/errata", "Errata"]];
  const nav = el("nav", {}, links.map(([href, name]) =>
    el("a", {href, class: name === here ? "here" : null}, name)));
  const top = el("header", {class: "top"},
    el("a", {class: "brand", href: "/"}, "nim", el("span", {}, "lab")), nav);
  document.body.prepend(top);
}

function playUrl(game, position, options) {
  const query = new URLSearchParams({position});
  for (const k of GAME_OPTIONS) {
    if (options && options[k] !== undefined && options[k] !== null && options[k] !== "")
      query.set(k, options[k]);
  }
  return `/play/${game}?${query}`;
}
