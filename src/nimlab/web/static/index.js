// nimlab web lab: the Games page.
"use strict";
header("Games");
const EXPLORE = {"sharing": "/explore/sharing", "end-nim": "/explore/end-nim",
                 "cash": "/explore/cash", "fibonacci": "/explore/fibonacci",
                 "subtraction": "/explore/subtraction"};
function exampleOf(spec) {
  // "nimlab value GAME POSITION --opt value ..." -> position and options
  const words = spec.example.split(/\s+/).slice(3);
  const options = {};
  for (let i = 1; i < words.length; i += 2) options[words[i].replace(/^--/, "")] = words[i + 1];
  return {position: words[0], options};
}
api("games", {}).then(games => {
  const box = document.getElementById("games");
  for (const spec of games) {
    const {position, options} = exampleOf(spec);
    box.append(el("div", {class: "card"},
      el("h3", {}, spec.name),
      el("p", {}, spec.rules),
      el("p", {class: "note"}, spec.source),
      el("div", {class: "row"},
        el("a", {class: "button", href: playUrl(spec.name, position, options),
                 "data-game": spec.name}, `Play ${position}`),
        EXPLORE[spec.name] ? el("a", {class: "button", href: EXPLORE[spec.name]}, "Explore") : null)));
  }
}).catch(error => {
  const box = document.getElementById("problem"); box.hidden = false; box.textContent = error.message;
});
