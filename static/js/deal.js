// Faster deal entry. The form works without this file; it only saves taps.
(function () {
  "use strict";
  const form = document.querySelector("form.deal-form");
  if (!form) return;
  const declarer = form.dataset.declarer;

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
      const doubled = form.querySelector(`input[name="dbl_${box.dataset.target}_${declarer}"]`);
      const maxBox = form.querySelector(`input[name="max_${box.dataset.target}"]`);
      const yes = (doubled && doubled.checked) || (maxBox && maxBox.checked);
      box.closest("label").hidden = !yes;
      if (!yes) box.checked = false;
      if (yes) offered += 1;
    });
    const max = row.querySelector("input[data-max]");
    if (max) max.closest("label").hidden = offered < 2;
    const none = row.querySelector("[data-none]");
    if (none) none.hidden = offered > 0;
  }

  form.querySelectorAll(".double-row").forEach((row) => {
    const max = row.querySelector("input[data-max]");
    row.addEventListener("change", (event) => {
      const box = event.target;
      if (box === max) rowBoxes(row).forEach((b) => { b.checked = max.checked; });
      else if (max && box.dataset.target !== undefined) max.checked = rowBoxes(row).every((b) => b.checked);
      refreshDeclarerRow();
    });
  });
  refreshDeclarerRow();

  // Persian and Arabic-Indic digits and the minus sign typed on any keyboard, read as numbers.
  function latinDigits(text) {
    return text
      .replace(/[\u06F0-\u06F9]/g, (d) => String(d.charCodeAt(0) - 0x06f0))
      .replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x0660))
      .replace(/\u2212/g, "-");
  }

  // Counts that add up to the deal's total: steppers, the last blank one filled in, and the
  // cursor moving on as soon as a number is complete (a 3 cannot become 30 when 13 is the most).
  const countInputs = [];
  form.querySelectorAll("fieldset.counts").forEach((group) => {
    const total = Number(group.dataset.total);
    const inputs = Array.from(group.querySelectorAll("input.count"));
    const value = (input) => (input.value.trim() === "" ? null : Number(latinDigits(input.value.trim())));
    function fillLast() {
      inputs.forEach((i) => { if (i.dataset.auto === "1") { i.value = ""; i.dataset.auto = ""; } });
      const blanks = inputs.filter((i) => value(i) === null);
      if (blanks.length !== 1) return;
      const rest = total - inputs.reduce((sum, i) => sum + (value(i) || 0), 0);
      if (rest >= 0 && Number.isInteger(rest)) { blanks[0].value = String(rest); blanks[0].dataset.auto = "1"; }
    }
    function moveOn(input) {
      const later = countInputs.slice(countInputs.indexOf(input) + 1);
      const next = later.find((i) => value(i) === null || i.dataset.auto === "1");
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
          fillLast();
        });
        wrap.append(button);
      }
      input.addEventListener("input", () => {
        input.dataset.auto = "";
        fillLast();
        const typed = value(input);
        // A 0, or a number that no further digit can extend, is complete.
        if (typed !== null && Number.isInteger(typed) && (typed === 0 || typed * 10 > total)) moveOn(input);
      });
      // Enter (Go, Next) moves to the next number; only after the last one does it save.
      input.addEventListener("keydown", (event) => {
        if (event.key !== "Enter") return;
        const next = countInputs[countInputs.indexOf(input) + 1];
        if (next) { event.preventDefault(); next.focus(); next.select(); }
      });
    });
  });

  // Dominoes: a player who went out cannot go out again; the last place fills itself.
  const order = form.querySelector("[data-order]");
  if (order) {
    const groups = Array.from(order.querySelectorAll("fieldset"));
    function refreshOrder() {
      const taken = new Map();
      groups.forEach((g, i) => { const c = g.querySelector("input:checked"); if (c) taken.set(c.value, i); });
      groups.forEach((g, i) => g.querySelectorAll("input").forEach((input) => {
        const other = taken.has(input.value) && taken.get(input.value) !== i;
        input.disabled = other;
        input.closest("label").classList.toggle("taken", other);
      }));
      const chosen = groups.slice(0, 3).map((g) => g.querySelector("input:checked")).filter(Boolean);
      const last = groups[3];
      if (chosen.length === 3 && !last.querySelector("input:checked")) {
        const used = new Set(chosen.map((c) => c.value));
        const rest = Array.from(last.querySelectorAll("input")).find((i) => !used.has(i.value));
        if (rest) { rest.disabled = false; rest.checked = true; }
      }
    }
    order.addEventListener("change", refreshOrder);
    refreshOrder();
  }
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
    target = document.querySelector("form.deal-form input.count");
  }
  if (target) target.focus({ preventScroll: true });
})();
