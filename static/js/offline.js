// Nothing typed is lost when the connection drops: a deal that cannot be sent is kept in
// IndexedDB on this phone and sent when the connection returns. Each entry carries its form's
// one-time submission id, so sending it again never stores it twice.
//
// An entry is kept until the server has answered it for good: stored (2xx, or a redirect to the
// sheet), or shown back with the entry in the form ("this game changed", 409, or a refusal with
// the reason next to the field, 422). Anything else (no connection, a 5xx, a 429, a 400 because
// the cookie that carries the form's token was cleared) keeps it for another try; a 400 first
// fetches a fresh token from the page the form came from.
(function () {
  "use strict";
  const DB = "barbu-outbox";
  const STORE = "entries";
  const banner = document.querySelector("[data-outbox]");

  // Registered once the page has loaded, so that its offline copies never delay it; not later,
  // since a table that moves on within seconds and then loses its Wi-Fi still needs them.
  if ("serviceWorker" in navigator) {
    window.addEventListener("load", () => {
      navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch(() => {});
    });
  }

  function open() {
    return new Promise((resolve, reject) => {
      const request = indexedDB.open(DB, 1);
      request.onupgradeneeded = () => request.result.createObjectStore(STORE, { keyPath: "id" });
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
  }

  async function run(mode, work) {
    const db = await open();
    return new Promise((resolve, reject) => {
      const tx = db.transaction(STORE, mode);
      const result = work(tx.objectStore(STORE));
      tx.oncomplete = () => resolve(result && result.result);
      tx.onerror = () => reject(tx.error);
    });
  }

  const keep = (entry) => run("readwrite", (s) => s.put(entry));
  const drop = (id) => run("readwrite", (s) => s.delete(id));
  const all = () => run("readonly", (s) => s.getAll());

  function say(key, count) {
    if (!banner) return;
    const persian = document.documentElement.dataset.digits === "persian";
    const number = persian ? String(count).replace(/[0-9]/g, (d) => "۰۱۲۳۴۵۶۷۸۹"[d]) : String(count);
    const text = key ? banner.dataset[key].replace("{n}", number) : "";
    banner.hidden = !text;
    banner.textContent = text;
  }

  function show(html) {
    // The server's answer that holds the entry (a refusal, or "this game changed"): shown just as
    // a normal form post would show it, with the entry kept in the form.
    document.open();
    document.write(html);
    document.close();
  }

  function send(entry) {
    return fetch(entry.url, {
      method: "POST",
      body: new URLSearchParams(entry.fields),
      credentials: "same-origin",
    });
  }

  // What the server's answer means for a kept entry.
  function verdict(response) {
    if (response.redirected || response.ok) return "stored";
    if (response.status === 409 || response.status === 422) return "shown";
    return "again";
  }

  // The form's CSRF token is tied to the session cookie; if the cookie was cleared, the page the
  // form came from hands out a new cookie and a token that goes with it.
  async function refreshToken(entry) {
    try {
      const page = await fetch(entry.page || entry.url, { credentials: "same-origin", cache: "no-store" });
      if (!page.ok) return false;
      const html = new DOMParser().parseFromString(await page.text(), "text/html");
      const input = html.querySelector("[data-csrf]");
      if (!input) return false;
      entry.fields = entry.fields.map(([k, v]) => [k, k === input.name ? input.value : v]);
      return true;
    } catch (error) {
      return false;
    }
  }

  // Send `entry`; a 400 gets one more try with a fresh token. Throws when there is no connection.
  async function deliver(entry) {
    let response = await send(entry);
    if (response.status === 400 && (await refreshToken(entry))) response = await send(entry);
    return response;
  }

  // A followed redirect loses its #fragment; put back the deal's anchor.
  const landing = (response, entry) => response.url + (entry.anchor ? `#${entry.anchor}` : "");

  // The sheet opens once the finger has stopped tapping: a second or third tap on Save lands on
  // this page's disabled Save, not on whatever the sheet has in its place.
  let tapped = 0;
  document.addEventListener("pointerdown", () => { tapped = Date.now(); }, true);
  function go(url) {
    const wait = tapped + 350 - Date.now();
    if (wait > 0) setTimeout(() => go(url), wait);
    else location.href = url;
  }

  async function settle(response, entry, here) {
    const outcome = verdict(response);
    if (outcome === "again") {
      await keep(entry);
      say("retry", 1);
      return false;
    }
    await drop(entry.id);
    if (outcome === "shown" || !response.redirected) show(await response.text());
    else if (here) go(landing(response, entry));
    return true;
  }

  let flushing = false;
  async function flush() {
    if (flushing) return;
    flushing = true;
    try {
      const entries = await all();
      for (const entry of entries) {
        let response;
        try {
          response = await deliver(entry);
        } catch (error) {
          say("waiting", entries.length);
          return;
        }
        const here = entry.url.split("#")[0] === location.href.split("#")[0] || entries.length === 1;
        if (!(await settle(response, entry, here)) || verdict(response) === "shown") return;
      }
      say("", 0);
    } finally {
      flushing = false;
    }
  }

  document.querySelectorAll("form[data-outbox-form]").forEach((form) => {
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      const entry = {
        id: form.querySelector("[data-submission]").value,
        url: form.action || location.href,
        page: location.href.split("#")[0],
        anchor: form.dataset.anchor || "",
        fields: Array.from(new FormData(form).entries()),
        at: Date.now(),
      };
      if (event.submitter && event.submitter.name) entry.fields.push([event.submitter.name, event.submitter.value]);
      let response;
      try {
        response = await deliver(entry);
      } catch (error) {
        await keep(entry);
        say("kept", 1);
        return;
      }
      // Shown back with the entry in the form: post it the ordinary way, so that the answer is a
      // page of its own (the same one-time id and version give the same answer).
      if (verdict(response) === "shown") HTMLFormElement.prototype.submit.call(form);
      else await settle(response, entry, true);
    });
  });

  window.addEventListener("online", flush);
  setInterval(() => { all().then((entries) => { if (entries.length) flush(); }); }, 5000);
  all().then((entries) => { if (entries.length) { say("waiting", entries.length); flush(); } });
})();
