// domino-print studio: the live preview, the pictures, the actions. No framework, no build step.
"use strict";

(() => {
  const { words, lang, $, say, sayCount, ask, failure, ServerGone } = window.studioWords;  // studio-words.js, loaded first
  const nameLanguages = words.name_languages;  // [{code, name}]: every language of --lang
  const form = $("options");
  const controls = [...form.querySelectorAll("[data-default]")];

  // -- which fields mean something now: the option table's needs (data-needs) -------------
  // A field's value as the option table reads it: as shown, else (empty, or disabled and so not
  // sent) its default or implied value; a checkbox is true or false.
  function currentValue(name) {
    const control = $("f-" + name);
    if (!control) return null;
    if (control.type === "checkbox") return !control.disabled && control.checked;
    const shown = control.disabled ? "" : control.value.trim();
    const value = shown === "" ? control.dataset.default : shown;
    return value === "" ? null : value;
  }

  const same = (a, b) => (typeof a === "boolean" || typeof b === "boolean" ? a === b : String(a) === String(b));

  function needsMet(needs) {
    return needs.every(({ option, values }) => {
      const value = currentValue(option);
      return values.some((wanted) => same(value, wanted));
    });
  }

  function updateImplied() {
    for (const control of form.querySelectorAll("[data-implied-with]")) {
      const { option, values } = JSON.parse(control.dataset.impliedWith);
      if (!("base" in control.dataset)) control.dataset.base = control.dataset.default;
      const other = currentValue(option);
      const implied = other !== null && String(other) in values ? String(values[String(other)]) : control.dataset.base;
      control.dataset.default = implied;
      if (control.placeholder !== undefined && control.type !== "checkbox") control.placeholder = implied;
    }
  }

  function updateCalibration() {
    // The calibration sheet for the paper, flip edge and language the form has now.
    if (document.body.dataset.gone) return;  // no server to make it
    const wanted = new URLSearchParams();
    for (const name of ["paper", "duplex", "lang"]) {
      const value = currentValue(name);
      if (value !== null) wanted.set(name, String(value));
    }
    $("calibration")?.setAttribute("href", "/calibration.pdf?" + wanted.toString());
  }

  function updateNeeds() {
    // Until nothing changes: a field may depend on one that was just enabled (target on rules on no_rules).
    for (let pass = 0; pass < 8; pass++) {
      let changes = 0;
      updateImplied();
      for (const field of form.querySelectorAll("[data-needs]")) {
        const met = needsMet(JSON.parse(field.dataset.needs));
        const control = field.querySelector("[data-default]");
        if (control.disabled === met) changes++;
        control.disabled = !met;
        field.classList.toggle("inactive", !met);
      }
      if (!changes) break;
    }
    updateImplied();
    updateCalibration();
  }

  // -- the options, as the option table reads them ------------------------------------------
  function collect() {
    const options = {};
    for (const control of controls) {
      if (control.disabled) continue;
      const preset = control.dataset.default;
      if (control.type === "checkbox") {
        if (control.checked) options[control.name] = true;
        continue;
      }
      const value = control.value.trim();
      if (value === "" || value === preset) continue;
      if (control.type === "number" && preset !== "" && Number(value) === Number(preset)) continue;
      options[control.name] = value;
    }
    return options;
  }

  // -- errors beside their field -------------------------------------------------------------
  function clearErrors() {
    for (const line of document.querySelectorAll("p.error")) line.textContent = "";
    for (const control of document.querySelectorAll("[aria-invalid]")) control.removeAttribute("aria-invalid");
  }

  function showErrors(errors) {
    for (const { field, message } of errors || []) {
      const line = $("e-" + field) || $("e-general");
      line.textContent = message;
      $("f-" + field)?.setAttribute("aria-invalid", "true");
    }
    document.dispatchEvent(new CustomEvent("studio-errors", { detail: errors || [] }));  // a row's, beside it
  }

  // -- the live preview: the newest change always wins --------------------------------------
  let sequence = 0;
  let inFlight = null;
  let busyTimer = null;
  let changedAt = performance.now();
  let sizeTimer = null;
  let previewPending = false;
  window.studioTimings = [];

  function setBusy(on) {
    clearTimeout(busyTimer);
    const pages = $("pages");
    if (on) {
      pages.setAttribute("aria-busy", "true");
      busyTimer = setTimeout(() => { $("busy").hidden = false; $("mini").classList.add("working"); }, 150);
    } else {
      pages.removeAttribute("aria-busy");
      $("busy").hidden = true;
      $("mini").classList.remove("working");
    }
  }

  // -- never the wrong PDF: the actions offer only the PDF of the settings on screen ----------
  const actionLinks = ["download", "print", "print3d"];

  function disableActions(message) {
    for (const id of actionLinks) {
      const link = $(id);
      link.removeAttribute("href");
      link.setAttribute("aria-disabled", "true");
      link.tabIndex = 0;  // still reached, and read as unavailable (and the preview keeps a focusable control)
    }
    $("e-actions").textContent = message || "";
  }

  function enableActions(download, fileName, print3d) {
    // the page's language rides along: a download that cannot be made says why in it
    const named = "lang=" + lang + (fileName ? "&name=" + encodeURIComponent(fileName) : "");
    for (const [id, href] of [["download", download + "?" + named], ["print", download + "?inline=1&" + named],
                              ["print3d", print3d + "?" + named]]) {
      const link = $(id);
      link.href = href;
      link.removeAttribute("aria-disabled");
      link.removeAttribute("tabindex");
    }
    if (fileName) $("download").setAttribute("download", fileName);
    $("e-actions").textContent = "";
  }

  // A list in error makes no set: the pages, summary and command line of the last one go.
  function clearShown() {
    markStale(false);
    $("pages").replaceChildren();
    $("summary").textContent = "";
    $("mini-summary").textContent = "";
    $("command").textContent = "";
    $("copy").hidden = true;
    $("command").closest(".command").hidden = true;
  }

  // The server is gone (stopped, or the computer asleep): every request of every script goes
  // through studioWords.ask, which dispatches "studio:gone"; it is said here in the page's language,
  // the same way whichever request met it, and what no longer works is disabled: the download,
  // print and 3D links, and every file to send (pictures, a theme, a list). The preview is stale.
  function serverGone() {
    const message = say("error.server_gone");
    $("e-general").textContent = message;
    $("e-pictures").textContent = message;  // beside the pictures too (a phone shows one view at a time)
    disableActions(message);
    for (const input of document.querySelectorAll("input[type=file]")) {
      input.disabled = true;
      document.querySelector(`label[for="${input.id}"]`)?.setAttribute("aria-disabled", "true");
    }
    $("calibration")?.removeAttribute("href");  // (a sheet the server makes: kept off by updateCalibration)
    $("calibration")?.setAttribute("aria-disabled", "true");
    previewPending = downloadWanted = false;
    markStale(true);
    setBusy(false);
    document.body.dataset.gone = "true";
  }
  document.addEventListener("studio:gone", serverGone);

  function markStale(stale) {
    $("mini").classList.toggle("mini-stale", stale);  // the phone's mini summary marked too
    $("stale").hidden = !stale;
    $("pages").classList.toggle("stale", stale);
    if (stale) $("summary").dataset.stale = "true";
    else delete $("summary").dataset.stale;
  }

  // The width a page of the preview is shown at, in the screen's pixels (the server draws the
  // pictures that wide, not wider); 0 when the preview is out of view (a phone's settings view).
  function pagePixels() {
    const list = $("pages");
    const shown = list.querySelector("img")?.clientWidth
      || parseFloat(getComputedStyle(list).gridTemplateColumns) || list.clientWidth;
    return Math.round(shown * (window.devicePixelRatio || 1));
  }

  async function preview() {
    const mine = ++sequence;
    const started = changedAt;
    if (inFlight) inFlight.abort();
    inFlight = new AbortController();
    setBusy(true);
    let answer;
    let data = {};
    try {
      answer = await ask("/api/preview", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ options: collect(), page_lang: lang, page_px: pagePixels(),
                               ...(window.studioPreviewExtra?.() || {}) }),
        signal: inFlight.signal,
      });
      data = await answer.json().catch(() => ({}));
    } catch {
      return;  // a newer change aborted it, or the server is gone (said by serverGone)
    }
    if (mine !== sequence) return; // a newer change is on its way
    if (answer.status === 409) {
      // The server saw another of our requests after this one (two requests' bodies can reach it
      // in either order) and made this one give up: this is still the newest change, so ask again.
      preview();
      return;
    }
    clearErrors();
    if (!answer.ok) {
      const errors = data.errors || [{ field: "general", message: failure(answer, data) }];
      showErrors(errors);
      disableActions(errors.map((e) => e.message).join(" "));
      previewPending = downloadWanted = false;
      if (errors.some((e) => e.field === "list")) clearShown();  // no list: no set to show as if current
      else markStale(true);
      setBusy(false);
      return;
    }
    await showPages(data, mine, started);
  }

  async function showPages(data, mine, started) {
    const count = data.pages.length;
    const pictures = data.pages.map((src, index) => {
      const picture = new Image();
      picture.alt = say("preview.page", { page: index + 1, pages: count });
      if (index >= 4) picture.loading = "lazy";
      picture.src = src;
      return picture;
    });
    // Swap only once the first pages are decoded: no flash, and a slow answer never wins.
    await Promise.all(pictures.slice(0, 4).map((picture) => picture.decode().catch(() => {})));
    if (mine !== sequence) return;
    const list = $("pages");
    list.replaceChildren(...pictures.map((picture) => {
      const item = document.createElement("li");
      item.append(picture);
      return item;
    }));
    $("summary").textContent = data.summary;
    $("mini-summary").textContent = data.summary;
    picturesTop = data.pictures_top ?? null;
    lowResolution = data.low_resolution || {};
    markLeftOut();
    markStale(false);
    $("command").textContent = data.command || "";
    $("copy").hidden = !data.command;
    $("command").closest(".command").hidden = !data.command;
    enableActions(data.download, data.file_name, data.print3d);
    if (mine === sequence) {
      previewPending = false;
      if (downloadWanted) {
        downloadWanted = false;
        $("download").click();
      }
    }
    setBusy(false);
    document.body.dataset.previewSeq = String(mine);
    document.body.dataset.previewKey = data.key;
    window.studioTimings.push({ seq: mine, ms: performance.now() - started });
    if (data.size_url && !data.size_known) {
      // The size of a PDF of photos needs the full PDF: asked for once the settings rest a moment.
      clearTimeout(sizeTimer);
      sizeTimer = setTimeout(async () => {
        if (mine !== sequence) return;
        const answer = await ask(data.size_url + "?lang=" + lang).catch(() => null);
        if (answer && answer.ok && mine === sequence) {
          const { summary } = await answer.json();
          $("summary").textContent = summary;
          $("mini-summary").textContent = summary;
        }
      }, 700);
    }
  }

  let typingTimer = null;
  function changed(event) {
    previewPending = true;
    changedAt = performance.now();
    updateNeeds();
    disableActions("");  // until the preview of these settings arrives: never an older PDF
    clearTimeout(typingTimer);
    const typing = event && event.type === "input" && event.target.matches("input[type=text], input[type=number]");
    if (typing) typingTimer = setTimeout(preview, 250);
    else preview();
  }

  form.addEventListener("change", (event) => {
    if (event.target.closest("#pictures, #list")) return;  // their own scripts save, then call changed
    changed(event);
  });
  form.addEventListener("input", (event) => {
    if (event.target.closest("#pictures, #list")) return;
    if (event.target.matches("input[type=text], input[type=number]")) changed(event);
  });
  form.addEventListener("submit", (event) => { event.preventDefault(); changed(); });

  // -- the visitor's pictures ------------------------------------------------------------
  const thumbs = $("thumbs");
  const themeSelect = $("f-theme");

  async function send(url, body, isJson = true) {
    const answer = await ask(`${url}${url.includes("?") ? "&" : "?"}lang=${lang}`, isJson ? {
      method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body),
    } : { method: "POST", body });
    const data = await answer.json().catch(() => ({}));
    if (!answer.ok) throw new Error(failure(answer, data));
    return data;
  }

  function picturesOption() {
    return themeSelect && [...themeSelect.options].find((option) => option.value === "pictures");
  }

  function showPictures(state, focus) {
    const count = state.pictures.length;
    const option = picturesOption();
    if (option) option.disabled = count === 0;
    if (count === 0 && themeSelect.value === "pictures") themeSelect.value = themeSelect.dataset.default;
    $("fit").value = state.fit || "contain";
    if (document.activeElement !== $("title")) $("title").value = state.title || "";
    $("background").value = (state.background || "#FFFFFF").toLowerCase();
    const open = new Set([...thumbs.querySelectorAll("details[open]")].map((d) => d.closest("li").dataset.id));
    thumbs.replaceChildren(...state.pictures.map((picture, value) => thumbItem(picture, value, count, open)));
    keysHelp.hidden = count === 0;
    for (const item of thumbs.children) rove(item, null);
    markLeftOut();
    if (focus) thumbs.querySelector(`[data-id="${focus.id}"] [data-act="${focus.act}"]`)?.focus();
    document.dispatchEvent(new CustomEvent("studio:pictures", { detail: state }));  // studio-*.js
  }

  // The page's other scripts (studio-crop.js, studio-theme.js...) ask for a new preview, or hand
  // over a new state of the pictures, through these two events.
  document.addEventListener("studio:changed", () => changed());
  document.addEventListener("studio:state", (event) => {
    showPictures(event.detail);
    if (event.detail.pictures.length) themeSelect.value = "pictures";
    changed();
  });

  function button(act, label, text, disabled) {
    const element = document.createElement("button");
    element.type = "button";
    element.className = "small";
    element.dataset.act = act;
    element.setAttribute("aria-label", label);
    element.title = label;
    element.textContent = text;
    element.disabled = disabled;
    return element;
  }

  // A name field per language: the page's own shown, the others behind a small disclosure.
  // An empty field shows, greyed, the name that language prints (the theme's fallback).
  function nameField(picture, code, shownName) {
    const id = `name-${picture.id}-${code}`;
    const label = document.createElement("label");
    label.htmlFor = id;
    label.textContent = say("pictures.name", { lang: shownName });
    const input = document.createElement("input");
    input.type = "text";
    input.id = id;
    input.lang = code;
    input.maxLength = 40;
    input.value = picture.labels[code] || "";
    input.placeholder = picture.printed?.[code] || "";
    input.dataset.lang = code;
    return [label, input];
  }

  function thumbItem(picture, value, count, open) {
    const item = document.createElement("li");
    item.className = "thumb";
    item.draggable = true;
    item.dataset.id = picture.id;
    const figure = document.createElement("figure");
    const image = document.createElement("img");
    image.src = picture.thumb;
    image.alt = picture.printed?.[lang] || picture.labels[lang] || "";
    const caption = document.createElement("figcaption");
    caption.textContent = say("pictures.value", { value });
    figure.append(image, caption);
    item.append(figure);
    const others = document.createElement("details");
    others.className = "languages-other";
    others.open = open.has(picture.id);
    const summary = document.createElement("summary");
    summary.textContent = say("pictures.other_languages");
    others.append(summary);
    for (const { code, name } of nameLanguages) {
      (code === lang ? item : others).append(...nameField(picture, code, name));
    }
    if (others.children.length > 1) item.append(others);
    const tools = document.createElement("div");
    tools.className = "tools";
    tools.append(
      button("up", say("pictures.up", { value }), "↑", value === 0),
      button("down", say("pictures.down", { value }), "↓", value === count - 1),
      button("remove", say("pictures.remove", { value }), "✕", false),
    );
    item.append(tools);
    return item;
  }

  // The pictures over the set the preview made (a double-eighteen uses 19), and those that would
  // print soft at the tile's size (under 150 ppi: the server's words, by picture id): said beside each.
  let picturesTop = null;
  let lowResolution = {};
  function note(item, kind, text) {
    let line = item.querySelector(`.${kind}`);
    if (!text) { line?.remove(); return; }
    if (!line) {
      line = document.createElement("p");
      line.className = kind;
      line.id = `${kind}-${item.dataset.id}`;
      const after = kind === "low-resolution" && item.querySelector(".left-out");
      (after || item.querySelector("figure")).after(line);
    }
    line.textContent = text;
  }
  function markLeftOut() {
    [...thumbs.children].forEach((item, value) => {
      const over = picturesTop !== null && value > picturesTop;
      note(item, "left-out", over ? say("pictures.over_set", { top: picturesTop }) : "");
      note(item, "low-resolution", lowResolution[item.dataset.id] || "");
      const described = [".left-out", ".low-resolution"].map((kind) => item.querySelector(kind)?.id).filter(Boolean);
      for (const control of stops(item)) {  // each control of the picture says it, whichever is its stop
        control.setAttribute("aria-describedby", [...described, "thumbs-keys"].join(" "));
      }
    });
  }

  // -- one Tab stop per picture, its controls reached with the arrow keys (a roving tabindex) ---------
  // A picture's controls (its names, the other languages' disclosure, up, down, remove) take one
  // Tab stop: the one last used. Up and Down move to the previous or next control (and Left and
  // Right but in a name being typed, where they move the caret; Home and End to the first or the
  // last); Enter and Space act as on any button. The crop frame, a slider moved with the arrows,
  // keeps a stop of its own (studio-crop.js).
  const keysHelp = document.createElement("p");
  keysHelp.className = "help";
  keysHelp.id = "thumbs-keys";
  keysHelp.textContent = say("pictures.keys");
  keysHelp.hidden = true;
  thumbs.before(keysHelp);

  function stops(item) {
    return [...item.querySelectorAll("input[data-lang], summary, button[data-act]")].filter(
      (control) => !control.disabled && (control.matches("summary") || !control.closest("details:not([open])")));
  }

  function rove(item, chosen) {
    const all = stops(item);
    const stop = all.includes(chosen) ? chosen
      : all.find((control) => control.tabIndex === 0 && control.dataset.stop === "true") || all[0];
    for (const control of item.querySelectorAll("input[data-lang], summary, button[data-act]")) {
      control.tabIndex = control === stop ? 0 : -1;
      control.dataset.stop = String(control === stop);
    }
  }

  thumbs.addEventListener("focusin", (event) => {
    const item = event.target.closest("li.thumb");
    if (item && stops(item).includes(event.target)) rove(item, event.target);
  });
  thumbs.addEventListener("toggle", (event) => {  // a disclosure opened or closed: its names join or leave
    const item = event.target.closest("li.thumb");
    if (item) rove(item, item.contains(document.activeElement) ? document.activeElement : null);
  }, true);
  thumbs.addEventListener("keydown", (event) => {
    const item = event.target.closest("li.thumb");
    if (!item || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    const all = stops(item);
    const at = all.indexOf(event.target);
    if (at < 0) return;
    const typing = event.target.matches("input[type=text]");
    const moves = { ArrowUp: at - 1, ArrowDown: at + 1 };
    if (!typing) Object.assign(moves, { ArrowLeft: at - 1, ArrowRight: at + 1, Home: 0, End: all.length - 1 });
    if (!(event.key in moves)) return;
    event.preventDefault();
    all[Math.max(0, Math.min(all.length - 1, moves[event.key]))].focus();
  });

  function order() { return [...thumbs.children].map((item) => item.dataset.id); }

  async function reorder(ids, focus) {
    try {
      showPictures(await send("/api/pictures/order", { order: ids }), focus);
      changed();
    } catch (error) { $("e-pictures").textContent = error.message; }
  }

  thumbs.addEventListener("click", async (event) => {
    const target = event.target.closest("button[data-act]");
    if (!target) return;
    const id = target.closest("li").dataset.id;
    const ids = order();
    const at = ids.indexOf(id);
    if (target.dataset.act === "remove") {
      try {
        showPictures(await send("/api/pictures/remove", { id }));
        const next = thumbs.children[Math.min(at, thumbs.children.length - 1)];
        (next?.querySelector("[data-act=remove]") || $("files")).focus();
        changed();
      } catch (error) { $("e-pictures").textContent = error.message; }
      return;
    }
    const to = target.dataset.act === "up" ? at - 1 : at + 1;
    if (to < 0 || to >= ids.length) return;
    [ids[at], ids[to]] = [ids[to], ids[at]];
    const act = (to === 0 && target.dataset.act === "up") || (to === ids.length - 1 && target.dataset.act === "down")
      ? (target.dataset.act === "up" ? "down" : "up") : target.dataset.act;
    reorder(ids, { id, act });
  });

  thumbs.addEventListener("change", async (event) => {
    const input = event.target;
    if (!input.dataset.lang) return;
    const id = input.closest("li").dataset.id;
    try {
      const state = await send("/api/pictures/name", { id, lang: input.dataset.lang, name: input.value });
      const picture = state.pictures.find((p) => p.id === id);
      for (const field of input.closest("li").querySelectorAll("input[data-lang]")) {
        field.placeholder = picture?.printed?.[field.dataset.lang] || "";  // the fallbacks follow
      }
      changed();
    } catch (error) { $("e-pictures").textContent = error.message; }
  });

  let dragged = null;
  thumbs.addEventListener("dragstart", (event) => {
    dragged = event.target.closest("li");
    event.dataTransfer.effectAllowed = "move";
    event.dataTransfer.setData("text/plain", dragged.dataset.id);
  });
  thumbs.addEventListener("dragover", (event) => {
    if (!dragged) return;
    event.preventDefault();
    const over = event.target.closest("li");
    if (!over || over === dragged) return;
    const box = over.getBoundingClientRect();
    const after = event.clientX > box.left + box.width / 2 || event.clientY > box.bottom;
    over.parentNode.insertBefore(dragged, after ? over.nextSibling : over);
  });
  thumbs.addEventListener("drop", (event) => {
    if (!dragged) return;
    event.preventDefault();
    event.stopPropagation();
    dragged = null;
    reorder(order());
  });
  thumbs.addEventListener("dragend", () => { dragged = null; });

  function refused(items) {
    const list = $("refused");
    for (const { name, message } of items) {
      const item = document.createElement("li");
      item.className = "refused-item";
      const text = document.createElement("span");
      text.textContent = say("pictures.refused", { name, message });
      const close = button("dismiss", say("pictures.dismiss"), "✕", false);
      close.addEventListener("click", () => { item.remove(); $("files").focus(); });
      item.append(text, close);
      list.append(item);
    }
  }

  const UPLOADS_AT_ONCE = 3;
  const byName = new Intl.Collator(undefined, { numeric: true, sensitivity: "base" });

  async function upload(files) {
    if (!files.length) return;
    files = [...files].sort((a, b) => byName.compare(a.name, b.name));
    $("pictures-status").textContent = sayCount("pictures.sending", files.length);
    $("e-pictures").textContent = "";
    const started = performance.now();
    const arrived = new Map();  // index in the sorted files -> picture id: a drop lands in name order
    let state = null;
    let next = 0;
    // Each file is its own request, a few at a time: the server decodes one while the next arrives.
    async function worker() {
      while (next < files.length) {
        const index = next++;
        const file = files[index];
        try {
          const answer = await ask(`/api/picture?lang=${lang}&name=${encodeURIComponent(file.name)}`, {
            method: "POST", headers: { "content-type": "application/octet-stream" }, body: file,
          });
          const data = await answer.json().catch(() => ({}));
          if (!answer.ok) throw new Error(failure(answer, data));
          refused(data.rejected || []);
          if (data.added && data.added.length) arrived.set(index, data.added[0]);
          if (!state || data.pictures.length >= state.pictures.length) state = data;
        } catch (error) {
          if (error instanceof ServerGone) {  // said once beside the pictures, not once per file
            next = files.length;
            $("e-pictures").textContent = error.message;
            return;
          }
          refused([{ name: file.name, message: error.message }]);
        }
      }
    }
    await Promise.all(Array.from({ length: Math.min(UPLOADS_AT_ONCE, files.length) }, worker));
    if (!state) { $("pictures-status").textContent = ""; return; }
    const added = [...arrived.entries()].sort((a, b) => a[0] - b[0]).map(([, id]) => id);
    const ids = state.pictures.map((p) => p.id);
    const wanted = [...ids.filter((id) => !added.includes(id)), ...added.filter((id) => ids.includes(id))];
    if (wanted.join() !== ids.join()) {
      try { state = await send("/api/pictures/order", { order: wanted }); } catch { /* keep arrival order */ }
    }
    showPictures(state);
    $("pictures-status").textContent = sayCount("pictures.count", state.pictures.length);
    if (added.length && themeSelect.value !== "list") themeSelect.value = "pictures";  // (a list's cells)
    changedAt = started;
    updateNeeds();
    preview();
  }

  $("files").addEventListener("change", (event) => {
    upload([...event.target.files]);
    event.target.value = "";
  });
  const drop = $("pictures");
  document.addEventListener("dragover", (event) => {
    if (dragged) return;
    event.preventDefault();
    drop.classList.add("dragging");
  });
  document.addEventListener("dragleave", (event) => {
    if (!event.relatedTarget) drop.classList.remove("dragging");
  });
  document.addEventListener("drop", (event) => {
    if (dragged) return;
    event.preventDefault();
    drop.classList.remove("dragging");
    upload([...(event.dataTransfer?.files || [])]);
  });

  async function look() {
    try {
      showPictures(await send("/api/pictures/look", { fit: $("fit").value, background: $("background").value }));
      changed();
    } catch (error) { $("e-pictures").textContent = error.message; }
  }
  $("title").addEventListener("change", async () => {
    try {
      await send("/api/pictures/title", { title: $("title").value });
      changed();
    } catch (error) { $("e-pictures").textContent = error.message; }
  });
  $("fit").addEventListener("change", look);
  $("background").addEventListener("change", look);

  // -- actions ------------------------------------------------------------------------------
  // A click on the download while the preview of a change is on its way (the field just left
  // sends its change as the button is pressed) downloads once that preview has arrived: the PDF
  // of the settings on screen, never the one before.
  let downloadWanted = false;
  for (const id of actionLinks) {
    $(id).addEventListener("click", (event) => {
      if ($(id).getAttribute("aria-disabled") !== "true") return;
      event.preventDefault();
      if (id === "download" && previewPending) downloadWanted = true;
    });
  }

  $("copy").addEventListener("click", async () => {
    const command = $("command").textContent;
    try {
      await navigator.clipboard.writeText(command);
    } catch {
      const range = document.createRange();
      range.selectNodeContents($("command"));
      const selection = window.getSelection();
      selection.removeAllRanges();
      selection.addRange(range);
      document.execCommand("copy");
    }
    $("copy-status").textContent = say("actions.copied");
  });

  // -- the first screen: what to make (goals.toml); each goal shows a few of the form's fields --
  const goalsSection = $("goals");
  const goalData = JSON.parse(goalsSection.dataset.goals);
  const GOAL_KEY = "domino-print-goal";
  const inList = (element, name) => (element.dataset.goals || "").split(" ").includes(name);

  function updateGoalView() {
    const name = form.dataset.goal || "all";
    const all = name === "all" || $("show-all").checked;
    for (const field of form.querySelectorAll(".field[data-field]")) field.hidden = !all && !inList(field, name);
    for (const group of form.querySelectorAll("fieldset.group")) {
      if (group.id === "pictures" || group.id === "list") group.hidden = !all && !inList(group, name);
      else group.hidden = ![...group.querySelectorAll(".field[data-field]")].some((field) => !field.hidden);
    }
    for (const option of themeSelect.options) option.hidden = !all && !inList(option, name);
    $("show-all").closest(".check").hidden = name === "all";
  }

  function applyGoal(name) {
    // Every field back to its default (the page's language stays), then the goal's own options.
    for (const control of controls) {
      if (control.name === "lang") continue;
      if (control.type === "checkbox") control.checked = false;
      else if (control.tagName === "SELECT") control.value = control.dataset.default;
      else control.value = "";
    }
    for (const [key, value] of Object.entries(goalData[name]?.options || {})) {
      const control = $("f-" + key);
      if (!control) continue;
      if (control.type === "checkbox") control.checked = Boolean(value);
      else control.value = String(value);
    }
    if (goalData[name]?.pictures && !picturesOption()?.disabled) themeSelect.value = "pictures";
  }

  function showGoal(name, apply) {
    if (apply && name !== "all") applyGoal(name);
    form.dataset.goal = name;
    $("show-all").checked = false;
    goalsSection.hidden = true;
    form.hidden = false;
    try { localStorage.setItem(GOAL_KEY, name); } catch { /* private window: the choice lasts the visit */ }
    $("goal-current").textContent = name === "all" ? say("goal.all")
      : say("goal.current", { goal: say(`goal.${name}.title`) });
    updateGoalView();
    if (apply) {
      if (name !== "all") changed();
      form.querySelector(".field:not([hidden]) [data-default]:not(:disabled), #files")?.focus();
    }
  }

  function showGoals() {
    form.hidden = true;
    goalsSection.hidden = false;
    try { localStorage.removeItem(GOAL_KEY); } catch { /* nothing kept */ }
    goalsSection.querySelector("button.goal")?.focus();
  }

  for (const choice of goalsSection.querySelectorAll("button[data-goal]")) {
    choice.addEventListener("click", () => showGoal(choice.dataset.goal, true));
  }
  $("change-goal").addEventListener("click", showGoals);
  $("show-all").addEventListener("change", updateGoalView);

  // -- on a phone: settings and preview are two views, one tap apart ---------------------------
  const main = document.querySelector("main");
  function showView(view) {
    main.dataset.view = view;
    $("view-settings").setAttribute("aria-pressed", String(view === "settings"));
    $("view-preview").setAttribute("aria-pressed", String(view === "preview"));
    if (getComputedStyle($("view-settings").parentElement).display !== "none") window.scrollTo(0, 0);
  }
  $("view-settings").addEventListener("click", () => showView("settings"));
  $("view-preview").addEventListener("click", () => showView("preview"));
  document.querySelector("a.skip").addEventListener("click", () => showView("preview"));

  // What studio-lists.js uses: a change to redraw the preview, and the page's words.
  window.studio = { changed };

  // -- start -------------------------------------------------------------------------------
  let savedGoal = null;
  try { savedGoal = localStorage.getItem(GOAL_KEY); } catch { /* none */ }
  if (savedGoal && (savedGoal === "all" || savedGoal in goalData)) showGoal(savedGoal, false);
  updateNeeds();
  ask("/api/pictures").then((answer) => (answer.ok ? answer.json() : null)).then((state) => {
    if (state) showPictures(state);
  }).catch(() => {});  // a lost server: said by serverGone
  preview();
})();
