// New-game form helpers: custom points only when chosen, names on the table picture and on the
// first-declarer choices, Enter moving from one name to the next.
(function () {
  "use strict";
  document.documentElement.classList.add("js");
  const scheme = document.querySelector("[data-scheme]");
  const points = document.querySelector("[data-custom-points]");
  if (scheme && points) {
    const show = () => { points.hidden = scheme.value !== scheme.dataset.scheme; };
    scheme.addEventListener("change", show);
    show();
  }
  const names = Array.from(document.querySelectorAll("input[data-seat]"));
  names.forEach((input, index) => {
    const seat = document.querySelector(`[data-seat-label="${input.dataset.seat}"]`);
    const choice = document.querySelector(`[data-first-label="${input.dataset.seat}"]`);
    const fallback = choice ? choice.textContent : "";
    const number = seat ? seat.textContent : ""; // in the page's digits
    const update = () => {
      const name = input.value.trim();
      if (seat) seat.textContent = name || number;
      if (choice) choice.textContent = name || fallback;
    };
    input.addEventListener("input", update);
    update();
    // Enter moves on to the next name; after the last one it starts the game (the form's default).
    input.addEventListener("keydown", (event) => {
      if (event.key !== "Enter" || index === names.length - 1) return;
      event.preventDefault();
      names[index + 1].focus();
    });
  });
  const first = names.find((input) => !input.value.trim());
  if (first && !document.querySelector(".has-error")) first.focus();
  // Choosing another game or table size keeps the names typed: post the form instead of following
  // the link (which works without JavaScript, starting afresh).
  const form = document.querySelector("form[data-new-game]");
  document.querySelectorAll("[data-switch-game], [data-switch-players]").forEach((link) => {
    link.addEventListener("click", (event) => {
      if (!form) return;
      event.preventDefault();
      const input = document.createElement("input");
      input.type = "hidden";
      input.name = link.dataset.switchGame ? "switch_game" : "switch_players";
      input.value = link.dataset.switchGame || link.dataset.switchPlayers;
      form.append(input);
      if (link.dataset.switchGame) form.querySelector("[data-game]").value = link.dataset.switchGame;
      HTMLFormElement.prototype.submit.call(form);
    });
  });
  // No doubling leaves no compulsory doubles (the server says so too).
  const doubling = document.querySelector("[data-option=doubling]");
  const compulsory = document.querySelector("[data-option=compulsory_doubles]");
  if (doubling && compulsory) {
    const sync = () => {
      const none = doubling.value === "none";
      compulsory.disabled = none;
      if (none) compulsory.value = "0";
    };
    doubling.addEventListener("change", sync);
    sync();
  }
})();
