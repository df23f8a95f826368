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

  /* A number's prefix or suffix as shown: units are short ("$", "%", " hrs"), so one longer
   * than 8 graphemes is cut to 7 and "…", and a number never loses its digits to it. */
  function affix(value) {
    var parts = graphemes(text(value));
    return parts.length > 8 ? parts.slice(0, 7).join("") + "\u2026" : parts.join("");
  }

  /* ---------- text that fits ----------
   * Each primitive declares its text elements in fit.json (timeline scenes[].fit): selector,
   * min (px), optional max (px, default: the CSS size), then `wrap: N` (up to N lines; a word
   * wider than the box may break anywhere) or `ellipsis: true` (one line), optional width (px,
   * or a selector of the ancestor whose content box bounds it; default: the element's own
   * box, its parent's for inline-level elements) and prop (which props field it shows).
   * fitElement() is measured by the browser's own layout, in layout px (never transformed):
   *   1. the largest whole px size from max down to min at which the text fits;
   *   2. still too big at min: wrap may break words anywhere;
   *   3. still too big: the text is cut, a whole grapheme at a time, and ends in "…".
   * Fits = no wider than the box and no more lines than allowed. Runs once per element after
   * fonts load (setup, or right after it), so the preview and the video agree. */
  var fitLog = [];
  var ELLIPSIS = "\u2026";
  var segmenter = typeof Intl !== "undefined" && Intl.Segmenter ? new Intl.Segmenter(undefined, { granularity: "grapheme" }) : null;
  function graphemes(s) {
    return segmenter ? Array.from(segmenter.segment(s), function (x) { return x.segment; }) : Array.from(s);
  }
  function textNodesOf(el) {
    var out = [];
    var walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    while (walker.nextNode()) out.push(walker.currentNode);
    return out;
  }
  function px(value) {
    var n = parseFloat(value);
    return isFinite(n) ? n : 0;
  }
  function contentWidth(node) {
    var cs = getComputedStyle(node);
    return node.clientWidth - px(cs.paddingLeft) - px(cs.paddingRight);
  }
  /* A width in fit.json is the box's at 16:9; on a narrower stage (1:1, 4:5, 9:16: 720 px
   * wide, laid out by the primitive's container queries) its own box bounds it too. */
  function boxWidth(el, rule) {
    if (typeof rule.width === "number") {
      var wide = !config || !config.width || config.width > config.height;
      return wide ? rule.width : Math.min(rule.width, layoutWidth(el));
    }
    if (typeof rule.width === "string") {
      var host = el.parentElement && el.parentElement.closest(rule.width);
      if (host) return contentWidth(host);
    }
    return layoutWidth(el);
  }
  function layoutWidth(el) {
    var parent = el.parentElement ? contentWidth(el.parentElement) : Infinity;
    if (getComputedStyle(el).display.indexOf("inline") === 0) return parent;
    // A box sized by its own content (a centred flex item) is bounded by its parent's.
    return Math.min(el.clientWidth, parent);
  }
  function lineHeightOf(el) {
    var cs = getComputedStyle(el);
    var lh = parseFloat(cs.lineHeight);
    return isFinite(lh) ? lh : px(cs.fontSize) * 1.2;
  }
  /* Lines from the content height: every fitted element has a fixed line height, so a
   * fallback font with a taller ascent never counts as an extra line. */
  function linesOf(el, inline) {
    var cs = getComputedStyle(el);
    var height = (inline ? el.offsetHeight : el.scrollHeight) - px(cs.paddingTop) - px(cs.paddingBottom);
    return height / lineHeightOf(el);
  }
  /* An inline element has no scroll box: its own size is its text's. Layout sizes are whole
   * px (rounded), so a text may measure as fitting and still overflow its box by a fraction
   * of a pixel; where CSS cuts overflowing text with "…" (text-overflow: ellipsis) that
   * showed "Sam L…" while the report said "Sam Lee" fits. There the text's own width, in
   * fractions of a pixel, must be within the box too. */
  function fitsBox(el, width, lines) {
    var cs = getComputedStyle(el);
    var inline = cs.display === "inline";
    var used = inline ? el.offsetWidth : el.scrollWidth;
    return used <= width + 0.5 && linesOf(el, inline) <= lines + 0.45 && !cutByCss(el, cs);
  }
  /* Whether CSS draws this one-line element's text cut with "…": its text is wider than its
   * content box, both in fractions of a layout pixel and whatever the moment's transforms (a
   * page fits its text once, at whatever time it starts, and every page of a video must fit
   * it alike): the box's used width from its computed style, the text's from a copy of it
   * laid out alone at the root, where nothing transforms it. */
  var measurer = null;
  var FONT_PROPS = ["fontStyle", "fontVariant", "fontWeight", "fontStretch", "fontSize",
    "fontFamily", "fontKerning", "fontFeatureSettings", "fontVariationSettings",
    "letterSpacing", "wordSpacing", "textTransform", "textRendering"];
  function cutByCss(el, cs) {
    if (cs.textOverflow !== "ellipsis" || cs.overflowX === "visible") return false;
    var box = px(cs.width);
    if (cs.boxSizing === "border-box") {
      box -= px(cs.paddingLeft) + px(cs.paddingRight) + px(cs.borderLeftWidth) + px(cs.borderRightWidth);
    }
    if (!measurer) {
      measurer = document.createElement("span");
      measurer.setAttribute("aria-hidden", "true");
      measurer.style.cssText = "position:absolute;left:-100000px;top:0;visibility:hidden;" +
        "white-space:pre;transform:none;padding:0;border:0;margin:0;";
    }
    FONT_PROPS.forEach(function (name) { measurer.style[name] = cs[name]; });
    measurer.textContent = el.textContent.replace(/\s+/g, " ");
    document.documentElement.appendChild(measurer);
    var range = document.createRange();
    range.selectNodeContents(measurer);
    var text = range.getBoundingClientRect().width;
    measurer.remove();
    return text > box + 0.01;
  }

  function fitElement(record, el, rule) {
    var text = el.textContent;
    if (el.__rsFit && el.__rsFit.text === text) return el.__rsFit.size;
    var cs = getComputedStyle(el);
    if (el.__rsDesigned === undefined) {
      el.__rsDesigned = px(cs.fontSize); // the CSS size, before any fitting wrote one
      // "normal" line height depends on the font that draws it: fix it to the brand's.
      if (!isFinite(parseFloat(cs.lineHeight))) el.style.lineHeight = "1.2";
    }
    var declared = rule.max || el.__rsDesigned;
    var min = Math.min(rule.min || declared, declared);
    var lines = rule.ellipsis ? 1 : Math.max(1, rule.wrap || rule.lines || 1);
    var width = boxWidth(el, rule);
    var at = function (size) {
      el.style.fontSize = size + "px";
      return fitsBox(el, width, lines);
    };
    var size = declared;
    // Most text fits as designed: measured without touching the style, a page whose text
    // all fits costs one layout, however many elements it declares.
    var asDesigned = !el.style.fontSize && !rule.max ? fitsBox(el, width, lines) : at(declared);
    if (!asDesigned) {
      var lo = Math.ceil(min), hi = Math.floor(declared);
      if (hi >= declared) hi = declared - 1;
      if (!at(lo)) {
        size = lo;
      } else {
        while (lo < hi) {
          var mid = Math.ceil((lo + hi) / 2);
          if (at(mid)) lo = mid;
          else hi = mid - 1;
        }
        size = lo;
      }
      at(size);
    }
    var truncated = false;
    if (!asDesigned && !fitsBox(el, width, lines)) {
      if (!rule.ellipsis) {
        el.style.overflowWrap = "anywhere";
        el.style.wordBreak = "break-word";
      }
      if (!fitsBox(el, width, lines)) truncated = cutToFit(el, width, lines, size, min);
    }
    el.__rsFit = { text: el.textContent, size: size };
    // One entry per element: fitted again (its text changed in setup), the new one counts.
    if (el.__rsLog !== undefined) fitLog.splice(el.__rsLog, 1, null);
    el.__rsLog = fitLog.length;
    fitLog.push({
      scene: record ? record.info.index : null,
      primitive: record ? record.info.primitive : null,
      element: rule.selector || describe(el),
      prop: record ? cachedProp(record, el, rule, text) : null,
      field: null,
      size: size,
      declared: declared,
      scale: Math.round((size / declared) * 1000) / 1000,
      truncated: truncated,
    });
    var entry = fitLog[fitLog.length - 1];
    if (record && entry.prop && record.info.fields) entry.field = record.info.fields[entry.prop] || null;
    return size;
  }

  /* Keep the longest start of the text (whole graphemes) that fits with "…" after it. */
  function cutToFit(el, width, lines, size, min) {
    var nodes = textNodesOf(el);
    var originals = nodes.map(function (n) { return n.data; });
    var all = graphemes(originals.join(""));
    // No box can show more graphemes than this (0.15 em is narrower than any glyph): keeps
    // the search quick for a 20,000-character string.
    var cap = Math.min(all.length, lines * Math.ceil(width / (Math.max(1, size) * 0.15)) + 1);
    var keep = function (k) {
      var budget = all.slice(0, k).join("").length;
      var last = -1;
      nodes.forEach(function (node, i) {
        var take = Math.min(budget, originals[i].length);
        node.data = originals[i].slice(0, take);
        budget -= take;
        if (take > 0) last = i;
      });
      var tail = nodes[last < 0 ? 0 : last];
      if (tail) tail.data = tail.data.replace(/\s+$/, "") + ELLIPSIS;
      return fitsBox(el, width, lines);
    };
    var lo = 0, hi = cap;
    while (lo < hi) {
      var mid = Math.ceil((lo + hi) / 2);
      if (keep(mid)) lo = mid;
      else hi = mid - 1;
    }
    keep(lo);
    return true;
  }

  function describe(el) {
    return el.tagName.toLowerCase() + (el.className && typeof el.className === "string" ? "." + el.className.trim().split(/\s+/).join(".") : "");
  }

  /* Which props field an element shows: an explicit data-rs-prop, else the props string it
   * equals (within the rule's prop pattern when given), else the pattern itself. */
  function propOf(record, el, rule, text) {
    var marked = el.closest("[data-rs-prop]");
    if (marked && record.el.contains(marked)) return marked.getAttribute("data-rs-prop");
    var wanted = String(text).trim();
    var pattern = rule.prop ? propPattern(rule.prop) : null;
    var found = [];
    (function walk(value, path) {
      if (typeof value === "string" || typeof value === "number") {
        if (String(value).trim() === wanted && (!pattern || pattern.test(path))) found.push(path);
      } else if (Array.isArray(value)) {
        value.forEach(function (v, i) { walk(v, path + "[" + i + "]"); });
      } else if (value && typeof value === "object") {
        Object.keys(value).forEach(function (k) { walk(value[k], path ? path + "." + k : k); });
      }
    })(record.props, "");
    if (!found.length) return rule.prop || null;
    // The same text in several items: the n-th element showing it is the n-th item.
    var key = rule.selector + "\u0000" + wanted;
    record.seenTexts = record.seenTexts || {};
    var n = record.seenTexts[key] = (record.seenTexts[key] || 0) + 1;
    return found[Math.min(n, found.length) - 1];
  }

  function cachedProp(record, el, rule, text) {
    if (el.__rsPropText !== text) {
      el.__rsPropText = text;
      el.__rsProp = propOf(record, el, rule, text);
    }
    return el.__rsProp;
  }

  /* "bars[].label" matches "bars[3].label". */
  function propPattern(prop) {
    var escaped = prop.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    return new RegExp("^" + escaped.split("\\[\\]").join("\\[\\d+\\]") + "$");
  }

  function matchingRule(record, el) {
    var rules = (record && record.info.fit) || [];
    for (var i = 0; i < rules.length; i++) if (el.matches(rules[i].selector)) return rules[i];
    return null;
  }

  /* ctx.fit(): every declared element of the scene; ctx.fit(sel or el, overrides): those. */
  function fitScene(record, target, overrides) {
    var rules = (record.info.fit || []).slice();
    var els = null;
    if (target) {
      els = typeof target === "string" ? Array.prototype.slice.call(record.el.querySelectorAll(target)) : [target];
    }
    var last = null;
    if (els) {
      els.forEach(function (el) {
        var rule = matchingRule(record, el) || { selector: typeof target === "string" ? target : describe(el) };
        last = fitElement(record, el, Object.assign({}, rule, overrides || {}));
      });
      return last;
    }
    rules.forEach(function (rule) {
      record.el.querySelectorAll(rule.selector).forEach(function (el) { last = fitElement(record, el, rule); });
    });
    return last;
  }

  /* The former helper, kept for primitives that call it: shrink from max to min within
   * width over at most `lines` lines, then break words, then cut with "…". */
  function fitTextFor(record) {
    return function (el, opts) {
      opts = opts || {};
      var rule = Object.assign({}, matchingRule(record, el) || { selector: describe(el) });
      if (opts.max) rule.max = opts.max;
      rule.min = opts.min || rule.min || 24;
      if (opts.width) rule.width = opts.width;
      if (opts.lines) { rule.wrap = opts.lines; delete rule.ellipsis; }
      return fitElement(record, el, rule);
    };
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
      /* The stage's layout size in CSS px and its shape ("16:9", "9:16", "1:1", "4:5"). */
      width: stageSize().width,
      height: stageSize().height,
      shape: config.shape || "16:9",
      /* Scene-local ms at which a named event starts: the animationBindings value, else fallback. */
      at: function (eventId, fallback) {
        var v = bindings[eventId];
        return typeof v === "number" && isFinite(v) ? v : fallback;
      },
      $: function (sel) { return el.querySelector(sel); },
      $$: function (sel) { return Array.prototype.slice.call(el.querySelectorAll(sel)); },
      fmt: formatNumber,
      text: text,
      graphemes: graphemes,
      affix: affix,
      fit: function (target, overrides) { return fitScene(record, target, overrides); },
      fitText: fitTextFor(record),
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
    // Declared elements fit before setup measures the layout, and again after it for the
    // elements it created or whose text it changed.
    fitScene(record);
    if (typeof def.setup === "function") record.state = def.setup(record.ctx);
    fitScene(record);
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

  /* activeIntervals() with what makes each one move, for profiling which element forbids
   * repeating a frame: [{from, to, kind, scene, primitive, what}], kind one of "cut" (a scene
   * entering or leaving), "transition", "script" (the primitive's active()), "css" (a CSS or
   * Web animation: what = its name and target), "captions". Unmerged, in no set order. */
  function describeTarget(el) {
    if (!el || !el.tagName) return "";
    var cls = typeof el.className === "string" ? el.className.trim().split(/\s+/)[0] : "";
    return el.tagName.toLowerCase() + (cls ? "." + cls : "");
  }
  function activeSources() {
    collectAnimations();
    var out = [];
    var add = function (from, to, kind, record, what) {
      out.push({
        from: from, to: to, kind: kind,
        scene: record ? record.info.index : null,
        primitive: record ? record.info.primitive : null,
        what: what || "",
      });
    };
    scenes.forEach(function (record) {
      var start = record.info.start;
      var end = start + record.info.duration;
      add(start - EPS, start, "cut", record, "enters");
      add(end - EPS, end, "cut", record, "leaves");
      if (record.info.transitionMs > 0) {
        add(start, start + record.info.transitionMs, "transition", record, record.info.transition);
      }
      localIntervals(record).forEach(function (iv) {
        add(start + iv[0], start + iv[1], "script", record, "active()");
      });
    });
    animations.forEach(function (anim) {
      var record = animationScene.get(anim);
      var iv = animationInterval(anim, record);
      var offset = record ? record.info.start : 0;
      var limit = record ? record.info.duration : config.duration;
      var name = anim.animationName || anim.id || "animation";
      var target = describeTarget(anim.effect && anim.effect.target);
      var infinite = !isFinite(Number(anim.effect.getComputedTiming().endTime));
      add(offset + clamp(iv[0], 0, limit), offset + clamp(iv[1], 0, limit), "css", record,
        name + " on " + target + (infinite ? " (infinite)" : ""));
    });
    if (captions) captions.points().forEach(function (p) { add(p - EPS, p, "captions", null, "word"); });
    return out;
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

  /* ---------- when a scene has settled (the poster rule) ----------
   * settledAt(index): the absolute time (ms) at which the scene with this template index has
   * finished entering: its entry transition is over and every entry animation of its
   * elements is done. The scripted part is the primitive's settle(ctx, state) when it
   * declares one (a primitive whose motion loops, or that animates its own exit, must), else
   * the latest end of its active() intervals; finite CSS/Web animations of the scene add
   * their end; infinite ones are ambient and ignored. Clamped to the last moment the scene
   * is still whole: the next scene's start (under a cut, 1 ms before it), or the video's end.
   * null for a scene that does not play (skipped, disabled). */
  function recordByIndex(index) {
    for (var i = 0; i < scenes.length; i++) if (scenes[i].info.index === Number(index)) return scenes[i];
    return null;
  }
  function settledAt(index) {
    var record = recordByIndex(index);
    if (!record) return null;
    collectAnimations();
    var info = record.info;
    var local = info.transitionMs;
    if (typeof record.def.settle === "function") {
      local = Math.max(local, Number(record.def.settle(record.ctx, record.state)) || 0);
    } else {
      localIntervals(record).forEach(function (iv) { local = Math.max(local, iv[1]); });
    }
    animations.forEach(function (anim) {
      if (animationScene.get(anim) !== record) return;
      var end = Number(anim.effect.getComputedTiming().endTime);
      if (isFinite(end)) local = Math.max(local, end);
    });
    return clamp(info.start + clamp(local, 0, info.duration), info.start, wholeUntil(record));
  }
  /* The last moment the scene is whole: the next scene's start (1 ms before it under a cut),
   * else the video's end. */
  function wholeUntil(record) {
    var next = scenes[record.order + 1];
    var leaves = next ? (next.info.transitionMs > 0 ? next.info.start : next.info.start - 1) : config.duration;
    return Math.max(record.info.start, leaves);
  }
  /* The poster frame (ms). An explicit posterAt {scene, offsetMs} (the argument, else the
   * template's, which the page carries) wins when its scene plays: the author chose that
   * moment (offset clamped into the scene). Otherwise where the first scene that shows
   * recipient data (timeline `personalized`) has settled; with none, where the first scene has.
   * With `fps`, snapped to the frame grid: the first frame at or after that time, unless that
   * frame is past the moment the scene is whole (or past the video), then the frame before. */
  function posterAtMs(posterAt, fps) {
    var chosen = posterAt === undefined || posterAt === null ? config.posterAt : posterAt;
    var record = null, t = null;
    if (chosen && chosen.scene !== undefined && chosen.scene !== null) {
      record = recordByIndex(chosen.scene);
      if (record) t = record.info.start + clamp(Number(chosen.offsetMs) || 0, 0, record.info.duration);
    }
    if (t === null) {
      record = scenes.filter(function (r) { return r.info.personalized; })[0] || scenes[0] || null;
      if (record) t = settledAt(record.info.index);
    }
    if (t === null) return 0;
    return fps ? onFrameGrid(t, wholeUntil(record), Number(fps)) : t;
  }
  function onFrameGrid(t, limit, fps) {
    var last = Math.max(0, Math.round(config.duration * fps / 1000) - 1);
    var frame = Math.min(Math.ceil(t * fps / 1000 - 1e-6), last);
    if (frame * 1000 / fps > limit) frame = Math.floor(t * fps / 1000 + 1e-6);
    return Math.max(0, Math.min(frame, last)) * 1000 / fps;
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

  /* ---------- stage scaling (preview iframes of any size; the layout size stays 1:1) ---------- */
  function stageSize() {
    return { width: (config && config.width) || 1280, height: (config && config.height) || 720 };
  }

  function fitStage() {
    var stage = document.getElementById("rs-stage");
    if (!stage) return;
    var size = stageSize();
    var w = window.innerWidth, h = window.innerHeight;
    if (w === size.width && h === size.height) {
      stage.style.transform = "";
      return;
    }
    var scale = Math.min(w / size.width, h / size.height);
    stage.style.transform =
      "translate(" + (w - size.width * scale) / 2 + "px," + (h - size.height * scale) / 2 +
      "px) scale(" + scale + ")";
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
        // A live player's shell (static/live-shell.js) boots with the timeline its player
        // sends once the voice is spoken: the same page, only its timing and words differ.
        return window.reelsmithTimeline;
      })
      .then(function (spoken) {
        if (spoken) {
          config = spoken;
          scenes.forEach(function (record) { record.info = config.scenes[record.order]; });
        }
        // Text is fitted in layout px: the preview's scaled stage must not be scaled meanwhile.
        var stage = document.getElementById("rs-stage");
        if (stage) stage.style.transform = "";
        scenes.forEach(setupScene);
        fitStage();
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
    activeSources: activeSources,
    settledAt: settledAt,
    posterAtMs: posterAtMs,
    /* What fitting did to each text element: [{scene, primitive, element, prop, field, size,
     * declared, scale (size / declared), truncated}] in the order elements were fitted. */
    fitReport: function () {
      return fitLog.filter(Boolean).map(function (e) { return Object.assign({}, e); });
    },
    play: play,
    pause: pause,
    onTime: onTime,
    formatNumber: formatNumber,
    text: text,
    ease: ease,
    get duration() { return config ? config.duration : 0; },
    /* The layout size in CSS px ({shape, width, height}; 1280x720 for 16:9). */
    get stage() {
      var size = stageSize();
      return { shape: (config && config.shape) || "16:9", width: size.width, height: size.height };
    },
    get currentTime() { return currentMs; },
    get playing() { return !!playing; },
    get scenes() {
      return scenes.map(function (r) {
        return { index: r.info.index, primitive: r.info.primitive, start: r.info.start, duration: r.info.duration, transition: r.info.transition, personalized: !!r.info.personalized };
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
