// Before the first paint (a classic script in <head>): what the address asks of the page's look.
// * ?view=embed or ?view=puzzle: <html class="view-embed"> (or "view-puzzle"): only the board and
//   its replay show (assets/app.css); reversi/ui/dom/main.py starts the embed, not the app.
// * ?controls=0 (an embed): <html class="no-controls">: no replay buttons, no move list.
// * The theme: <html data-theme="light|dark">, the palette of assets/app.css. ?theme= decides;
//   else (the app) the choice of the switch #theme-select, kept under localStorage "reversi.theme";
//   else the system's (prefers-color-scheme), followed as it changes.
(function () {
  "use strict";
  var params;
  try { params = new URLSearchParams(location.search); } catch (e) { params = new URLSearchParams(""); }
  var root = document.documentElement;
  var view = params.get("view");
  var embed = view === "embed" || view === "puzzle";
  if (embed) root.classList.add("view-embed", "view-" + view);
  if (params.get("controls") === "0") root.classList.add("no-controls"); // an embed's still board
  var KEY = "reversi.theme";
  var asked = params.get("theme");
  var system = window.matchMedia ? window.matchMedia("(prefers-color-scheme: light)") : null;
  function stored() {
    if (embed) return ""; // an embed keeps nothing and reads nothing of the app's choices
    try { var value = localStorage.getItem(KEY); return value === "light" || value === "dark" ? value : ""; }
    catch (e) { return ""; }
  }
  function apply() {
    var chosen = asked === "light" || asked === "dark" ? asked : stored();
    root.setAttribute("data-theme", chosen || (system && system.matches ? "light" : "dark"));
    return chosen;
  }
  apply();
  if (system && system.addEventListener) system.addEventListener("change", apply);
  // the switch in the top bar: Auto (the system's), Light, Dark
  document.addEventListener("DOMContentLoaded", function () {
    var select = document.getElementById("theme-select");
    if (!select) return;
    select.value = stored() || "auto";
    select.addEventListener("change", function () {
      try {
        if (select.value === "auto") localStorage.removeItem(KEY);
        else localStorage.setItem(KEY, select.value);
      } catch (e) { /* storage refused: the choice lasts as long as the page */ }
      asked = select.value === "auto" ? null : select.value;
      apply();
    });
  });
})();
