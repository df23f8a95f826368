/* quote-card: a quotation with the speaker's name, role and portrait (initials when there is
 * no portrait). Options: word-reveal (words follow wordTimestamps when given), slide-in,
 * typewriter. Bindings: "quote-in" (default 300 ms), "person-in" (after the quote). */
(function () {
var QUOTES = /^[\s"'“”„«»‘’]+|[\s"'“”„«»‘’]+$/g;

reelsmith.primitive("quote-card", {
  setup: function (ctx) {
    var text = ctx.$(".qc-text");
    var quote = ctx.text(ctx.props.quote).replace(QUOTES, "");
    text.textContent = quote;
    if (!quote) ctx.$(".qc-quote").style.display = "none";
    var hasPerson = !!ctx.$(".qc-person");
    ctx.fit(text, { max: quote.length > 140 ? 38 : 46, wrap: hasPerson ? 5 : 6 });
    fillAvatar(ctx);
    var s = { text: text, units: [], caret: null, quoteIn: ctx.at("quote-in", 300) };
    if (ctx.option === "typewriter") {
      s.units = split(text, Array.from(quote));
      s.caret = document.createElement("span");
      s.caret.className = "qc-caret";
      text.appendChild(s.caret);
      s.quoteMs = Math.min(ctx.duration * 0.55, Math.max(600, s.units.length * 38));
    } else if (ctx.option === "word-reveal") {
      s.units = split(text, quote.split(/(?<=\s)/).filter(function (w) { return w.length; }));
      s.times = wordTimes(ctx, s.units, s.quoteIn, Math.min(220, (ctx.duration * 0.55) / Math.max(1, s.units.length)));
      s.quoteMs = s.times.length ? s.times[s.times.length - 1] - s.quoteIn + 400 : 600;
    } else {
      s.quoteMs = 900;
    }
    s.personIn = ctx.at("person-in", Math.min(ctx.duration - 1200, s.quoteIn + s.quoteMs + 200));
    return s;

    function split(el, parts) {
      el.textContent = "";
      return parts.map(function (part) {
        var span = document.createElement("span");
        span.className = "qc-unit";
        span.textContent = part;
        el.appendChild(span);
        return span;
      });
    }
  },

  active: function (ctx, s) {
    var end = Math.max(s.quoteIn + s.quoteMs + 900, s.personIn + 900);
    return [[0, end]];
  },

  render: function (ctx, t, s) {
    var e = ctx.ease, p = ctx.progress;
    var mark = ctx.$(".qc-mark");
    var m = e.outBack(p(t, 0, 700));
    mark.style.transform = "scale(" + m + ") rotate(" + (1 - m) * -20 + "deg)";
    mark.style.opacity = 0.9 * Math.min(1, p(t, 0, 300));
    var quote = ctx.$(".qc-quote");
    var bar = e.outCubic(p(t, s.quoteIn - 200, 600));
    quote.style.borderLeftColor = "color-mix(in srgb, var(--accent) " + Math.round(bar * 100) + "%, transparent)";
    if (ctx.option === "typewriter") {
      var shown = Math.floor(p(t, s.quoteIn, s.quoteMs) * s.units.length + 1e-9);
      s.units.forEach(function (u, i) { u.style.visibility = i < shown ? "visible" : "hidden"; });
      // The caret follows the last typed character (it takes no width, so lines never reflow).
      var next = s.units[shown] || null;
      if (s.caret.nextSibling !== next || s.caret.parentNode !== s.text) s.text.insertBefore(s.caret, next);
      var done = s.quoteIn + s.quoteMs;
      var blink = t >= done && t < done + 900 && Math.floor((t - done) / 225) % 2 === 0;
      s.caret.style.opacity = t < done || blink ? 1 : 0;
    } else if (ctx.option === "word-reveal") {
      s.units.forEach(function (u, i) {
        var q = e.outCubic(p(t, s.times[i], 360));
        u.style.opacity = 0.12 + 0.88 * q;
      });
    } else {
      var q = e.outCubic(p(t, s.quoteIn, 900));
      s.text.style.opacity = q;
      s.text.style.transform = "translateX(" + (1 - q) * -70 + "px)";
    }
    var person = ctx.$(".qc-person");
    if (person) {
      var r = e.outCubic(p(t, s.personIn, 700));
      person.style.opacity = r;
      person.style.transform = ctx.option === "slide-in" ? "translateX(" + (1 - r) * 80 + "px)" : "translateY(" + (1 - r) * 20 + "px)";
      var avatar = ctx.$(".qc-avatar");
      avatar.style.transform = "scale(" + ctx.lerp(0.6, 1, e.outBack(p(t, s.personIn, 600))) + ")";
    }
    var kicker = ctx.$(".qc-kicker");
    if (kicker) kicker.style.opacity = e.outCubic(p(t, 0, 600));
  },
});

function fillAvatar(ctx) {
  var avatar = ctx.$(".qc-avatar");
  if (!avatar) return;
  var img = ctx.$(".qc-portrait");
  if (img && (img.classList.contains("rs-broken") || !img.naturalWidth)) {
    img.parentNode.removeChild(img);
    img = null;
  }
  var words = ctx.text(ctx.props.person_name).trim().split(/\s+/).filter(Boolean);
  var initials = words.length ? (Array.from(words[0])[0] + (words.length > 1 ? Array.from(words[words.length - 1])[0] : "")).toUpperCase() : "";
  ctx.$(".qc-initials").textContent = img ? "" : initials;
  if (!img && !initials) avatar.style.display = "none";
}

/* Word i starts at its wordTimestamps entry (matched in order by normalised text), else
 * `step` ms after the previous word. */
function wordTimes(ctx, units, start, step) {
  var norm = function (w) { return String(w).toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ""); };
  var words = ctx.words || [];
  var j = 0, last = null;
  return units.map(function (unit, i) {
    var target = norm(unit.textContent);
    for (var k = j; k < words.length && target; k++) {
      if (norm(words[k].word) === target) {
        j = k + 1;
        last = words[k].startMs;
        return last;
      }
    }
    last = last === null ? start + i * step : last + step;
    return last;
  });
}
})();
