// The big screen and the guide cards follow the evening by themselves: nobody stands at a TV to
// press a key. Every few seconds they ask for their live part with the ETag they have; a 304
// (nothing changed) costs the server little, a 200 brings the new part, swapped in place. Without
// JavaScript a <noscript> refresh reloads the whole page instead.
(function () {
  "use strict";
  var live = document.getElementById("evening-live");
  if (!live || !window.fetch) return;
  var base = (parseInt(live.getAttribute("data-poll-seconds"), 10) || 5) * 1000;
  var etag = live.getAttribute("data-etag") ? 'W/"' + live.getAttribute("data-etag") + '"' : "";
  var delay = base;
  var timer = null;

  function schedule() {
    clearTimeout(timer);
    // Some jitter, so that a room of phones does not ask in step.
    timer = setTimeout(poll, delay * (0.8 + Math.random() * 0.4));
  }

  function poll() {
    if (document.hidden) { schedule(); return; }
    var headers = etag ? { "If-None-Match": etag } : {};
    fetch(live.getAttribute("data-live-url"), { headers: headers, cache: "no-store", credentials: "same-origin" })
      .then(function (response) {
        if (response.status === 200) {
          etag = response.headers.get("ETag") || "";
          return response.text().then(function (html) { live.innerHTML = html; delay = base; });
        }
        // A 304 keeps the pace; an error (the server restarting, a 404 once the evening is gone)
        // asks less often, up to once a minute.
        delay = response.status === 304 ? base : Math.min(delay * 2, 60000);
      })
      .catch(function () { delay = Math.min(delay * 2, 60000); })
      .then(schedule);
  }

  schedule();
  document.addEventListener("visibilitychange", function () { if (!document.hidden) { delay = base; poll(); } });
})();

// The big screen stays on (Wake Lock, where the browser can): a laptop driving a projector would
// otherwise dim and lock in the middle of a round, with nobody beside it. Not the guide cards.
(function () {
  "use strict";
  if (!("wakeLock" in navigator) || !document.querySelector(".big-screen")) return;
  var lock = null;
  function keep() {
    if (document.visibilityState !== "visible" || lock) return;
    navigator.wakeLock.request("screen").then(function (taken) {
      lock = taken;
      lock.addEventListener("release", function () { lock = null; });
    }).catch(function () { lock = null; }); // refused (battery saver, no permission)
  }
  // The browser lets the lock go when the page is hidden; take it again when it shows.
  document.addEventListener("visibilitychange", keep);
  keep();
})();
