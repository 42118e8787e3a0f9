// The result card: the final ranking and the running totals' chart drawn into one PNG, shared
// through the phone's share sheet where the browser can share files, downloaded elsewhere.
// The page works without it: the button stays hidden until this script shows it.
(function () {
  "use strict";
  var button = document.querySelector("[data-result-card]");
  var svg = document.querySelector("#running-title ~ figure svg");
  if (!button || !svg || !window.HTMLCanvasElement) return;
  var WIDTH = 720, PAD = 32, LINE = 44;

  function chartImage() {
    return new Promise(function (resolve, reject) {
      var copy = svg.cloneNode(true);
      copy.setAttribute("width", String(WIDTH - 2 * PAD));
      var box = svg.viewBox.baseVal;
      copy.setAttribute("height", String(Math.round((WIDTH - 2 * PAD) * box.height / box.width)));
      var text = new XMLSerializer().serializeToString(copy);
      var image = new Image();
      image.onload = function () { resolve(image); };
      image.onerror = reject;
      image.src = "data:image/svg+xml;charset=utf-8," + encodeURIComponent(text);
    });
  }

  function draw(image) {
    var lines = Array.prototype.slice.call(document.querySelectorAll("[data-card-ranking] li"));
    var rtl = document.documentElement.dir === "rtl";
    var canvas = document.createElement("canvas");
    canvas.width = WIDTH;
    canvas.height = PAD * 3 + LINE * (lines.length + 1) + image.height;
    var ctx = canvas.getContext("2d");
    ctx.fillStyle = "#fff";
    ctx.fillRect(0, 0, canvas.width, canvas.height);
    ctx.direction = rtl ? "rtl" : "ltr";
    ctx.textAlign = rtl ? "right" : "left";
    var start = rtl ? WIDTH - PAD : PAD;
    ctx.fillStyle = "#1b1f23";
    ctx.font = "bold 30px 'DejaVu Sans', sans-serif";
    ctx.fillText(button.dataset.title, start, PAD + 28);
    ctx.font = "26px 'DejaVu Sans', sans-serif";
    lines.forEach(function (li, i) {
      var y = PAD + LINE * (i + 1) + 30;
      ctx.fillStyle = li.dataset.colour || "#1b1f23";
      ctx.fillRect(rtl ? WIDTH - PAD - 20 : PAD, y - 20, 20, 20);
      ctx.fillStyle = "#1b1f23";
      ctx.fillText(li.textContent.replace(/\s+/g, " ").trim(), rtl ? start - 32 : start + 32, y);
    });
    ctx.drawImage(image, PAD, PAD * 2 + LINE * (lines.length + 1));
    return canvas;
  }

  function give(blob) {
    var file = new File([blob], button.dataset.file, { type: "image/png" });
    if (navigator.canShare && navigator.canShare({ files: [file] })) {
      return navigator.share({ files: [file], title: button.dataset.title }).catch(function () {});
    }
    var link = document.createElement("a");
    link.href = URL.createObjectURL(blob);
    link.download = button.dataset.file;
    document.body.appendChild(link);
    link.click();
    link.remove();
    setTimeout(function () { URL.revokeObjectURL(link.href); }, 10000);
  }

  button.hidden = false;
  button.addEventListener("click", function () {
    chartImage().then(function (image) {
      draw(image).toBlob(give, "image/png");
    });
  });
})();
