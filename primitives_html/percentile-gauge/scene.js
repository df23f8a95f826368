/* percentile-gauge: where the recipient ranks. `percentile` 0-100 (a fraction below 1 such
 * as 0.92 counts as 92); the gauge sweeps to it while the number counts up; a "Top N%" pill
 * appears for the upper half. Options: sweep (half-dial with a knob), ring-fill (full ring).
 * Bindings: "sweep" (the gauge starts moving; default 500 ms). */
(function () {
var C = 280; // svg centre
var R = 230;

reelsmith.primitive("percentile-gauge", {
  setup: function (ctx) {
    var ring = ctx.option === "ring-fill";
    var geom = ring ? { from: -90, span: 360 } : { from: -180, span: 180 };
    var value = readPercentile(ctx.props.percentile);
    ctx.$(".pg-track").setAttribute("d", arcPath(geom.from, geom.from + geom.span - (ring ? 0.01 : 0)));
    drawTicks(ctx, geom, ring);
    if (!ring) ctx.$(".pg-svg").setAttribute("viewBox", "0 0 560 300");
    if (!ring) ctx.$(".pg-gauge").style.height = 440 * (300 / 560) + "px";
    var pill = ctx.$(".pg-pill");
    if (value !== null && value >= 50) pill.textContent = "Top " + ctx.fmt(Math.max(1, 100 - Math.round(value))) + "%";
    if (value === null) {
      ctx.$(".pg-readout").style.display = "none";
      ctx.$(".pg-knob").style.display = "none";
    }
    var title = ctx.$(".pg-title");
    if (title) ctx.fit(title);
    return { value: value, geom: geom, ring: ring, start: ctx.at("sweep", 500), ms: 1800 };
  },

  active: function (ctx, s) {
    return [[0, s.start + s.ms + 900]];
  },

  render: function (ctx, t, s) {
    var e = ctx.ease, p = ctx.progress;
    [".pg-kicker", ".pg-title"].forEach(function (sel, i) {
      var el = ctx.$(sel);
      if (!el) return;
      var q = e.outCubic(p(t, i * 150, 600));
      el.style.opacity = q;
      el.style.transform = "translateY(" + (1 - q) * 18 + "px)";
    });
    var appear = e.outCubic(p(t, 100, 700));
    var gauge = ctx.$(".pg-gauge");
    gauge.style.opacity = appear;
    gauge.style.transform = "scale(" + ctx.lerp(0.9, 1, appear) + ")";
    var q = s.value === null ? 0 : e.inOutCubic(p(t, s.start, s.ms));
    var shown = (s.value || 0) * q;
    var arc = ctx.$(".pg-arc");
    var end = s.geom.from + (s.geom.span * shown) / 100;
    arc.setAttribute("d", shown > 0.05 ? arcPath(s.geom.from, Math.min(end, s.geom.from + s.geom.span - 0.01)) : "");
    var knob = ctx.$(".pg-knob");
    var rad = (end * Math.PI) / 180;
    knob.setAttribute("cx", (C + R * Math.cos(rad)).toFixed(2));
    knob.setAttribute("cy", (C + R * Math.sin(rad)).toFixed(2));
    knob.style.opacity = Math.min(1, p(t, s.start, 200));
    if (s.value !== null) {
      var rounded = Math.round(shown);
      ctx.$(".pg-value").textContent = ctx.fmt(rounded);
      ctx.$(".pg-ordinal").textContent = ordinal(rounded);
    }
    var pillIn = e.outBack(p(t, s.start + s.ms - 100, 500));
    var pill = ctx.$(".pg-pill");
    pill.style.transform = "scale(" + pillIn + ")";
    pill.style.opacity = Math.min(1, pillIn * 1.5);
    var label = ctx.$(".pg-label");
    if (label) {
      var l = e.outCubic(p(t, s.start + s.ms, 600));
      label.style.opacity = l;
      label.style.transform = "translateY(" + (1 - l) * 14 + "px)";
    }
  },
});

function arcPath(fromDeg, toDeg) {
  var a = (fromDeg * Math.PI) / 180, b = (toDeg * Math.PI) / 180;
  var large = toDeg - fromDeg > 180 ? 1 : 0;
  return "M" + (C + R * Math.cos(a)).toFixed(2) + " " + (C + R * Math.sin(a)).toFixed(2) +
    "A" + R + " " + R + " 0 " + large + " 1 " + (C + R * Math.cos(b)).toFixed(2) + " " + (C + R * Math.sin(b)).toFixed(2);
}

function drawTicks(ctx, geom, ring) {
  var g = ctx.$(".pg-ticks");
  for (var i = 0; i <= 10; i++) {
    if (ring && i === 10) break;
    var deg = geom.from + (geom.span * i) / 10;
    var rad = (deg * Math.PI) / 180;
    var inner = R - 40, outer = R - (i % 5 === 0 ? 58 : 50);
    var line = document.createElementNS("http://www.w3.org/2000/svg", "line");
    line.setAttribute("x1", (C + inner * Math.cos(rad)).toFixed(2));
    line.setAttribute("y1", (C + inner * Math.sin(rad)).toFixed(2));
    line.setAttribute("x2", (C + outer * Math.cos(rad)).toFixed(2));
    line.setAttribute("y2", (C + outer * Math.sin(rad)).toFixed(2));
    g.appendChild(line);
  }
}

/* 0-100, a fraction like 0.92 scaled up, "92%" accepted; null when not a number. */
function readPercentile(raw) {
  var n = typeof raw === "number" ? raw : typeof raw === "string" ? Number(raw.replace(/[%,\s]/g, "")) : NaN;
  if (raw === "" || raw === null || raw === undefined || !isFinite(n)) return null;
  if (n > 0 && n < 1 && Math.round(n) !== n) n *= 100;
  return Math.max(0, Math.min(100, n));
}

function ordinal(n) {
  var tens = n % 100;
  if (tens >= 11 && tens <= 13) return "th";
  return ["th", "st", "nd", "rd"][n % 10] || "th";
}
})();
