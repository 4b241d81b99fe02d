// domino-print studio: keep the work. "Download the theme" gives the pictures and their settings
// as a .zip (GET /theme.zip), which the command line reads; "Open a theme" sends such a file back
// (POST /api/theme), and the pictures it holds replace those of the set.
"use strict";

(() => {
  const { $, say, sayCount, ask, failure, lang } = window.studioWords;  // studio-words.js, loaded first
  const link = $("theme-download");
  if (!link) return;

  // The zip keeps the form's "names under the pictures" (--labels) with the pictures' settings.
  const labelsOn = () => { const box = $("f-labels"); return Boolean(box && box.checked && !box.disabled); };
  const zipHref = () => `/theme.zip?lang=${lang}&labels=${labelsOn() ? 1 : 0}&v=${Date.now()}`;
  link.addEventListener("click", () => { if (link.hasAttribute("href")) link.href = zipHref(); });

  let gone = false;
  document.addEventListener("studio:gone", () => {  // no server to make the zip: nothing to follow
    gone = true;
    link.removeAttribute("href");
    link.setAttribute("aria-disabled", "true");
  });

  document.addEventListener("studio:pictures", (event) => {
    const count = event.detail.pictures.length;
    if (count && !gone) {
      link.href = zipHref();
      link.removeAttribute("aria-disabled");
    } else {
      link.removeAttribute("href");
      link.setAttribute("aria-disabled", "true");
    }
  });

  $("theme-file").addEventListener("change", async (event) => {
    const file = event.target.files[0];
    event.target.value = "";
    if (!file) return;
    const status = $("theme-status");
    status.textContent = say("theme.sending");
    $("e-pictures").textContent = "";
    let answer = null;
    let data = {};
    try {
      answer = await ask(`/api/theme?lang=${lang}`, {
        method: "POST", headers: { "content-type": "application/zip" }, body: file,
      });
      data = await answer.json().catch(() => ({}));
    } catch (error) {
      status.textContent = "";
      $("e-pictures").textContent = error.message;  // the lost server, in the page's words (ask)
      return;
    }
    if (!answer.ok) {
      status.textContent = "";
      $("e-pictures").textContent = say("pictures.refused", { name: file.name, message: failure(answer, data) });
      return;
    }
    status.textContent = sayCount("theme.opened", data.pictures.length);
    if ($("f-labels")) $("f-labels").checked = Boolean(data.print_labels);  // as the theme was kept
    document.dispatchEvent(new CustomEvent("studio:state", { detail: data }));
  });
})();
