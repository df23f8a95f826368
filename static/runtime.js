/* reelsmith runtime: the one timeline engine, shared by the renderer, the preview and tests.
 *
 * Every frame is a pure function of time: seek(ms) puts each scene, CSS animation, Web
 * Animation and scripted tween into its state at that time. Nothing here reads the wall
 * clock; only play() (preview) uses requestAnimationFrame timestamps to pick the next time.
 * Scene starts and durations come from the Python timeline (app/composition/timeline.py).
 */
(function () {
  "use strict";

  var primitives = {}; // id -> definition registered with reelsmith.primitive()
  var scenes = []; // runtime scene records, in timeline order
  var animations = new Set(); // every CSS/Web animation ever seen (finished ones leave getAnimations())
  var animationScene = new Map(); // animation -> scene record (or null: page-level)
  var config = null;
  var captions = null;
  var currentMs = 0;
  var booted = false;
  var playing = null; // {fromMs, baseTs} while the preview plays
  var timeListeners = [];
  var intervalsCache = null;

  /* ---------- easing and small math, for primitives ---------- */
  function clamp(v, lo, hi) {
    return v < lo ? lo : v > hi ? hi : v;
  }
  function progress(t, start, duration) {
    if (duration <= 0) return t >= start ? 1 : 0;
    return clamp((t - start) / duration, 0, 1);
  }
  var ease = {
    linear: function (p) { return p; },
    inCubic: function (p) { return p * p * p; },
    outCubic: function (p) { return 1 - Math.pow(1 - p, 3); },
    inOutCubic: function (p) { return p < 0.5 ? 4 * p * p * p : 1 - Math.pow(-2 * p + 2, 3) / 2; },
    outQuint: function (p) { return 1 - Math.pow(1 - p, 5); },
    outBack: function (p) {
      var c1 = 1.70158, c3 = c1 + 1;
      return 1 + c3 * Math.pow(p - 1, 3) + c1 * Math.pow(p - 1, 2);
    },
    outElastic: function (p) {
      if (p === 0 || p === 1) return p;
      return Math.pow(2, -10 * p) * Math.sin((p * 10 - 0.75) * ((2 * Math.PI) / 3)) + 1;
    },
  };
  function lerp(a, b, p) {
    return a + (b - a) * p;
  }

  /* ---------- the one number formatter ---------- */
  function toNumber(value) {
    if (typeof value === "number") return isFinite(value) ? value : null;
    if (typeof value === "string" && value.trim() !== "") {
      var n = Number(value.replace(/,/g, "").trim());
      return isFinite(n) ? n : null;
    }
    return null;
  }
  function decimalsOf(n) {
    if (Math.floor(n) === n) return 0;
    var s = String(n);
    var dot = s.indexOf(".");
    return dot < 0 ? 0 : Math.min(2, s.length - dot - 1);
  }
  var UNITS = [
    [1e12, "T"],
    [1e9, "B"],
    [1e6, "M"],
    [1e3, "k"],
  ];
  /* formatNumber(1234) -> "1,234"; formatNumber(12500) -> "12.5k"; formatNumber(0.25, {style:"percent"}).
   * opts.like: a final value whose unit and decimals the result uses (steady count-ups).
 * opts.trim: drop trailing zeros after the point (default: only when value equals like).
   * opts.style: "auto" (compact from 10,000), "full", "compact", "percent".
   * Returns "" for anything that is not a number, so no "NaN" ever reaches the screen. */
  function formatNumber(value, opts) {
    opts = opts || {};
    var n = toNumber(value);
    if (n === null) return "";
    var like = toNumber(opts.like);
    if (like === null) like = n;
    var style = opts.style || "auto";
    var prefix = opts.prefix || "";
    var suffix = opts.suffix || "";
    var text;
    if (style === "percent") {
      text = groupDigits(n * 100, opts.decimals != null ? opts.decimals : decimalsOf(like * 100)) + "%";
    } else if (style === "compact" || (style === "auto" && Math.abs(like) >= 10000)) {
      var unit = null;
      for (var i = 0; i < UNITS.length; i++) {
        if (Math.abs(like) >= UNITS[i][0]) { unit = UNITS[i]; break; }
      }
      if (!unit) {
        text = groupDigits(n, opts.decimals != null ? opts.decimals : decimalsOf(like));
      } else {
        var scaledLike = like / unit[0];
        var size = Math.abs(scaledLike);
        var dec = opts.decimals != null ? opts.decimals : size >= 100 ? 0 : size >= 10 ? 1 : 2;
        var s = (n / unit[0]).toFixed(dec);
        // The final value drops trailing zeros (1.50M -> 1.5M); counting values keep them steady.
        var trim = opts.trim != null ? opts.trim : Math.abs(n - like) < 1e-9;
        if (opts.decimals == null && dec > 0 && trim) s = s.replace(/\.?0+$/, "");
        text = s + unit[1];
      }
    } else {
      text = groupDigits(n, opts.decimals != null ? opts.decimals : decimalsOf(like));
    }
    return prefix + text + suffix;
  }
  function groupDigits(n, decimals) {
    var fixed = Math.abs(n).toFixed(decimals);
    var parts = fixed.split(".");
    parts[0] = parts[0].replace(/\B(?=(\d{3})+(?!\d))/g, ",");
    return (n < 0 && Number(fixed) !== 0 ? "-" : "") + parts.join(".");
  }

  /* ---------- text helpers ---------- */
  function text(value) {
    // Never let "undefined", "null" or "NaN" reach the screen.
    if (value === undefined || value === null) return "";
    if (typeof value === "number" && !isFinite(value)) return "";
    return String(value);
  }
  /* Shrink an element's font size until it fits (deterministic: runs once, after fonts).
   * Fits = content no wider than opts.width (default: the element's own width; pass it for
   * nowrap/inline-block elements) and no more than opts.lines lines (default 1). */
  function fitText(el, opts) {
    opts = opts || {};
    var max = opts.max || parseFloat(getComputedStyle(el).fontSize);
    var min = opts.min || 24;
    var width = opts.width || el.clientWidth;
    var lines = opts.lines || 1;
    var size = max;
    el.style.fontSize = size + "px";
    var lineHeight = parseFloat(getComputedStyle(el).lineHeight) || size * 1.15;
    while (size > min && (el.scrollWidth > width + 0.5 || el.offsetHeight > (lineHeight / max) * size * lines + 2)) {
      size -= 2;
      el.style.fontSize = size + "px";
    }
    // Still too wide at the smallest size (one very long word): let it break anywhere.
    if (el.scrollWidth > width + 0.5) el.style.overflowWrap = "anywhere";
    return size;
  }

  /* ---------- intervals ---------- */
  // An interval [a, b] means "the frame may change for times in (a, b]". A single change at
  // p (a scene entering under a cut) is the tiny interval [p - EPS, p].
  var EPS = 0.001;
  function mergeIntervals(list) {
    var sorted = list
      .filter(function (iv) { return iv && isFinite(iv[0]) && isFinite(iv[1]) && iv[1] >= iv[0]; })
      .map(function (iv) { return iv[0] === iv[1] ? [iv[0] - EPS, iv[1]] : [iv[0], iv[1]]; })
      .sort(function (a, b) { return a[0] - b[0] || a[1] - b[1]; });
    var out = [];
    sorted.forEach(function (iv) {
      var last = out[out.length - 1];
      if (last && iv[0] <= last[1]) last[1] = Math.max(last[1], iv[1]);
      else out.push(iv);
    });
    return out;
  }

  /* ---------- scenes ---------- */
  function sceneContext(record) {
    var el = record.el;
    var bindings = record.info.bindings || {};
    return {
      el: el,
      props: record.props,
      option: record.info.option,
      duration: record.info.duration,
      index: record.info.index,
      words: record.info.words || [],
      brand: config.brand,
      bindings: bindings,
      /* Scene-local ms at which a named event starts: the animationBindings value, else fallback. */
      at: function (eventId, fallback) {
        var v = bindings[eventId];
        return typeof v === "number" && isFinite(v) ? v : fallback;
      },
      $: function (sel) { return el.querySelector(sel); },
      $$: function (sel) { return Array.prototype.slice.call(el.querySelectorAll(sel)); },
      fmt: formatNumber,
      text: text,
      fitText: fitText,
      ease: ease,
      progress: progress,
      clamp: clamp,
      lerp: lerp,
    };
  }

  function setupScene(record) {
    var def = primitives[record.info.primitive] || {};
    record.def = def;
    record.ctx = sceneContext(record);
    var el = record.el;
    el.style.setProperty("--scene-duration", record.info.duration + "ms");
    Object.keys(record.ctx.bindings).forEach(function (id) {
      el.style.setProperty("--at-" + id.replace(/[^a-zA-Z0-9_-]/g, "-"), record.ctx.bindings[id] + "ms");
    });
    // Numbers marked in the scene template get the shared format.
    record.ctx.$$("[data-rs-number]").forEach(function (node) {
      node.textContent = formatNumber(node.getAttribute("data-rs-number"), {
        prefix: node.getAttribute("data-prefix") || "",
        suffix: node.getAttribute("data-suffix") || "",
        style: node.getAttribute("data-style") || "auto",
      });
    });
    if (typeof def.setup === "function") record.state = def.setup(record.ctx);
  }

  function localIntervals(record) {
    var dur = record.info.duration;
    var list = [];
    if (typeof record.def.active === "function") {
      list = record.def.active(record.ctx, record.state) || [];
    } else if (typeof record.def.render === "function") {
      list = [[0, dur]]; // scripted but silent about when: assume it moves throughout
    }
    return list.map(function (iv) { return [clamp(iv[0], 0, dur), clamp(iv[1], 0, dur)]; });
  }

  function collectAnimations() {
    document.getAnimations().forEach(function (anim) {
      if (animations.has(anim)) return;
      animations.add(anim);
      anim.pause();
      var target = anim.effect && anim.effect.target;
      var sceneEl = target && target.closest ? target.closest(".rs-scene") : null;
      var record = null;
      if (sceneEl) {
        record = scenes[Number(sceneEl.getAttribute("data-order"))] || null;
      }
      animationScene.set(anim, record);
      intervalsCache = null;
    });
  }

  function animationInterval(anim, record) {
    var timing = anim.effect.getComputedTiming();
    var start = Number(timing.delay) || 0;
    var end = Number(timing.endTime);
    if (!isFinite(end)) end = record ? record.info.duration : config.duration;
    return [start, end];
  }

  /* ---------- transitions ---------- */
  function applyTransition(record, t) {
    var el = record.el;
    var info = record.info;
    var incoming = null;
    var outgoing = null;
    var localIn = t - info.start;
    if (info.transitionMs > 0 && localIn < info.transitionMs) {
      incoming = ease.inOutCubic(progress(localIn, 0, info.transitionMs));
    }
    var next = scenes[record.order + 1];
    if (next && next.info.transitionMs > 0 && t >= next.info.start) {
      outgoing = ease.inOutCubic(progress(t - next.info.start, 0, next.info.transitionMs));
    }
    var opacity = "";
    var transform = "";
    var clip = "";
    if (incoming !== null) {
      switch (info.transition) {
        case "fade":
          opacity = String(incoming);
          break;
        case "slide":
          transform = "translateX(" + (1 - incoming) * 100 + "%)";
          break;
        case "wipe":
          clip = "inset(0 " + (1 - incoming) * 100 + "% 0 0)";
          break;
        case "zoom":
          opacity = String(incoming);
          transform = "scale(" + lerp(1.25, 1, incoming) + ")";
          break;
      }
    } else if (outgoing !== null) {
      switch (next.info.transition) {
        case "slide":
          transform = "translateX(" + -outgoing * 35 + "%)";
          break;
        case "zoom":
          transform = "scale(" + lerp(1, 0.85, outgoing) + ")";
          break;
        case "fade":
          opacity = String(1 - outgoing * 0.6);
          break;
      }
    }
    el.style.opacity = opacity;
    el.style.transform = transform;
    el.style.clipPath = clip;
  }

  /* ---------- seek ---------- */
  function isVisible(record, t) {
    var info = record.info;
    var last = record.order === scenes.length - 1;
    return t >= info.start && (t < info.start + info.duration || (last && t <= info.start + info.duration));
  }

  function seek(ms) {
    if (!booted) throw new Error("reelsmith: seek() before ready");
    var t = clamp(Number(ms) || 0, 0, config.duration);
    currentMs = t;
    collectAnimations();
    scenes.forEach(function (record) {
      var visible = isVisible(record, t);
      var local = clamp(t - record.info.start, 0, record.info.duration);
      record.el.classList.toggle("rs-active", visible);
      record.el.style.visibility = visible ? "visible" : "hidden";
      if (visible) applyTransition(record, t);
      if (visible && typeof record.def.render === "function") {
        record.def.render(record.ctx, local, record.state);
        dropIdentityTransforms(record.el);
      }
    });
    // A primitive that shows the logo itself (hidesLogo: true) hides the corner logo.
    var logo = document.querySelector(".rs-logo");
    if (logo) {
      var hide = scenes.some(function (r) { return r.def.hidesLogo && isVisible(r, t) && t >= r.info.start + r.info.transitionMs; });
      logo.style.visibility = hide ? "hidden" : "";
    }
    animations.forEach(function (anim) {
      var record = animationScene.get(anim);
      var local = record ? clamp(t - record.info.start, 0, record.info.duration) : t;
      if (anim.playState !== "paused") anim.pause();
      anim.currentTime = local;
    });
    if (captions) captions.render(t);
    timeListeners.forEach(function (cb) {
      try { cb(t); } catch (err) { console.error(err); }
    });
    return t;
  }

  /* A settled element keeps no transform at all: an identity transform (rotateX(0deg),
   * scale(1)) may still give it a compositing layer, and layers made pixels depend on which
   * frames were painted before (a fresh page and a page that played up to t differed). */
  function isIdentity(transform) {
    var fns = transform.match(/[a-zA-Z0-9]+\([^)]*\)/g);
    if (!fns || fns.join(" ") !== transform.trim().replace(/\s+(?![^(]*\))/g, " ")) return false;
    return fns.every(function (fn) {
      var name = fn.slice(0, fn.indexOf("(")).toLowerCase();
      var args = fn.slice(fn.indexOf("(") + 1, -1).split(",").map(function (a) { return parseFloat(a); });
      if (name.indexOf("matrix") === 0) return false;
      var want = name.indexOf("scale") === 0 ? 1 : 0;
      return args.every(function (v) { return v === want; });
    });
  }
  function dropIdentityTransforms(root) {
    var nodes = root.querySelectorAll('[style*="transform"]');
    for (var i = 0; i < nodes.length; i++) {
      if (nodes[i].style.transform && isIdentity(nodes[i].style.transform)) nodes[i].style.transform = "";
    }
  }

  function activeIntervals() {
    if (intervalsCache) return intervalsCache.map(function (iv) { return iv.slice(); });
    collectAnimations();
    var list = [];
    scenes.forEach(function (record) {
      var start = record.info.start;
      var end = start + record.info.duration;
      list.push([start, start], [end, end]); // entering and leaving are changes
      if (record.info.transitionMs > 0) list.push([start, start + record.info.transitionMs]);
      localIntervals(record).forEach(function (iv) { list.push([start + iv[0], start + iv[1]]); });
    });
    animations.forEach(function (anim) {
      var record = animationScene.get(anim);
      var iv = animationInterval(anim, record);
      var offset = record ? record.info.start : 0;
      var limit = record ? record.info.duration : config.duration;
      list.push([offset + clamp(iv[0], 0, limit), offset + clamp(iv[1], 0, limit)]);
    });
    if (captions) captions.points().forEach(function (p) { list.push([p, p]); });
    intervalsCache = mergeIntervals(list);
    return intervalsCache.map(function (iv) { return iv.slice(); });
  }

  /* false only when the frames at fromMs and toMs are guaranteed identical. */
  function canDiffer(fromMs, toMs) {
    var a = Math.min(fromMs, toMs);
    var b = Math.max(fromMs, toMs);
    if (a === b) return false;
    return activeIntervals().some(function (iv) {
      return b > iv[0] && a < iv[1];
    });
  }

  /* ---------- captions (output.captions) ---------- */
  function buildCaptions(layer) {
    var words = [];
    scenes.forEach(function (record) {
      (record.info.words || []).forEach(function (w) {
        var s = Number(w.startMs), e = Number(w.endMs);
        if (!isFinite(s) || !isFinite(e) || !text(w.word).trim()) return;
        words.push({ word: text(w.word).trim(), start: record.info.start + s, end: record.info.start + Math.max(e, s) });
      });
    });
    words.sort(function (x, y) { return x.start - y.start; });
    // Group into short lines: at most 7 words, break on pauses over 600 ms.
    var lines = [];
    words.forEach(function (w) {
      var line = lines[lines.length - 1];
      var prev = line && line.words[line.words.length - 1];
      if (!line || line.words.length >= 7 || w.start - prev.end > 600) {
        line = { words: [] };
        lines.push(line);
      }
      line.words.push(w);
    });
    lines.forEach(function (line) {
      line.start = line.words[0].start;
      line.end = line.words[line.words.length - 1].end + 400;
    });
    return {
      render: function (t) {
        var line = null;
        for (var i = 0; i < lines.length; i++) {
          if (t >= lines[i].start && t < lines[i].end) { line = lines[i]; break; }
        }
        if (layer._line !== line) {
          layer.textContent = "";
          layer._spans = [];
          if (line) {
            line.words.forEach(function (w, j) {
              var span = document.createElement("span");
              // Japanese and Chinese are written without spaces between words.
              var cjk = /^[\u3040-\u30ff\u3400-\u9fff\uff00-\uffef]/.test(w.word);
              span.textContent = (j && !cjk ? " " : "") + w.word;
              layer.appendChild(span);
              layer._spans.push(span);
            });
          }
          layer._line = line;
        }
        layer.classList.toggle("rs-on", !!line);
        if (line) {
          line.words.forEach(function (w, j) {
            layer._spans[j].classList.toggle("rs-spoken", t >= w.start);
          });
        }
      },
      points: function () {
        var pts = [];
        lines.forEach(function (line) {
          pts.push(line.start, line.end);
          line.words.forEach(function (w) { pts.push(w.start); });
        });
        return pts;
      },
    };
  }

  /* ---------- preview playback (rAF timestamps only, in the controller) ---------- */
  function play() {
    if (playing) return;
    if (currentMs >= config.duration) seek(0);
    playing = { fromMs: currentMs, baseTs: null };
    var tick = function (ts) {
      if (!playing) return;
      if (playing.baseTs === null) playing.baseTs = ts;
      var t = playing.fromMs + (ts - playing.baseTs);
      if (t >= config.duration) {
        seek(config.duration);
        playing = null;
        notifyState();
        return;
      }
      seek(t);
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
    notifyState();
  }
  function pause() {
    playing = null;
    notifyState();
  }
  function notifyState() {
    document.documentElement.classList.toggle("rs-playing", !!playing);
  }
  function onTime(cb) {
    timeListeners.push(cb);
    return function () {
      timeListeners = timeListeners.filter(function (x) { return x !== cb; });
    };
  }

  /* ---------- stage scaling (preview iframes of any size; 1280x720 stays 1:1) ---------- */
  function fitStage() {
    var stage = document.getElementById("rs-stage");
    if (!stage) return;
    var w = window.innerWidth, h = window.innerHeight;
    if (w === 1280 && h === 720) {
      stage.style.transform = "";
      return;
    }
    var scale = Math.min(w / 1280, h / 720);
    stage.style.transform =
      "translate(" + (w - 1280 * scale) / 2 + "px," + (h - 720 * scale) / 2 + "px) scale(" + scale + ")";
  }

  /* ---------- boot ---------- */
  function decodeImages() {
    var imgs = Array.prototype.slice.call(document.images);
    return Promise.all(
      imgs.map(function (img) {
        var done = img.decode ? img.decode() : Promise.resolve();
        return done.catch(function () {
          // A broken image must not leave an empty box: hide it, the layout copes.
          img.classList.add("rs-broken");
          img.style.display = "none";
        });
      })
    );
  }

  function boot() {
    var node = document.getElementById("rs-timeline");
    config = JSON.parse(node.textContent);
    document.querySelectorAll(".rs-scene").forEach(function (el, order) {
      var info = config.scenes[order];
      var propsNode = el.querySelector("script.rs-props");
      var props = propsNode ? JSON.parse(propsNode.textContent) : {};
      el.setAttribute("data-order", String(order));
      scenes.push({ el: el, info: info, props: props, order: order, state: undefined, def: {} });
    });
    fitStage();
    // The size can change while the page boots (the preview resizes its iframe when the
    // resolution is switched) and a resize event then can be lost: a ResizeObserver on the
    // root box reports the current size on its first observation and every change after.
    if (window.ResizeObserver) new ResizeObserver(fitStage).observe(document.documentElement);
    else window.addEventListener("resize", fitStage);
    // Load every declared face up front: fonts otherwise load lazily on first use, and text
    // measured before they arrive (fitText) would differ from page to page.
    var faces = [];
    document.fonts.forEach(function (face) { faces.push(face.load().catch(function () {})); });
    return Promise.all(faces)
      .then(function () { return document.fonts.ready; })
      .then(decodeImages)
      .then(function () {
        scenes.forEach(setupScene);
        var layer = document.getElementById("rs-captions");
        if (layer && config.captions) captions = buildCaptions(layer);
        booted = true;
        collectAnimations();
        seek(0);
        document.documentElement.setAttribute("data-rs-ready", "1");
        return true;
      });
  }

  var api = {
    /* registered by each primitive's scene JS */
    primitive: function (id, definition) {
      primitives[id] = definition;
    },
    seek: seek,
    canDiffer: canDiffer,
    activeIntervals: activeIntervals,
    play: play,
    pause: pause,
    onTime: onTime,
    formatNumber: formatNumber,
    text: text,
    ease: ease,
    get duration() { return config ? config.duration : 0; },
    get currentTime() { return currentMs; },
    get playing() { return !!playing; },
    get scenes() {
      return scenes.map(function (r) {
        return { index: r.info.index, primitive: r.info.primitive, start: r.info.start, duration: r.info.duration, transition: r.info.transition };
      });
    },
    ready: null,
  };
  window.reelsmith = api;
  // Boot after every primitive script has registered (they follow this file in the page).
  api.ready = new Promise(function (resolve) {
    if (document.readyState === "loading") {
      document.addEventListener("DOMContentLoaded", function () { resolve(); });
    } else {
      resolve();
    }
  }).then(boot);
  api.ready.catch(function (err) { console.error("reelsmith: boot failed", err); });
})();
