// The big screen reloads itself: nobody stands at a TV to press a key. The page works without it
// (a <noscript> refresh does the same).
(function () {
  "use strict";
  var screen = document.getElementById("big-screen");
  if (!screen) return;
  var seconds = parseInt(screen.getAttribute("data-refresh-seconds"), 10) || 15;
  window.setTimeout(function () { window.location.reload(); }, seconds * 1000);
})();
