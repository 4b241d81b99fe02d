// domino-print studio: move the square cut from each picture with "fill the face" (fit cover).
// Each thumbnail gets a frame showing the square the face keeps; drag it (mouse or finger), or
// focus it and use the arrow keys (Home, End, Page Up, Page Down too). The position is stored per
// picture (POST /api/pictures/crop: x and y from 0 to 1) and reaches the PDF as theme.toml's crop.
"use strict";

(() => {
  const { say, ask } = window.studioWords;  // studio-words.js, loaded first
  const thumbs = document.getElementById("thumbs");
  const help = document.getElementById("crop-help");
  const STEP = 0.05;
  const timers = new Map();

  // The square kept, inside the thumbnail's picture (shown whole, "contain", in a square box).
  function geometry(image) {
    const box = image.clientWidth;
    const { naturalWidth: w, naturalHeight: h } = image;
    if (!box || !w || !h) return null;
    const scale = box / Math.max(w, h);
    const shownW = w * scale;
    const shownH = h * scale;
    const side = Math.min(shownW, shownH);
    return { left: (box - shownW) / 2, top: (box - shownH) / 2, free: Math.max(shownW, shownH) - side,
      side, vertical: shownH > shownW };
  }

  function place(frame) {
    const image = frame.parentElement.querySelector("img");
    const shape = geometry(image);
    if (!shape) return;
    const at = Number(frame.dataset.at);
    frame.style.width = frame.style.height = `${shape.side}px`;
    frame.style.left = `${shape.left + (shape.vertical ? 0 : shape.free * at)}px`;
    frame.style.top = `${shape.top + (shape.vertical ? shape.free * at : 0)}px`;
    const percent = Math.round(at * 100);
    frame.setAttribute("aria-valuenow", String(percent));
    frame.setAttribute("aria-valuetext", say(shape.vertical ? "crop.from_top" : "crop.from_left", { percent }));
    frame.setAttribute("aria-orientation", shape.vertical ? "vertical" : "horizontal");
  }

  function save(frame, soon) {
    const item = frame.closest("li");
    clearTimeout(timers.get(item.dataset.id));
    const send = async () => {
      const vertical = frame.getAttribute("aria-orientation") === "vertical";
      const at = Number(frame.dataset.at);
      const answer = await ask("/api/pictures/crop", {  // a lost server: said by studio.js (ask)
        method: "POST", headers: { "content-type": "application/json" },
        body: JSON.stringify({ id: item.dataset.id, x: vertical ? 0.5 : at, y: vertical ? at : 0.5 }),
      }).catch(() => null);
      if (answer && answer.ok) document.dispatchEvent(new CustomEvent("studio:changed"));
    };
    timers.set(item.dataset.id, setTimeout(send, soon ? 0 : 300));
  }

  function move(frame, at) {
    frame.dataset.at = String(Math.min(1, Math.max(0, Math.round(at * 100) / 100)));
    place(frame);
  }

  function decorate(item, picture, value) {
    const image = item.querySelector("figure img");
    if (!image || item.querySelector(".crop-frame")) return;
    let box = image.parentElement;
    if (!box.classList.contains("crop-box")) {
      box = document.createElement("div");
      box.className = "crop-box";
      image.replaceWith(box);
      box.append(image);
    }
    const frame = document.createElement("div");
    frame.className = "crop-frame";
    frame.tabIndex = 0;
    frame.setAttribute("role", "slider");
    frame.setAttribute("aria-label", say("crop.label", { value }));
    frame.setAttribute("aria-valuemin", "0");
    frame.setAttribute("aria-valuemax", "100");
    frame.setAttribute("aria-describedby", "crop-help");
    const [x, y] = picture.crop || [0.5, 0.5];
    const ready = () => {
      const shape = geometry(image);
      if (!shape) return;
      if (shape.free < 1) { frame.remove(); return; }  // a square picture: nothing to move
      frame.dataset.at = String(shape.vertical ? y : x);
      place(frame);
    };
    frame.dataset.at = "0.5";
    box.append(frame);
    if (image.complete) ready(); else image.addEventListener("load", ready, { once: true });

    frame.addEventListener("keydown", (event) => {
      const at = Number(frame.dataset.at);
      const moves = { ArrowUp: at - STEP, ArrowLeft: at - STEP, ArrowDown: at + STEP, ArrowRight: at + STEP,
        Home: 0, End: 1, PageUp: at - 4 * STEP, PageDown: at + 4 * STEP };
      if (!(event.key in moves)) return;
      event.preventDefault();
      move(frame, moves[event.key]);
      save(frame, false);
    });

    let start = null;
    frame.addEventListener("pointerdown", (event) => {
      const shape = geometry(image);
      if (!shape) return;
      event.preventDefault();
      event.stopPropagation();
      item.draggable = false;  // moving the crop is not reordering the pictures
      frame.setPointerCapture(event.pointerId);
      start = { x: event.clientX, y: event.clientY, at: Number(frame.dataset.at), shape };
      frame.classList.add("moving");
    });
    frame.addEventListener("pointermove", (event) => {
      if (!start) return;
      const { shape } = start;
      const delta = shape.vertical ? event.clientY - start.y : event.clientX - start.x;
      move(frame, start.at + delta / shape.free);
    });
    const end = () => {
      if (!start) return;
      start = null;
      item.draggable = true;
      frame.classList.remove("moving");
      save(frame, true);
    };
    frame.addEventListener("pointerup", end);
    frame.addEventListener("pointercancel", end);
  }

  document.addEventListener("studio:pictures", (event) => {
    const state = event.detail;
    const cover = state.fit === "cover";
    if (help) help.hidden = !cover;
    thumbs.classList.toggle("cropping", cover);
    if (!cover) {
      for (const frame of thumbs.querySelectorAll(".crop-frame")) frame.remove();
      return;
    }
    state.pictures.forEach((picture, value) => {
      const item = thumbs.querySelector(`li[data-id="${picture.id}"]`);
      if (item) decorate(item, picture, value);
    });
  });
  window.addEventListener("resize", () => {
    for (const frame of thumbs.querySelectorAll(".crop-frame")) place(frame);
  });
})();
