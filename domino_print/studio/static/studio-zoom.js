// domino-print studio: a page of the preview enlarged, to check the faces. Each page of the
// preview becomes a button; it opens a dialog with the page drawn larger (/zoom/...), the previous
// and next pages one button away, Escape (or "Close") closes and gives the focus back.
"use strict";

(() => {
  const { $, say, ask } = window.studioWords;  // studio-words.js, loaded first
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
    $("zoom-previous").disabled = gone || shown === 0;
    $("zoom-next").disabled = gone || shown === all.length - 1;
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

  // The enlarged page is an image the browser fetches itself: when it does not come, a probe through
  // ask() tells a lost server (then said as for every request, and here in the dialog too) from
  // anything else. With the server gone, the pages no longer open.
  const problem = document.createElement("p");
  problem.className = "error";
  problem.id = "zoom-error";
  problem.setAttribute("aria-live", "polite");
  $("zoom-page").before(problem);
  $("zoom-image").addEventListener("error", () => {
    if ($("zoom-image").getAttribute("src")) ask("/health", { cache: "no-store" }).catch(() => {});
  });
  let gone = false;
  document.addEventListener("studio:gone", () => {
    gone = true;
    problem.textContent = say("error.server_gone");
    $("zoom-image").hidden = true;  // no page will come: its words stand in its place
    $("zoom-previous").disabled = $("zoom-next").disabled = true;
    for (const button of buttons()) button.disabled = true;
  });
  dialog.addEventListener("close", () => { if (!gone) problem.textContent = ""; });

  new MutationObserver(() => {
    wrap();
    if (gone) for (const button of buttons()) button.disabled = true;
  }).observe(pages, { childList: true });
  wrap();
})();
