"""What a page does with its text, measured in the browser: text outside its cell, words broken.

A cell is any box that holds text for the eye (a table cell, a list item, a chip, a button, a
legend, a heading, a paragraph...). Every word of every visible text is measured with a Range:

- broken: its pieces lie on more than one line;
- outside: what is seen of it (clipped by any box between it and its cell that hides overflow, as
  a name shortened with an ellipsis is) reaches outside its cell's content box.
"""

from __future__ import annotations

from playwright.sync_api import Page

_MEASURE = """() => {
  const CELLS = "th, td, li, dt, dd, label, legend, summary, button, .button, caption, p, "
    + "h1, h2, h3, h4, figcaption, .chip";
  const SLACK = 1;
  const found = {broken: [], outside: []};
  const hidden = (el) => {
    for (let e = el; e && e !== document.body; e = e.parentElement) {
      const s = getComputedStyle(e);
      if (s.display === "none" || s.visibility === "hidden" || s.visibility === "collapse") return true;
      if (e.classList.contains("visually-hidden")) return true;
      if (e.tagName === "DETAILS" && !e.open && e !== el && !el.closest("summary")) return true;
    }
    return false;
  };
  const contentBox = (el) => {
    const r = el.getBoundingClientRect();
    const s = getComputedStyle(el);
    const px = (v) => parseFloat(v) || 0;
    return {
      left: r.left + px(s.borderLeftWidth) + px(s.paddingLeft),
      right: r.right - px(s.borderRightWidth) - px(s.paddingRight),
      top: r.top + px(s.borderTopWidth) + px(s.paddingTop),
      bottom: r.bottom - px(s.borderBottomWidth) - px(s.paddingBottom),
    };
  };
  const root = document.querySelector("main") || document.body;
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (!parent || !node.data.trim() || hidden(parent)) continue;
    const cell = parent.closest(CELLS);
    if (!cell) continue;
    // The boxes between the text and its cell that clip what overflows them.
    const clips = [];
    for (let e = parent; e && e !== cell; e = e.parentElement) {
      if (getComputedStyle(e).overflowX !== "visible") clips.push(e.getBoundingClientRect());
    }
    const box = contentBox(cell);
    if (box.right - box.left < 1 && cell.getBoundingClientRect().width < 1) continue;  // a collapsed column
    const where = `${cell.tagName.toLowerCase()}.${cell.className}`.slice(0, 60);
    const re = /[^\\s\\u2066-\\u2069]+/g;
    let m;
    while ((m = re.exec(node.data))) {
      const range = document.createRange();
      range.setStart(node, m.index);
      range.setEnd(node, m.index + m[0].length);
      const rects = Array.from(range.getClientRects()).filter((r) => r.width > 0.5 && r.height > 0.5);
      if (!rects.length) continue;
      const middles = rects.map((r) => (r.top + r.bottom) / 2).sort((a, b) => a - b);
      if (middles[middles.length - 1] - middles[0] > rects[0].height * 0.6) {
        found.broken.push(`${m[0]} in ${where}`);
      }
      for (const r of rects) {
        let seen = {left: r.left, right: r.right, top: r.top, bottom: r.bottom};
        for (const c of clips) {
          seen = {left: Math.max(seen.left, c.left), right: Math.min(seen.right, c.right),
                  top: Math.max(seen.top, c.top), bottom: Math.min(seen.bottom, c.bottom)};
        }
        if (seen.right - seen.left <= 0.5) continue;  // wholly clipped: an ellipsis stands for it
        const out = Math.max(box.left - seen.left, seen.right - box.right);
        if (out > SLACK) {
          found.outside.push(`${m[0]} in ${where} by ${Math.round(out)} px`);
          break;
        }
      }
    }
  }
  return found;
}"""


def measure(page: Page) -> dict[str, list[str]]:
    """{"broken": words on more than one line, "outside": words seen outside their cell}."""
    found: dict[str, list[str]] = page.evaluate(_MEASURE)
    return found
