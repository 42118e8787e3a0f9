// Faster deal entry. The form works without this file; it only saves taps.
(function () {
  "use strict";
  const form = document.querySelector("form.deal-form");
  if (!form) return;
  const declarer = form.dataset.declarer;

  // What is typed is kept on this phone until it is saved or dropped: a reload, a tab the phone
  // discarded or a back button brings it back. Kept per game, deal, contract and version, so an
  // entry made on a sheet that changed since is never put on the new one.
  const draft = (function () {
    const KEY = `barbu-entry:${location.pathname}:${form.dataset.contract}:${form.querySelector("input[data-version]").value}`;
    // As long as the offline copies of pages with an edit link (sw.js): longer than a game lasts,
    // and the address in the key is the edit link.
    const KEPT = 6 * 3600 * 1000;
    const notice = document.querySelector("[data-draft]");
    function store() {
      try { return window.localStorage; } catch (error) { return null; }
    }
    function read() {
      const s = store();
      try { return s ? JSON.parse(s.getItem(KEY) || "null") : null; } catch (error) { return null; }
    }
    function fields() {
      // What the form carries unseen (its token, version, one-time id, contract) is not an entry.
      const controls = Array.from(form.elements).filter((el) => el.name && el.type !== "hidden");
      return controls.map((el) => [el.name, el.value, el.type === "checkbox" || el.type === "radio" ? el.checked : null, el.dataset.auto || ""]);
    }
    let sent = false;
    // Only an entry is kept: a form left untouched would come back announced as one. What the
    // server sent back (a refused entry) is the player's own.
    let touched = form.dataset.shownBack !== undefined;
    function save() {
      const s = store();
      if (sent || !touched) return;
      if (s) { try { s.setItem(KEY, JSON.stringify({ at: Date.now(), fields: fields() })); } catch (error) { /* full: nothing kept */ } }
    }
    function drop() {
      const s = store();
      if (s) s.removeItem(KEY);
    }
    // Sent, it is the outbox's to keep (offline.js) until the server has it.
    form.addEventListener("submit", () => { sent = true; drop(); });
    window.addEventListener("pageshow", (event) => { if (event.persisted) sent = false; });
    // Entries six hours old are dropped, whatever they were.
    const s = store();
    if (s) {
      for (let i = s.length - 1; i >= 0; i -= 1) {
        const key = s.key(i);
        if (!key || !key.startsWith("barbu-entry:")) continue;
        try { if (JSON.parse(s.getItem(key)).at < Date.now() - KEPT) s.removeItem(key); } catch (error) { s.removeItem(key); }
      }
    }
    // A page the server sent back with an entry (a refusal, or "this game changed") shows the
    // latest of it; otherwise what was kept goes back into the form.
    const kept = form.dataset.shownBack === undefined ? read() : null;
    if (kept && Array.isArray(kept.fields)) {
      kept.fields.forEach(([name, value, checked, auto]) => {
        const el = Array.from(form.elements).find((e) => e.name === name && (checked === null || e.value === value));
        if (!el) return;
        if (checked === null) { el.value = value; el.dataset.auto = auto; } else { el.checked = checked; }
      });
      if (notice) notice.hidden = false;
      touched = true;
    }
    const typed = () => { sent = false; touched = true; save(); };
    form.addEventListener("input", typed);
    form.addEventListener("change", typed);
    window.addEventListener("pagehide", save);
    const again = document.querySelector("[data-draft-drop]");
    if (again) {
      again.addEventListener("click", () => { sent = true; drop(); location.replace(location.href.split("#")[0]); });
    }
    return { save: typed, drop };
  })();

  // Switching contract keeps the doubles and counts already entered: the form is posted with the
  // new contract and comes back with what still applies (the link alone would start afresh).
  document.querySelectorAll("a.contract-button[data-switch]").forEach((link) => {
    link.addEventListener("click", (event) => {
      event.preventDefault();
      const input = document.createElement("input");
      input.type = "hidden";
      input.name = "choose";
      input.value = link.dataset.switch;
      form.append(input);
      HTMLFormElement.prototype.submit.call(form);
    });
  });

  function rowBoxes(row) {
    return Array.from(row.querySelectorAll("input[data-target]")).filter((b) => !b.closest("[hidden]"));
  }

  // The declarer may only redouble players who doubled them: offer just those.
  function refreshDeclarerRow() {
    const row = form.querySelector("[data-declarer-row]");
    if (!row) return;
    let offered = 0;
    row.querySelectorAll("input[data-target]").forEach((box) => {
      const doubled = form.querySelector(`input[data-doubler="${box.dataset.target}"][data-target="${declarer}"]`);
      const maxBox = form.querySelector(`input[data-max="${box.dataset.target}"]`);
      const yes = (doubled && doubled.checked) || (maxBox && maxBox.checked);
      box.closest("label").hidden = !yes;
      if (!yes) box.checked = false;
      if (yes) offered += 1;
    });
    const max = row.querySelector("input[data-max]");
    if (max) {
      max.closest("label").hidden = offered < 2;
      if (offered < 2) max.checked = false;
    }
    const none = row.querySelector("[data-none]");
    if (none) none.hidden = offered > 0;
  }

  // "Everyone doubles the declarer": one chip for the three (or four) doubles tables make most.
  const all = form.querySelector("input[data-all]");
  const ofDeclarer = () => Array.from(form.querySelectorAll(`.double-row:not([data-declarer-row]) input[data-target="${declarer}"]`));
  const rows = Array.from(form.querySelectorAll(".double-row"));
  function syncMax(row) {
    const max = row.querySelector("input[data-max]");
    const boxes = rowBoxes(row);
    if (max && row.dataset.declarerRow === undefined) max.checked = boxes.length > 0 && boxes.every((b) => b.checked);
  }
  function syncAll() {
    if (all) all.checked = ofDeclarer().every((b) => b.checked);
  }
  rows.forEach((row) => {
    const max = row.querySelector("input[data-max]");
    row.addEventListener("change", (event) => {
      const box = event.target;
      if (box === max) rowBoxes(row).forEach((b) => { b.checked = max.checked; });
      else if (max && box.dataset.target !== undefined) max.checked = rowBoxes(row).every((b) => b.checked);
      syncAll();
      refreshDeclarerRow();
    });
  });
  if (all) {
    all.addEventListener("change", () => {
      ofDeclarer().forEach((b) => { b.checked = all.checked; });
      rows.forEach(syncMax);
      refreshDeclarerRow();
    });
  }
  refreshDeclarerRow();
  syncAll();

  // Persian and Arabic-Indic digits and the minus sign typed on any keyboard, read as numbers.
  function latinDigits(text) {
    return text
      .replace(/[\u06F0-\u06F9]/g, (d) => String(d.charCodeAt(0) - 0x06f0))
      .replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x0660))
      .replace(/\u2212/g, "-");
  }

  // Counts that add up to the deal's total: steppers, what is left worked out (the last blank
  // one, or every blank one when nothing is left), and the cursor moving on as soon as a number
  // is complete (a 3 cannot become 30 when 13 is the most, nor a 1 become 10 when 9 are left).
  // After the last number the keyboard goes away, so that nothing under it is hidden.
  const countInputs = [];
  const blank = (input) => input.value.trim() === "";
  form.querySelectorAll("fieldset.counts").forEach((group) => {
    const total = Number(group.dataset.total);
    const inputs = Array.from(group.querySelectorAll("input[data-count]"));
    const value = (input) => (blank(input) ? null : Number(latinDigits(input.value.trim())));
    const typed = (input) => value(input) !== null && input.dataset.auto !== "1";
    function fillRest() {
      inputs.forEach((i) => { if (i.dataset.auto === "1") { i.value = ""; i.dataset.auto = ""; } });
      const blanks = inputs.filter((i) => value(i) === null);
      const rest = total - inputs.reduce((sum, i) => sum + (value(i) || 0), 0);
      if (!Number.isInteger(rest) || rest < 0 || blanks.length === 0) return;
      if (blanks.length === 1 || rest === 0) blanks.forEach((b) => { b.value = String(blanks.length === 1 ? rest : 0); b.dataset.auto = "1"; });
    }
    function room(input) {
      return total - inputs.filter((i) => i !== input && typed(i)).reduce((sum, i) => sum + value(i), 0);
    }
    function moveOn(input) {
      const next = countInputs.slice(countInputs.indexOf(input) + 1).find(blank);
      if (next) { next.focus(); next.select(); } else { input.blur(); }
    }
    inputs.forEach((input) => {
      countInputs.push(input);
      const label = group.querySelector(`label[for="${input.id}"]`).textContent.trim();
      const wrap = document.createElement("span");
      wrap.className = "stepper";
      input.replaceWith(wrap);
      for (const [text, delta, name] of [["−", -1, "fewer"], [null], ["+", 1, "more"]]) {
        if (text === null) { wrap.append(input); continue; }
        const button = document.createElement("button");
        button.type = "button";
        button.textContent = text;
        button.setAttribute("aria-label", `${label}: ${name}`);
        button.addEventListener("click", () => {
          const next = Math.max(0, Math.min(total, (value(input) || 0) + delta));
          input.value = String(next);
          input.dataset.auto = "";
          fillRest();
          draft.save();
        });
        wrap.append(button);
      }
      input.addEventListener("focus", () => input.select());
      input.addEventListener("input", () => {
        input.dataset.auto = "";
        fillRest();
        const n = value(input);
        // A 0, or a number that no further digit can keep within what is left, is complete.
        if (n !== null && Number.isInteger(n) && (n === 0 || n * 10 > room(input))) moveOn(input);
      });
      // Enter (Go, Next) moves to the next blank number, or puts the keyboard away.
      input.addEventListener("keydown", (event) => {
        if (event.key !== "Enter") return;
        event.preventDefault();
        moveOn(input);
      });
    });
  });

  // Dominoes: each player goes out once. Choosing a player for a place they already hold swaps
  // them with whoever held this one, so that a correction swaps two places in one tap; when one
  // place and one player are left, that player takes that place.
  const order = form.querySelector("[data-order]");
  if (order) {
    const places = Array.from(order.querySelectorAll("fieldset"));
    const seats = Array.from(places[0].querySelectorAll("input")).map((i) => i.value);
    const held = () => places.map((p) => { const c = p.querySelector("input:checked"); return c ? c.value : null; });
    const put = (place, seat) => place.querySelectorAll("input").forEach((i) => { i.checked = i.value === seat; });
    let before = held();
    function refreshOrder(changed) {
      if (changed >= 0) {
        const seat = held()[changed];
        const other = before.findIndex((s, i) => i !== changed && s === seat);
        if (other >= 0) put(places[other], before[changed]);
      }
      const now = held();
      const empty = now.flatMap((s, i) => (s === null ? [i] : []));
      const left = seats.filter((s) => !now.includes(s));
      if (empty.length === 1 && left.length === 1) put(places[empty[0]], left[0]);
      before = held();
      places.forEach((p, i) => p.querySelectorAll("input").forEach((input) => {
        input.closest("label").classList.toggle("taken", before.includes(input.value) && before[i] !== input.value);
      }));
    }
    order.addEventListener("change", (event) => refreshOrder(places.indexOf(event.target.closest("fieldset"))));
    refreshOrder(-1);
  }

  // Once sent, a second and third tap on Save send nothing more (the outbox sends it once, and
  // a tap landing on the next page as it opens would choose its contract).
  const saves = (disabled) => form.querySelectorAll("button[type=submit]").forEach((b) => { b.disabled = disabled; });
  form.addEventListener("submit", () => {
    window.setTimeout(() => saves(true), 0);
    window.setTimeout(() => saves(false), 4000); // kept offline, say: it may be changed and sent again
  });
  window.addEventListener("pageshow", () => saves(false));
})();

// Where the eye should be: after a refusal, on the first field in error (the summary of what
// went wrong stays in view at the top); on a fresh form, on the first number to type.
(function () {
  "use strict";
  const summary = document.querySelector("[data-error-summary]");
  const link = summary && summary.querySelector("a[data-section]");
  let target = null;
  if (link) {
    const group = document.getElementById(`group-${link.dataset.section}`);
    target = group && group.querySelector("input:not([type=hidden]), select");
  } else if (!summary) {
    target = Array.from(document.querySelectorAll("form.deal-form input[data-count]")).find((i) => i.value.trim() === "");
  }
  if (target) target.focus({ preventScroll: true });
})();
