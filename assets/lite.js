// Lite diagrams (reversi/ui/embed/snippets.py lite_snippet): a static SVG inside a link to the game
// viewer. With this script on the page, a click turns the diagram into the live viewer in place
// (an iframe); without it, the link opens the viewer. Nothing is loaded before the click.
(function () {
  "use strict";
  function open(link) {
    var frame = document.createElement("iframe");
    frame.src = link.href;
    // the snippet's name for what it opens ("Reversi game viewer", in the embed's language)
    frame.title = link.getAttribute("data-title") || link.title || "Reversi";
    frame.className = "reversi-lite-frame";
    var wide = Math.max(link.getBoundingClientRect().width, 280);
    frame.style.cssText = "display:block;width:100%;max-width:" + Math.round(wide * 1.6) + "px;" +
      "height:" + Math.round(wide * 1.6 * 1.25) + "px;border:0";
    frame.setAttribute("allow", "clipboard-write");
    link.replaceWith(frame);
    frame.focus();
  }
  document.addEventListener("click", function (event) {
    if (event.defaultPrevented || event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return;
    var link = event.target.closest ? event.target.closest("a.reversi-lite") : null;
    if (!link) return;
    event.preventDefault();
    open(link);
  });
})();
