// domino-print studio: with only a few pictures (goals.toml's few_pictures: 3 or 4), the pictures'
// path proposes the toddlers' game (large tiles, a double-two or double-three, played face up);
// one click sets those options on the form, as goals.toml says.
"use strict";

(() => {
  const { $, say } = window.studioWords;  // studio-words.js, loaded first
  const box = $("toddlers");
  if (!box) return;
  const proposals = JSON.parse(box.dataset.proposals);
  const form = $("options");
  let count = 0;

  const wanted = () => proposals[form.dataset.goal || ""] || null;
  const matches = (options) => Object.entries(options).every(([name, value]) => $("f-" + name)?.value === String(value));

  function update() {
    const proposal = wanted();
    const offered = proposal && proposal.counts.includes(count) && $("f-theme")?.value === "pictures";
    box.hidden = !offered || matches(proposal.options);
    if (offered) $("toddlers-text").textContent = say("toddlers.text", { count });
  }

  $("toddlers-accept").addEventListener("click", () => {
    const proposal = wanted();
    if (!proposal) return;
    for (const [name, value] of Object.entries(proposal.options)) {
      const control = $("f-" + name);
      if (control) control.value = String(value);
    }
    box.hidden = true;
    $("pictures-status").textContent = say("toddlers.chosen");
    document.dispatchEvent(new CustomEvent("studio:changed"));
    $("f-rules")?.focus();
  });

  document.addEventListener("studio:pictures", (event) => {
    count = event.detail.pictures.length;
    setTimeout(update, 0);  // after the upload has chosen "My pictures" as the theme
  });
  form.addEventListener("change", update);
  new MutationObserver(update).observe(form, { attributes: true, attributeFilter: ["data-goal"] });
})();
