// Nothing typed is lost when the connection drops: a deal that cannot be sent is kept in
// IndexedDB on this phone and sent when the connection returns. Each entry carries its form's
// one-time submission id, so sending it again never stores it twice.
(function () {
  "use strict";
  const DB = "barbu-outbox";
  const STORE = "entries";
  const banner = document.querySelector("[data-outbox]");

  if ("serviceWorker" in navigator) {
    navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch(() => {});
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
    const text = key ? banner.dataset[key].replace("{n}", String(count)) : "";
    banner.hidden = !text;
    banner.textContent = text;
  }

  function show(html) {
    // The server's answer to a post that was not accepted (a refusal, or "this game changed"):
    // shown just as a normal form post would show it, with the entry kept in the form.
    document.open();
    document.write(html);
    document.close();
  }

  async function send(entry) {
    const response = await fetch(entry.url, {
      method: "POST",
      body: new URLSearchParams(entry.fields),
      credentials: "same-origin",
    });
    return response;
  }

  // A followed redirect loses its #fragment; put back the deal's anchor.
  const landing = (response, entry) => response.url + (entry.anchor ? `#${entry.anchor}` : "");

  let flushing = false;
  async function flush() {
    if (flushing) return;
    flushing = true;
    try {
      const entries = await all();
      for (const entry of entries) {
        let response;
        try {
          response = await send(entry);
        } catch (error) {
          say("waiting", entries.length);
          return;
        }
        await drop(entry.id);
        if (!response.redirected) {
          show(await response.text());
          return;
        }
        if (entry.url.split("#")[0] === location.href.split("#")[0] || entries.length === 1) {
          location.href = landing(response, entry);
        }
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
        id: form.querySelector("input[name=submission]").value,
        url: form.action || location.href,
        anchor: form.dataset.anchor || "",
        fields: Array.from(new FormData(form).entries()),
        at: Date.now(),
      };
      if (event.submitter && event.submitter.name) entry.fields.push([event.submitter.name, event.submitter.value]);
      let response;
      try {
        response = await send(entry);
      } catch (error) {
        await keep(entry);
        say("kept", 1);
        return;
      }
      if (response.redirected) location.href = landing(response, entry);
      // Refused or out of date: nothing was stored, so post it the ordinary way to show the answer.
      else HTMLFormElement.prototype.submit.call(form);
    });
  });

  window.addEventListener("online", flush);
  setInterval(() => { all().then((entries) => { if (entries.length) flush(); }); }, 5000);
  all().then((entries) => { if (entries.length) { say("waiting", entries.length); flush(); } });
})();
