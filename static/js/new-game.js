// New-game form helpers: custom points only when chosen, names on the table picture.
(function () {
  "use strict";
  document.documentElement.classList.add("js");
  const scheme = document.getElementById("scheme");
  const points = document.querySelector("[data-custom-points]");
  if (scheme && points) {
    const show = () => { points.hidden = scheme.value !== "custom"; };
    scheme.addEventListener("change", show);
    show();
  }
  document.querySelectorAll("input[data-seat]").forEach((input) => {
    const seat = document.querySelector(`[data-seat-label="${input.dataset.seat}"]`);
    const update = () => { seat.textContent = input.value.trim() || String(Number(input.dataset.seat) + 1); };
    input.addEventListener("input", update);
    update();
  });
  const doubling = document.getElementById("doubling");
  const compulsory = document.getElementById("compulsory_doubles");
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
