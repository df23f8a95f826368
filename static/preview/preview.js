/* reelsmith preview and embed pages.
 *
 * The stage is an iframe holding the composition page built by the server with the same code
 * the renderer uses (POST /preview/render). Playback, scrubbing and scene jumps all go through
 * that page's window.reelsmith (play, pause, seek, onTime), so the frame shown at time t is
 * exactly seek(t). Data edits fetch a fresh composition; nothing is stored.
 */
(function () {
  "use strict";

  var config = JSON.parse(document.getElementById("rp-config").textContent);
  var frame = document.getElementById("rp-stage");
  var box = document.getElementById("rp-stage-box");
  var area = document.getElementById("rp-stage-area");
  var playBtn = document.getElementById("rp-play");
  var scrubber = document.getElementById("rp-scrubber");
  var timeLabel = document.getElementById("rp-time");
  var statusEl = document.getElementById("rp-status");
  var scenesEl = document.getElementById("rp-scenes");
  var form = document.getElementById("rp-form");
  var resetBtn = document.getElementById("rp-reset");
  var resolutionEl = document.getElementById("rp-resolution");
  var shapeEl = document.getElementById("rp-shape");
  var isEmbed = document.body.classList.contains("rp-embed");

  var rs = null; // the composition page's window.reelsmith
  var data = clone(config.data || {});
  var resolution = config.resolution || "1080p";
  var shape = config.aspectRatio || "16:9"; // output.aspectRatio: the page is laid out in it
  var renderSeq = 0;
  var debounce = null;

  function clone(v) {
    return JSON.parse(JSON.stringify(v));
  }

  function fmt(ms) {
    var s = Math.max(0, ms) / 1000;
    var m = Math.floor(s / 60);
    var rest = (s - m * 60).toFixed(1);
    return m + ":" + (rest < 10 ? "0" : "") + rest;
  }

  function setStatus(text, isError) {
    if (!statusEl) return;
    statusEl.hidden = !text;
    statusEl.textContent = text || "";
    statusEl.classList.toggle("rp-error", !!isError);
  }

  /* ---------- stage size: the chosen shape and resolution's pixels, scaled to fit ---------- */
  function layoutStage() {
    if (isEmbed) return; // the embed fills its iframe; the composition letterboxes itself
    var factor = (config.resolutions || {})[resolution] || 1;
    var size = (config.aspectRatios || {})[shape] || [1280, 720];
    var dpr = window.devicePixelRatio || 1;
    var w = (size[0] * factor) / dpr;
    var h = (size[1] * factor) / dpr;
    var avail = area.clientWidth || w;
    // A tall shape also fits the window's height (a 9:16 stage is never taller than 80 %).
    var tall = window.innerHeight ? (window.innerHeight * 0.8) / h : 1;
    var scale = Math.min(1, avail / w, tall);
    frame.style.width = w + "px";
    frame.style.height = h + "px";
    box.style.width = w * scale + "px";
    box.style.height = h * scale + "px";
    frame.style.transform = scale === 1 ? "" : "scale(" + scale + ")";
    box.setAttribute("data-resolution", resolution);
    box.setAttribute("data-shape", shape);
    box.style.margin = "0 auto"; // a narrower shape sits in the middle of the player
  }

  /* ---------- controls ---------- */
  function showTime(t) {
    if (!rs) return;
    scrubber.value = String(Math.round(t));
    timeLabel.textContent = fmt(t) + " / " + fmt(rs.duration);
    playBtn.textContent = rs.playing ? "Pause" : "Play";
    playBtn.setAttribute("aria-label", rs.playing ? "Pause" : "Play");
    if (!scenesEl) return;
    Array.prototype.forEach.call(scenesEl.children, function (li) {
      var start = Number(li.getAttribute("data-start"));
      var end = start + Number(li.getAttribute("data-duration"));
      li.classList.toggle("rp-current", t >= start && t < end);
    });
  }

  function listScenes() {
    if (!scenesEl || !rs) return;
    scenesEl.innerHTML = "";
    var labels = config.scenes || [];
    rs.scenes.forEach(function (s) {
      var li = document.createElement("li");
      var btn = document.createElement("button");
      btn.type = "button";
      var label = (labels[s.index] && labels[s.index].label) || s.primitive;
      btn.textContent = label;
      var time = document.createElement("span");
      time.className = "rp-scene-time";
      time.textContent = fmt(s.start);
      btn.appendChild(time);
      btn.addEventListener("click", function () {
        rs.pause();
        rs.seek(s.start + Math.min(s.duration / 2, 1200));
      });
      li.setAttribute("data-start", String(s.start));
      li.setAttribute("data-duration", String(s.duration));
      li.setAttribute("data-primitive", s.primitive);
      li.appendChild(btn);
      scenesEl.appendChild(li);
    });
    // The poster: where every shared link's image and the preview GIF are taken (the runtime's
    // posterAtMs(): the template's posterAt, else the first personalized scene settled).
    var posterLi = document.createElement("li");
    var posterBtn = document.createElement("button");
    posterBtn.type = "button";
    posterBtn.className = "rp-poster";
    posterBtn.textContent = "Poster frame";
    var posterTime = document.createElement("span");
    posterTime.className = "rp-scene-time";
    posterTime.textContent = fmt(rs.posterAtMs());
    posterBtn.appendChild(posterTime);
    posterBtn.addEventListener("click", function () {
      rs.pause();
      rs.seek(rs.posterAtMs());
    });
    posterLi.appendChild(posterBtn);
    scenesEl.appendChild(posterLi);
    var skipped = labels.length - rs.scenes.length;
    if (skipped > 0) {
      var note = document.createElement("li");
      note.className = "rp-skipped";
      note.textContent = skipped + " scene" + (skipped > 1 ? "s" : "") + " skipped for this data";
      scenesEl.appendChild(note);
    }
  }

  playBtn.addEventListener("click", function () {
    if (!rs) return;
    if (rs.playing) rs.pause();
    else rs.play();
    showTime(rs.currentTime);
  });
  scrubber.addEventListener("input", function () {
    if (!rs) return;
    rs.pause();
    rs.seek(Number(scrubber.value));
  });
  if (resolutionEl) {
    resolutionEl.addEventListener("change", function () {
      resolution = resolutionEl.value;
      layoutStage();
    });
  }
  if (shapeEl) {
    // Another shape is another layout: the page is composed again, at the same time.
    shapeEl.addEventListener("change", function () {
      shape = shapeEl.value;
      layoutStage();
      render();
    });
  }
  window.addEventListener("resize", layoutStage);
  // Space toggles playback, arrows step 100 ms (not while typing in the data form).
  document.addEventListener("keydown", function (e) {
    if (!rs || /^(INPUT|TEXTAREA|SELECT|BUTTON)$/.test(e.target.tagName)) return;
    if (e.key === " ") {
      e.preventDefault();
      playBtn.click();
    } else if (e.key === "ArrowLeft" || e.key === "ArrowRight") {
      e.preventDefault();
      rs.pause();
      rs.seek(Math.max(0, Math.min(rs.duration, rs.currentTime + (e.key === "ArrowLeft" ? -100 : 100))));
    }
  });

  /* ---------- loading a composition ---------- */
  function requestBody() {
    var body = { data: data, aspectRatio: shape };
    if (config.draft) body.template = config.draft;
    else {
      body.templateId = config.templateId;
      body.token = config.token;
    }
    return body;
  }

  function fetchComposition() {
    return fetch("/preview/render", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      credentials: "same-origin",
      body: JSON.stringify(requestBody()),
    }).then(function (resp) {
      if (resp.ok) return resp.text();
      return resp.json().then(
        function (err) { throw new Error(err.message || "Preview failed"); },
        function () { throw new Error("Preview failed (" + resp.status + ")"); }
      );
    });
  }

  function mount(html, keepMs) {
    return new Promise(function (resolve) {
      frame.onload = function () { resolve(); };
      frame.srcdoc = html;
    })
      .then(function () {
        rs = frame.contentWindow.reelsmith;
        return rs.ready;
      })
      .then(function () {
        scrubber.max = String(rs.duration);
        scrubber.disabled = false;
        playBtn.disabled = false;
        rs.onTime(showTime);
        listScenes();
        rs.seek(Math.min(keepMs || 0, rs.duration));
        showTime(rs.currentTime);
      });
  }

  function render() {
    var seq = ++renderSeq;
    var keep = rs ? rs.currentTime : 0;
    if (rs) rs.pause();
    setStatus("Rendering…");
    return fetchComposition()
      .then(function (html) {
        if (seq !== renderSeq) return null; // a newer edit superseded this one
        return mount(html, keep);
      })
      .then(function () {
        if (seq === renderSeq) setStatus("");
      })
      .catch(function (err) {
        setStatus(err.message, true);
      });
  }

  /* ---------- data form ---------- */
  function isStructured(slot) {
    return slot.type === "array" || slot.type === "object";
  }

  function inputFor(slot) {
    var value = data[slot.key];
    var el;
    if (isStructured(slot)) {
      el = document.createElement("textarea");
      el.rows = 4;
      el.value = value === undefined || value === null ? "" : JSON.stringify(value, null, 1);
    } else {
      el = document.createElement("input");
      el.type = slot.type === "number" ? "number" : slot.type === "email" ? "email" : "text";
      if (slot.type === "number") el.step = "any";
      el.value = value === undefined || value === null ? "" : String(value);
    }
    el.name = slot.key;
    el.id = "rp-field-" + slot.key;
    el.addEventListener("input", function () { onEdit(slot, el); });
    return el;
  }

  function onEdit(slot, el) {
    var raw = el.value;
    el.classList.remove("rp-invalid");
    if (raw.trim() === "") delete data[slot.key];
    else if (isStructured(slot)) {
      try {
        data[slot.key] = JSON.parse(raw);
      } catch (e) {
        el.classList.add("rp-invalid");
        setStatus(slot.key + ": not valid JSON yet", true);
        return;
      }
    } else if (slot.type === "number") {
      var n = Number(raw);
      if (!isFinite(n)) return;
      data[slot.key] = n;
    } else data[slot.key] = raw;
    clearTimeout(debounce);
    debounce = setTimeout(render, 350);
  }

  function buildForm() {
    if (!form) return;
    form.innerHTML = "";
    (config.slots || []).forEach(function (slot) {
      var row = document.createElement("label");
      row.className = "rp-field";
      row.htmlFor = "rp-field-" + slot.key;
      var title = document.createElement("span");
      title.className = "rp-field-label";
      title.textContent = (slot.label || slot.key) + (slot.required ? " *" : "");
      var key = document.createElement("code");
      key.textContent = slot.key;
      title.appendChild(key);
      row.appendChild(title);
      row.appendChild(inputFor(slot));
      if (slot.description) {
        var help = document.createElement("small");
        help.textContent = slot.description;
        row.appendChild(help);
      }
      form.appendChild(row);
    });
    form.addEventListener("submit", function (e) { e.preventDefault(); });
  }

  if (resetBtn) {
    resetBtn.addEventListener("click", function () {
      data = clone(config.data || {});
      buildForm();
      render();
    });
  }

  layoutStage();
  buildForm();
  var first = render();

  /* For tests and embedding pages: the live player. */
  window.reelsmithPreview = {
    ready: first.then(function () { return rs ? rs.ready : null; }),
    get player() { return rs; },
    get data() { return clone(data); },
    setData: function (next) {
      data = clone(next);
      buildForm();
      return render();
    },
    play: function () { if (rs) rs.play(); },
    pause: function () { if (rs) rs.pause(); },
    seek: function (ms) { return rs ? rs.seek(ms) : 0; },
  };
})();
