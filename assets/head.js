// Before the first paint (a classic script in <head>): what the address asks of the page's look.
// * ?view=embed or ?view=puzzle: <html class="view-embed"> (or "view-puzzle"): only the board and
//   its replay show (assets/app.css); reversi/ui/dom/main.py starts the embed, not the app.
// * ?controls=0 (an embed): <html class="no-controls">: no replay buttons, no move list.
// * ?theme=light or ?theme=dark: <html data-theme="...">, the palette of assets/app.css.
(function () {
  "use strict";
  var params;
  try { params = new URLSearchParams(location.search); } catch (e) { return; }
  var root = document.documentElement;
  var view = params.get("view");
  if (view === "embed" || view === "puzzle") root.classList.add("view-embed", "view-" + view);
  if (params.get("controls") === "0") root.classList.add("no-controls"); // an embed's still board
  var theme = params.get("theme");
  if (theme === "light" || theme === "dark") root.setAttribute("data-theme", theme);
})();
