// Live sheet: ask every two seconds whether the game changed; swap in the new sheet when it has.
// A 304 answer (nothing changed) costs the server one small query. See games.live for why polling.
(function () {
  "use strict";
  const live = document.getElementById("live");
  if (!live) return;
  const status = document.querySelector("[data-live-status]");
  let etag = live.dataset.etag ? `W/"${live.dataset.etag}"` : "";
  let failures = 0;

  function say(text) {
    if (!status) return;
    status.hidden = !text;
    status.textContent = text;
  }

  async function poll() {
    if (document.hidden) return;
    try {
      const response = await fetch(live.dataset.liveUrl, {
        headers: etag ? { "If-None-Match": etag } : {},
        cache: "no-store",
        credentials: "same-origin",
      });
      failures = 0;
      say("");
      if (response.status === 200) {
        etag = response.headers.get("ETag") || "";
        live.innerHTML = await response.text();
        live.dispatchEvent(new CustomEvent("live:updated", { bubbles: true }));
      }
    } catch (error) {
      failures += 1;
      if (failures >= 2) say(live.dataset.offlineText || "Offline: the sheet will update when the connection returns.");
    }
  }

  setInterval(poll, 2000);
  document.addEventListener("visibilitychange", poll);
  window.addEventListener("online", poll);
})();

// Copy buttons for the links (shown only where JavaScript runs).
(function () {
  "use strict";
  const done = document.querySelector("[data-copied]");
  document.querySelectorAll("[data-copy]").forEach((button) => {
    button.hidden = false;
    button.addEventListener("click", async () => {
      const input = document.getElementById(button.dataset.copy);
      try {
        await navigator.clipboard.writeText(input.value);
      } catch (error) {
        input.select();
        document.execCommand("copy");
      }
      if (done) { done.hidden = false; setTimeout(() => { done.hidden = true; }, 2000); }
    });
  });
})();
