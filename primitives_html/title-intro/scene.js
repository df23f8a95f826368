/* title-intro: the recipient's name, big; long names shrink to fit (max two lines).
 * Options: slide-up, typewriter, scale-in, word-reveal (subtitle words follow wordTimestamps).
 * Bindings: "name-in" (default 200 ms), "subtitle-in" (default 1000 ms). */
(function () {
reelsmith.primitive("title-intro", {
  setup: function (ctx) {
    var name = ctx.$(".ti-name-inner");
    var subtitle = ctx.$(".ti-subtitle");
    var state = { name: name, subtitle: subtitle, units: [], subUnits: [], caret: null };
    if (name) {
      var box = ctx.$(".ti-name");
      ctx.fit(box);
      if (ctx.option === "typewriter") state.units = splitUnits(name, Array.from(name.textContent));
      if (ctx.option === "word-reveal") state.units = splitUnits(name, wordsWithSpaces(name.textContent));
      if (ctx.option === "typewriter") {
        state.caret = document.createElement("span");
        state.caret.className = "ti-caret";
        name.insertBefore(state.caret, name.firstChild);
      }
    }
    if (subtitle && ctx.option === "word-reveal") {
      state.subUnits = splitUnits(subtitle, wordsWithSpaces(subtitle.textContent));
      state.subTimes = wordTimes(ctx, state.subUnits);
    }
    state.nameIn = ctx.at("name-in", 200);
    state.subIn = ctx.at("subtitle-in", 1000);
    state.nameMs = ctx.option === "typewriter" ? Math.min(1800, Math.max(500, state.units.length * 55)) : 900;
    if (ctx.option === "word-reveal") state.nameMs = 420 + Math.max(0, state.units.length - 1) * 160;
    return state;

    function splitUnits(el, parts) {
      el.textContent = "";
      var units = [];
      parts.forEach(function (part) {
        if (!part.trim()) {
          el.appendChild(document.createTextNode(part)); // spaces stay real break points
          return;
        }
        var span = document.createElement("span");
        span.className = "ti-unit";
        span.textContent = part;
        el.appendChild(span);
        units.push(span);
      });
      return units;
    }
    function wordsWithSpaces(text) {
      return text.split(/(\s+)/).filter(function (w) { return w.length; });
    }
  },

  active: function (ctx, s) {
    var end = Math.max(s.nameIn + s.nameMs, s.subIn + 700, 1400);
    if (ctx.option === "typewriter") end = Math.max(end, s.nameIn + s.nameMs + 800);
    if (s.subTimes && s.subTimes.length) end = Math.max(end, s.subTimes[s.subTimes.length - 1] + 400);
    return [[0, end]];
  },

  render: function (ctx, t, s) {
    var e = ctx.ease, p = ctx.progress;
    var kicker = ctx.$(".ti-kicker");
    if (kicker) {
      var k = e.outCubic(p(t, 0, 600));
      kicker.style.opacity = k;
      kicker.style.transform = "translateY(" + (1 - k) * 16 + "px)";
    }
    renderName(ctx, t, s);
    var bar = ctx.$(".ti-bar");
    var b = e.outCubic(p(t, s.nameIn + 300, 700));
    bar.style.transform = "scaleX(" + b + ")";
    if (s.subtitle) {
      if (s.subUnits.length) {
        s.subUnits.forEach(function (unit, i) {
          var q = e.outCubic(p(t, s.subTimes[i], 320));
          unit.style.opacity = 0.15 + 0.85 * q;
          unit.style.transform = "translateY(" + (1 - q) * 10 + "px)";
        });
      } else {
        var q = e.outCubic(p(t, s.subIn, 700));
        s.subtitle.style.opacity = q;
        s.subtitle.style.transform = "translateY(" + (1 - q) * 24 + "px)";
      }
    }
    var ring = ctx.$(".ti-deco");
    var r = e.outCubic(p(t, 0, 1400));
    // Settled: no transform/opacity at all, so the rings are painted the same way every time.
    ring.style.transform = r < 1 ? "scale(" + ctx.lerp(0.7, 1, r) + ") rotate(" + (1 - r) * -40 + "deg)" : "";
    ring.style.opacity = r < 1 ? r : "";

    function renderName(ctx, t, s) {
      if (!s.name) return;
      var q = p(t, s.nameIn, s.nameMs);
      if (ctx.option === "typewriter") {
        var shown = Math.floor(q * s.units.length + 1e-9);
        s.units.forEach(function (u, i) { u.style.visibility = i < shown ? "visible" : "hidden"; });
        // Move the caret only when it has to: a DOM move repaints the whole name.
        var anchor = shown > 0 ? s.units[shown - 1] : null;
        if (anchor && s.caret.previousSibling !== anchor) anchor.after(s.caret);
        else if (!anchor && s.name.firstChild !== s.caret) s.name.insertBefore(s.caret, s.name.firstChild);
        // Caret: steady while typing, blinks briefly (a pure function of t), then goes away.
        var done = s.nameIn + s.nameMs;
        var blink = t >= done && t < done + 800 && Math.floor((t - done) / 200) % 2 === 0;
        s.caret.style.opacity = t < done || blink ? 1 : 0;
      } else if (ctx.option === "scale-in") {
        var z = e.outQuint(q);
        s.name.style.opacity = e.outCubic(p(t, s.nameIn, 500));
        s.name.style.transform = "scale(" + ctx.lerp(1.4, 1, z) + ")";
        s.name.style.transformOrigin = "left center";
        s.name.style.letterSpacing = ctx.lerp(0.18, 0, z) + "em";
      } else if (ctx.option === "word-reveal") {
        s.units.forEach(function (u, i) {
          var w = e.outBack(p(t, s.nameIn + i * 160, 420));
          u.style.opacity = Math.min(1, w * 1.4);
          u.style.transform = "translateY(" + (1 - w) * 60 + "%)";
        });
      } else {
        var y = e.outCubic(q);
        s.name.style.transform = "translateY(" + (1 - y) * 110 + "%)";
      }
    }
  },
});

/* Subtitle word i starts at its matching wordTimestamps entry (scene-local ms, matched in
 * order by normalised text); unmatched words follow the previous one by 180 ms. */
function wordTimes(ctx, units) {
  var norm = function (w) { return String(w).toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ""); };
  var words = ctx.words || [];
  var start = ctx.at("subtitle-in", 1000);
  var j = 0;
  var last = null;
  return units.map(function (unit, i) {
    var target = norm(unit.textContent);
    for (var k = j; k < words.length; k++) {
      if (norm(words[k].word) === target) {
        j = k + 1;
        last = words[k].startMs;
        return last;
      }
    }
    last = last === null ? start + i * 180 : last + 180;
    return last;
  });
}
})();
