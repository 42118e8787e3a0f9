// Checking a paper sheet: faster typing in the grid. The page works without this file.
// Enter moves to the next figure; a ± button changes the sign of the figure being typed (phone
// number pads have no minus key); each row's sum shows as soon as it is complete, marked when it
// is no contract's total (or not the chosen contract's).
(function () {
  "use strict";
  document.documentElement.classList.add("js");

  // The setup: custom points only when chosen.
  const scheme = document.querySelector("[data-scheme]");
  const points = document.querySelector("[data-custom-points]");
  if (scheme && points) {
    // Hidden points are not sent either, so the grid's address stays short.
    const show = () => {
      points.hidden = scheme.value !== scheme.dataset.scheme;
      points.querySelectorAll("input").forEach((input) => { input.disabled = points.hidden; });
    };
    scheme.addEventListener("change", show);
    show();
  }
  const names = Array.from(document.querySelectorAll("input[data-name]"));
  names.forEach((input, index) => {
    input.addEventListener("keydown", (event) => {
      if (event.key !== "Enter" || index === names.length - 1) return;
      event.preventDefault();
      names[index + 1].focus();
    });
  });

  const form = document.querySelector("form[data-check-grid]");
  if (!form) return;
  const table = form.querySelector("table.paper-grid");
  const totals = JSON.parse(table.dataset.totals || "{}");
  const figures = Array.from(form.querySelectorAll("input.figure"));

  // Persian and Arabic-Indic digits and the minus sign, read as numbers.
  function read(text) {
    const latin = text.trim()
      .replace(/[\u06F0-\u06F9]/g, (d) => String(d.charCodeAt(0) - 0x06f0))
      .replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x0660))
      .replace(/\u2212/g, "-").replace(/^\+/, "");
    return /^-?\d+$/.test(latin) ? Number(latin) : null;
  }

  function refresh(row) {
    const output = row.querySelector("[data-sum]");
    if (!output) return;
    const values = Array.from(row.querySelectorAll("input.figure")).map((i) => read(i.value));
    if (values.some((v) => v === null)) { output.textContent = ""; output.classList.remove("off"); return; }
    const sum = values.reduce((a, b) => a + b, 0);
    const select = row.querySelector("[data-contract]");
    const fixed = row.querySelector("[data-contract-id]");
    const chosen = select ? select.value : (fixed ? fixed.dataset.contractId : "");
    const fits = chosen ? totals[chosen] === sum : Object.values(totals).includes(sum);
    const shown = sum > 0 ? `+${sum}` : sum < 0 ? `\u2212${-sum}` : "0";
    // In the page's digits: Persian ones when the reader chose them (the <html> element says).
    output.textContent = document.documentElement.dataset.digits === "persian"
      ? shown.replace(/[0-9]/g, (d) => "۰۱۲۳۴۵۶۷۸۹"[d]) : shown;
    output.classList.toggle("off", !fits);
  }

  form.querySelectorAll("tr[data-row]").forEach((row) => {
    row.addEventListener("input", () => refresh(row));
    row.addEventListener("change", () => refresh(row));
  });

  // Enter (Next on a phone keyboard) moves on; after the last figure it checks the sheet.
  figures.forEach((input, index) => {
    input.addEventListener("keydown", (event) => {
      if (event.key !== "Enter" || index === figures.length - 1) return;
      event.preventDefault();
      figures[index + 1].focus();
      figures[index + 1].select();
    });
  });

  // ±: changes the sign of the figure last typed in, keeping the keyboard open.
  const actions = form.querySelector(".check-actions");
  const sign = document.createElement("button");
  sign.type = "button";
  sign.className = "sign";
  sign.textContent = "±";
  sign.setAttribute("aria-label", form.dataset.sign);
  sign.hidden = true;
  actions.prepend(sign);
  let current = null;
  figures.forEach((input) => input.addEventListener("focus", () => { current = input; sign.hidden = false; }));
  sign.addEventListener("pointerdown", (event) => event.preventDefault());
  sign.addEventListener("click", () => {
    if (!current) return;
    const text = current.value.trim();
    current.value = /^[-\u2212]/.test(text) ? text.replace(/^[-\u2212]/, "") : `-${text}`;
    current.focus();
    current.dispatchEvent(new Event("input", { bubbles: true }));
  });
})();
