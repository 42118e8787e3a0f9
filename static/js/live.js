// The offline copies of pages (offline.js does this on pages that enter deals).
// Registered once the page has loaded, so that its offline copies never delay it; not later,
// since a table that moves on within seconds and then loses its Wi-Fi still needs them.
if ("serviceWorker" in navigator) {
  window.addEventListener("load", () => {
    navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch(() => {});
  });
}

// After a save the page is opened at the saved deal (#deal-N): show the top instead, where the
// deal just saved is summed up and the next deal's contracts wait, so nobody has to scroll up.
(function () {
  "use strict";
  const summary = document.querySelector("[data-last-deal]");
  const saved = /^#deal-(\d+)$/.exec(location.hash);
  if (!summary || !saved || saved[1] !== summary.dataset.lastDeal) return;
  const top = () => window.scrollTo(0, 0);
  top();
  window.addEventListener("load", () => { top(); setTimeout(top, 0); });
})();

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

  // The whole sheet or deal scores only, as the player last chose on this page; kept across updates.
  const FULL = "barbu-sheet-full";
  function sheetChoice() {
    const sheet = live.querySelector("[data-sheet]");
    if (!sheet) return;
    const full = sessionStorage.getItem(FULL) === "1" || (sessionStorage.getItem(FULL) === null && sheet.classList.contains("full"));
    sheet.classList.toggle("full", full);
    const show = live.querySelector("[data-sheet-full]");
    const hide = live.querySelector("[data-sheet-compact]");
    if (show) show.hidden = full;
    if (hide) hide.hidden = !full;
    [show, hide].forEach((link) => link && link.addEventListener("click", (event) => {
      event.preventDefault();
      sessionStorage.setItem(FULL, link === show ? "1" : "0");
      sheetChoice();
    }));
  }
  sheetChoice();

  function swap(html) {
    // Keep the viewer where they were: the page's scroll, the sheet's own scroll, what is open.
    const before = live.querySelector("[data-sheet]");
    const left = before ? before.scrollLeft : 0;
    const down = before ? before.scrollTop : 0;
    const open = new Map(Array.from(live.querySelectorAll("details[id]")).map((d) => [d.id, d.open]));
    const y = window.scrollY;
    live.innerHTML = html;
    sheetChoice();
    live.querySelectorAll("details[id]").forEach((d) => { if (open.has(d.id)) d.open = open.get(d.id); });
    const after = live.querySelector("[data-sheet]");
    if (after) { after.scrollLeft = left; after.scrollTop = down; }
    window.scrollTo(window.scrollX, y);
    copyButtons();
  }

  // Ask again only after the answer came, a little later when answers are slow or fail, with some
  // jitter so that many open pages do not ask in step.
  const BASE = 2000;
  let delay = BASE;
  let busy = false;
  async function poll() {
    if (busy) return;
    if (document.hidden) { schedule(); return; }
    busy = true;
    const started = Date.now();
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
        swap(await response.text());
        live.dispatchEvent(new CustomEvent("live:updated", { bubbles: true }));
      }
      const took = Date.now() - started;
      delay = response.ok || response.status === 304 ? (took > 1000 ? Math.min(delay * 1.5, 30000) : BASE) : Math.min(delay * 2, 30000);
    } catch (error) {
      failures += 1;
      delay = Math.min(delay * 2, 30000);
      if (failures >= 2) say(live.dataset.offlineText || "Offline: the sheet will update when the connection returns.");
    }
    busy = false;
    schedule();
  }
  let timer = null;
  function schedule() {
    clearTimeout(timer);
    timer = setTimeout(poll, delay * (0.8 + Math.random() * 0.4));
  }
  function now() { delay = BASE; clearTimeout(timer); poll(); }

  schedule();
  document.addEventListener("visibilitychange", () => { if (!document.hidden) now(); });
  window.addEventListener("online", now);
})();

// Copy buttons for the links (shown only where JavaScript runs), again after each live update.
function copyButtons() {
  "use strict";
  const done = document.querySelector("[data-copied]");
  document.querySelectorAll("[data-copy]:not([data-bound])").forEach((button) => {
    button.hidden = false;
    button.dataset.bound = "1";
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
}
copyButtons();

// The screen stays on where a page asks for it (data-keep-awake on its live.js tag: the game page
// and the deal form, not the group page) and the browser can (Wake Lock): a table reads the sheet
// between deals, and a phone that locks itself costs a tap and a code.
(function () {
  "use strict";
  if (!("wakeLock" in navigator) || !document.querySelector("[data-keep-awake]")) return;
  let lock = null;
  async function keep() {
    if (document.visibilityState !== "visible" || lock) return;
    try {
      lock = await navigator.wakeLock.request("screen");
      lock.addEventListener("release", () => { lock = null; });
    } catch (error) {
      lock = null; // refused (battery saver, no permission): the phone locks as usual
    }
  }
  // The browser lets the lock go when the page is hidden; take it again when it shows.
  document.addEventListener("visibilitychange", keep);
  keep();
})();
