// domino-print studio: the visitor's list of pairs (studio/lists.py), a file uploaded or a table typed.
// Loaded after studio-words.js (the page's words, and ask: every request, a lost server said as
// everywhere) and studio.js, whose hook (window.studio.changed) redraws the preview; the list's
// errors arrive with the preview's ("studio-errors") and stand beside the row they name.
"use strict";

(() => {
  const { $, say, ask, failure, lang } = window.studioWords;
  const section = $("list");
  const hooks = window.studio;
  if (!section || !hooks) return;
  const themeSelect = $("f-theme");
  const refuses = JSON.parse(section.dataset.refuses);  // the options a list shows its own values for
  const list = $("list-rows");
  let rows = [];
  let pictures = [];
  let mode = "typed";

  // -- the form while the list is the theme: the theme's own choices mean nothing -------------
  function updateRefused() {
    const on = themeSelect.value === "list";
    for (const name of refuses) {
      const control = $("f-" + name);
      if (!control) continue;
      if (on && !control.disabled) {
        control.dataset.listOff = "true";
        control.disabled = true;
        control.closest(".field")?.classList.add("inactive");
      } else if (!on && control.dataset.listOff) {
        delete control.dataset.listOff;
        control.disabled = false;
        control.closest(".field")?.classList.remove("inactive");
      }
    }
  }
  // Before studio.js reads the form (capture): a change of theme sends no values for the list.
  themeSelect.form.addEventListener("change", (event) => { if (event.target === themeSelect) updateRefused(); }, true);
  // A goal chosen sets its own theme (never the list), and its values count again.
  document.addEventListener("click", (event) => {
    if (!event.target.closest("button[data-goal]")) return;
    for (const control of themeSelect.form.querySelectorAll("[data-list-off]")) {
      delete control.dataset.listOff;
      control.disabled = false;
      control.closest(".field")?.classList.remove("inactive");
    }
  }, true);

  function useList() {
    if (themeSelect.value !== "list") themeSelect.value = "list";
    updateRefused();
  }

  // -- the rows -----------------------------------------------------------------------------
  const blank = () => ["", ""];
  const isPicture = (cell) => cell !== null && typeof cell === "object";

  function smallButton(act, label, text, disabled) {
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

  function cellPart(cell, number, side) {
    const part = document.createElement("div");
    part.className = "cell";
    const errorId = `e-list-row-${number}`;
    const input = document.createElement("input");
    input.type = "text";
    input.id = `list-${number}-${side}`;
    input.dataset.side = String(side);
    input.dataset.part = `text-${side}`;
    input.maxLength = 200;
    input.autocomplete = "off";
    input.setAttribute("aria-label", say(side ? "list.cell_second" : "list.cell_first", { row: number }));
    input.setAttribute("aria-describedby", errorId);
    input.value = isPicture(cell) ? "" : cell;
    part.append(input);
    if (pictures.length) {
      const kind = document.createElement("select");
      kind.dataset.side = String(side);
      kind.dataset.part = `kind-${side}`;
      kind.setAttribute("aria-label", say(side ? "list.kind_second" : "list.kind_first", { row: number }));
      kind.append(new Option(say("list.text"), ""));
      for (const picture of pictures) kind.append(new Option(picture.name, picture.id));
      kind.value = isPicture(cell) && pictures.some((p) => p.id === cell.picture) ? cell.picture : "";
      part.append(kind);
      if (isPicture(cell)) {
        input.hidden = true;
        const shown = pictures.find((p) => p.id === cell.picture);
        if (shown) {
          const image = document.createElement("img");
          image.src = shown.thumb;
          image.alt = shown.name;
          image.className = "cell-picture";
          part.append(image);
        }
      }
    }
    return part;
  }

  // The third column: a note for the teacher's key page (text only), as a list file's column C.
  function noteCell(cell, number) {
    const part = document.createElement("div");
    part.className = "cell note";
    const input = document.createElement("input");
    input.type = "text";
    input.id = `list-${number}-2`;
    input.dataset.side = "2";
    input.dataset.part = "text-2";
    input.maxLength = 200;
    input.autocomplete = "off";
    input.setAttribute("aria-label", say("list.cell_note", { row: number }));
    input.placeholder = say("list.note");  // on a phone the column's heading is not shown
    input.setAttribute("aria-describedby", `e-list-row-${number}`);
    input.value = isPicture(cell) ? "" : cell;
    part.append(input);
    return part;
  }

  function rowItem(row, index) {
    const number = index + 1;
    const item = document.createElement("li");
    item.className = "pair-row";
    item.dataset.row = String(number);
    const label = document.createElement("span");
    label.className = "row-number";
    label.textContent = String(number);
    const tools = document.createElement("div");
    tools.className = "tools";
    tools.append(
      smallButton("up", say("list.up", { row: number }), "↑", index === 0),
      smallButton("down", say("list.down", { row: number }), "↓", index === rows.length - 1),
      smallButton("remove", say("list.remove", { row: number }), "✕", false),
    );
    const error = document.createElement("p");
    error.className = "error";
    error.id = `e-list-row-${number}`;
    item.append(label, cellPart(row[0] ?? "", number, 0), cellPart(row[1] ?? "", number, 1),
      noteCell(row[2] ?? "", number), tools, error);
    return item;
  }

  function render(focus) {
    list.replaceChildren(...rows.map(rowItem));
    if (focus) {
      const target = list.querySelector(`li[data-row="${focus.row}"] [data-${focus.act ? "act" : "part"}="${focus.act || focus.part}"]`);
      (target && !target.disabled ? target : list.querySelector(`li[data-row="${focus.row}"] input`) || $("list-add")).focus();
    }
  }

  function status(text) { $("list-status").textContent = text; }

  // -- saving, in order, then a new preview ------------------------------------------------
  let saving = Promise.resolve();
  function send(body) {
    saving = saving.then(async () => {
      try {
        const answer = await ask(`/api/list?lang=${lang}`, {
          method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body),
        });
        if (!answer.ok) return;
        const data = await answer.json();
        pictures = data.pictures;
        $("list-title").placeholder = data.title_shown;
        useList();
        hooks.changed();
      } catch (error) {
        $("e-list").textContent = error.message;  // the lost server, in the page's words (ask)
      }
    });
    return saving;
  }

  // A typed table's edit rides with the preview it asks for (one request: studio.js sends this).
  // (Only once the saved table is on the page: never an empty one over it.)
  let loaded = false;
  window.studioPreviewExtra = () => (loaded && themeSelect.value === "list" && mode === "typed" ? { list_rows: rows } : {});
  function saveRows() {
    saving = saving.then(() => { useList(); hooks.changed(); });
    return saving;
  }

  function rowOf(element) { return Number(element.closest("li").dataset.row) - 1; }

  list.addEventListener("change", (event) => {
    const target = event.target;
    if (!target.dataset.side) return;
    const at = rowOf(target);
    const side = Number(target.dataset.side);
    if (target.tagName === "SELECT") {
      rows[at][side] = target.value ? { picture: target.value } : "";
      render({ row: at + 1, part: target.dataset.part });
    } else {
      rows[at][side] = target.value;
    }
    saveRows();
  });

  function move(at, to, focus) {
    if (to < 0 || to >= rows.length) return;
    [rows[at], rows[to]] = [rows[to], rows[at]];
    render({ row: to + 1, ...focus });
    status(say("list.moved", { row: to + 1 }));
    saveRows();
  }

  function remove(at) {
    rows.splice(at, 1);
    if (!rows.length) rows.push(blank());
    render({ row: Math.min(at + 1, rows.length), act: "remove" });
    status(say("list.removed", { row: at + 1 }));
    saveRows();
  }

  function add(after) {
    rows.splice(after + 1, 0, blank());
    render({ row: after + 2, part: "text-0" });
  }

  list.addEventListener("click", (event) => {
    const button = event.target.closest("button[data-act]");
    if (!button) return;
    const at = rowOf(button);
    if (button.dataset.act === "remove") remove(at);
    else move(at, button.dataset.act === "up" ? at - 1 : at + 1, { act: button.dataset.act });
  });

  list.addEventListener("keydown", (event) => {
    const target = event.target;
    if (!target.dataset.side) return;
    const at = rowOf(target);
    if (event.altKey && (event.key === "ArrowUp" || event.key === "ArrowDown")) {
      event.preventDefault();
      if (target.tagName === "INPUT") rows[at][Number(target.dataset.side)] = target.value;
      move(at, event.key === "ArrowUp" ? at - 1 : at + 1, { part: target.dataset.part });
    } else if (event.key === "Enter" && target.tagName === "INPUT") {
      event.preventDefault();  // (the form would be sent)
      rows[at][Number(target.dataset.side)] = target.value;
      if (at === rows.length - 1) add(at);  // the next row's question: a new row after the last
      else list.querySelector(`li[data-row="${at + 2}"] [data-part="text-0"]`)?.focus();
      saveRows();
    }
  });

  $("list-add").addEventListener("click", () => add(rows.length - 1));
  // A lost server, whichever request met it, is said beside the list too (a phone shows one view).
  document.addEventListener("studio:gone", () => { $("e-list").textContent = say("error.server_gone"); });

  // -- errors beside their row --------------------------------------------------------------
  document.addEventListener("studio-errors", (event) => {
    const marked = [];
    for (const error of event.detail || []) {  // every row of every group of clashing rows, each beside its row
      if (error.field === "list" && Array.isArray(error.rows)) {
        for (const each of error.rows) marked.push({ field: "list", row: each.row, message: each.message });
      } else marked.push(error);
    }
    for (const error of marked) {
      if (error.field !== "list" || !error.row) continue;
      const line = $(`e-list-row-${error.row}`);
      if (!line) continue;
      line.textContent = error.message;
      $("e-list").textContent = "";
      const sides = error.column === 0 || error.column === 1 ? [error.column] : [0, 1];
      for (const side of sides) $(`list-${error.row}-${side}`)?.setAttribute("aria-invalid", "true");
    }
  });

  // -- where the list comes from: a file or the table --------------------------------------
  function showMode() {
    $("list-mode-typed").checked = mode === "typed";
    $("list-mode-file").checked = mode === "file";
    $("list-typed-part").hidden = mode !== "typed";
    $("list-file-part").hidden = mode !== "file";
  }

  for (const radio of section.querySelectorAll("input[name=list-mode]")) {
    radio.addEventListener("change", () => {
      mode = radio.value;
      showMode();
      send({ mode });
    });
  }

  $("list-file").addEventListener("change", async (event) => {
    const file = event.target.files[0];
    event.target.value = "";
    if (!file) return;
    $("list-file-status").textContent = say("list.sending");
    $("e-list").textContent = "";
    try {
      const answer = await ask(`/api/list/file?lang=${lang}&name=${encodeURIComponent(file.name)}`, {
        method: "POST", headers: { "content-type": "application/octet-stream" }, body: file,
      });
      const data = await answer.json().catch(() => ({}));
      if (!answer.ok) {
        $("list-file-status").textContent = "";
        $("e-list").textContent = (data.errors || [{ message: failure(answer, data) }])[0].message;
        return;
      }
      showState(data);
      useList();
      hooks.changed();
    } catch (error) {
      $("list-file-status").textContent = "";
      $("e-list").textContent = error.message;  // the lost server, in the page's words (ask)
    }
  });

  $("list-title").addEventListener("change", () => send({ title: $("list-title").value }));
  section.addEventListener("submit", (event) => event.preventDefault());

  function showState(data) {
    mode = data.mode;
    pictures = data.pictures;
    rows = data.rows.length ? data.rows.map((row) => [row[0] ?? "", row[1] ?? ""]) : [blank(), blank(), blank()];
    $("list-title").value = data.title || "";
    $("list-title").placeholder = data.title_shown;
    $("list-file-status").textContent = data.file ? say("list.file_current", { name: data.file.name }) : say("list.file_none");
    offerSheets(data.file ? data.file.sheets : []);
    showMode();
    render();
    loaded = true;
  }

  // A spreadsheet's sheets, offered in the form's "sheet" field.
  function offerSheets(sheets) {
    const field = $("f-sheet");
    if (!field) return;
    let offered = $("l-sheet-of-list");
    if (!offered) {
      offered = document.createElement("datalist");
      offered.id = "l-sheet-of-list";
      field.after(offered);
    }
    offered.replaceChildren(...sheets.map((name) => new Option(name, name)));
    if (sheets.length) field.setAttribute("list", offered.id);
    else field.removeAttribute("list");
  }

  async function refresh() {
    const answer = await ask(`/api/list?lang=${lang}`).catch(() => null);
    if (answer && answer.ok) showState(await answer.json());
  }

  // The pictures a cell may show follow the visitor's pictures.
  const thumbs = $("thumbs");
  if (thumbs) {
    new MutationObserver(async () => {
      const answer = await ask(`/api/list?lang=${lang}`).catch(() => null);
      if (!answer || !answer.ok) return;
      const data = await answer.json();
      if (JSON.stringify(data.pictures) === JSON.stringify(pictures)) return;
      pictures = data.pictures;
      if (!list.contains(document.activeElement)) render();
    }).observe(thumbs, { childList: true });
  }

  refresh().then(updateRefused);
})();
