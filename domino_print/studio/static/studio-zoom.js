// domino-print studio: a page of the preview enlarged, to check the faces. Each page of the
// preview becomes a button; it opens a dialog with the page drawn larger (/zoom/...), the previous
// and next pages one button away, Escape (or "Close") closes and gives the focus back.
"use strict";

(() => {
  const words = JSON.parse(document.getElementById("words").textContent);
  const say = (key, values = {}) =>
    (words[key] || key).replace(/\{(\w+)\}/g, (whole, name) => (name in values ? values[name] : whole));
  const $ = (id) => document.getElementById(id);
  const pages = $("pages");
  const dialog = $("zoom");
  let shown = 0;
  let opener = null;

  const buttons = () => [...pages.querySelectorAll("button.page-zoom")];

  function wrap() {
    const items = [...pages.children];
    items.forEach((item, index) => {
      const picture = item.querySelector("img");
      if (!picture || picture.parentElement.matches("button.page-zoom")) return;
      const button = document.createElement("button");
      button.type = "button";
      button.className = "page-zoom";
      button.dataset.page = String(index);
      button.setAttribute("aria-label", say("zoom.open", { page: index + 1 }));
      picture.replaceWith(button);
      button.append(picture);
    });
  }

  function show(index) {
    const all = buttons();
    if (!all.length) return;
    shown = Math.max(0, Math.min(all.length - 1, index));
    const small = all[shown].querySelector("img");
    const image = $("zoom-image");
    image.src = small.src.replace("/pages/", "/zoom/");
    image.alt = small.alt;
    $("zoom-heading").textContent = say("preview.page", { page: shown + 1, pages: all.length });
    $("zoom-previous").disabled = shown === 0;
    $("zoom-next").disabled = shown === all.length - 1;
    $("zoom-page").scrollTo(0, 0);
  }

  pages.addEventListener("click", (event) => {
    const button = event.target.closest("button.page-zoom");
    if (!button) return;
    opener = button;
    show(Number(button.dataset.page));
    dialog.showModal();
    $("zoom-close").focus();
  });
  $("zoom-close").addEventListener("click", () => dialog.close());
  $("zoom-previous").addEventListener("click", () => show(shown - 1));
  $("zoom-next").addEventListener("click", () => show(shown + 1));
  dialog.addEventListener("keydown", (event) => {
    if (event.target.closest("button")) return;
    if (event.key === "PageUp") { event.preventDefault(); show(shown - 1); }
    if (event.key === "PageDown") { event.preventDefault(); show(shown + 1); }
  });
  dialog.addEventListener("click", (event) => { if (event.target === dialog) dialog.close(); });
  dialog.addEventListener("close", () => {
    $("zoom-image").removeAttribute("src");
    (opener && opener.isConnected ? opener : buttons()[shown])?.focus();
  });

  new MutationObserver(wrap).observe(pages, { childList: true });
  wrap();
})();
