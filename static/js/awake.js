// The screen stays on while a game page is open, where the browser can keep it on (Wake Lock): a
// table reads the sheet between deals, and a phone that locks itself costs a tap and a code.
(function () {
  "use strict";
  if (!("wakeLock" in navigator)) return;
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
