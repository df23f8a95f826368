/* bar-race: up to eight labelled bars, ranked largest first.
 * Data: bars[] of {label, value} (plain numbers count, labelled "#n"). sceneData: title,
 * kicker, valuePrefix, valueSuffix.
 * Options: grow (bars grow in rank order), race (bars grow at different paces and overtake
 * each other, re-sorting as they go), cascade (one bar after another).
 * Bindings: "bars-start" (default 300 ms). */
(function () {
var MAX_BARS = 8;
var CHART_H = 440;
var VALUE_ROOM = 140; // px kept right of the longest bar for its value

reelsmith.primitive("bar-race", {
  setup: function (ctx) {
    var bars = readBars(ctx);
    var chart = ctx.$(".br-chart");
    var title = ctx.$(".br-title");
    if (title) ctx.fit(title);
    var headH = ctx.$(".br-head").offsetHeight;
    // Taller shapes (4:5, 9:16) give the chart their extra height.
    var height = Math.min(CHART_H + Math.max(0, ctx.height - 720) * 0.5, ctx.height - 160 - headH);
    var rowH = bars.length ? Math.min(bars.length <= 4 ? 92 : 72, height / bars.length) : 0;
    chart.style.height = rowH * bars.length + "px";
    var max = bars.reduce(function (m, b) { return Math.max(m, b.value); }, 0) || 1;
    var opts = { prefix: ctx.affix(ctx.props.valuePrefix), suffix: ctx.affix(ctx.props.valueSuffix) };
    var rows = bars.map(function (bar, i) {
      var row = document.createElement("div");
      row.className = "br-row";
      row.style.height = rowH * 0.74 + "px";
      var rank = document.createElement("div");
      rank.className = "br-rank";
      var label = document.createElement("div");
      label.className = "br-label";
      label.textContent = bar.label;
      var track = document.createElement("div");
      track.className = "br-track";
      var fill = document.createElement("div");
      fill.className = "br-bar";
      // Leader in the accent, the rest blend towards the secondary color.
      var mix = bars.length > 1 ? Math.round((bar.rank / (bars.length - 1)) * 100) : 0;
      fill.style.setProperty("--bar", "color-mix(in srgb, var(--secondary) " + mix + "%, var(--accent))");
      var value = document.createElement("div");
      value.className = "br-value";
      // The final text, so the value is sized for its longest form (counting never grows it).
      value.textContent = ctx.fmt(bar.value, Object.assign({ like: max, trim: true }, opts));
      track.appendChild(fill);
      track.appendChild(value);
      row.appendChild(rank);
      row.appendChild(label);
      row.appendChild(track);
      chart.appendChild(row);
      return { el: row, fill: fill, value: value, rank: rank, bar: bar, order: i };
    });
    var trackW = rows.length ? rows[0].el.querySelector(".br-track").clientWidth - VALUE_ROOM : 0;
    return {
      rows: rows, rowH: rowH, max: max, trackW: trackW, opts: opts,
      start: ctx.at("bars-start", 300),
      growMs: ctx.option === "race" ? Math.max(2200, ctx.duration - 1600) : 1400,
    };
  },

  active: function (ctx, s) {
    var end = s.start + s.growMs + (ctx.option === "cascade" ? s.rows.length * 220 : s.rows.length * 60);
    return [[0, Math.max(600, end + 50)]];
  },

  render: function (ctx, t, s) {
    var e = ctx.ease, p = ctx.progress;
    var head = ctx.$(".br-head");
    var h = e.outCubic(p(t, 0, 600));
    head.style.opacity = h;
    head.style.transform = "translateY(" + (1 - h) * 20 + "px)";
    var current = s.rows.map(function (r) {
      var q = progressAt(ctx, s, r, t);
      return { row: r, q: q, v: r.bar.value * q };
    });
    current.forEach(function (c) {
      var r = c.row;
      // Smooth rank: how many bars are (softly) ahead, so rows glide instead of jumping.
      var pos = ctx.option === "race" ? smoothRank(ctx, s, r, t) : r.bar.rank;
      r.el.style.transform = "translateY(" + (pos * s.rowH) + "px)";
      var width = Math.max(0, (c.v / s.max) * s.trackW);
      r.fill.style.width = width + "px";
      r.value.style.left = width + 14 + "px";
      // One unit for the whole chart (8.1k next to 52k), trimmed once a bar has arrived.
      r.value.textContent = ctx.fmt(c.v, Object.assign({ like: s.max, trim: c.q >= 1 }, s.opts));
      var show = ctx.option === "cascade" ? e.outCubic(p(t, s.start + r.bar.rank * 220 - 200, 400)) : e.outCubic(p(t, 0, 500));
      r.el.style.opacity = show;
      r.rank.textContent = String(Math.round(pos) + 1);
    });
  },
});

/* 0..1 growth of a bar at scene time t. */
function progressAt(ctx, s, r, t) {
  var e = ctx.ease, p = ctx.progress;
  if (ctx.option === "race") {
    // Each bar has its own pace (fixed by its position), so they overtake one another.
    var pace = [0.55, 1.6, 0.8, 2.2, 1.1, 0.65, 1.9, 1.3][r.order % 8];
    return e.inOutCubic(Math.pow(p(t, s.start, s.growMs), pace));
  }
  if (ctx.option === "cascade") return e.outCubic(p(t, s.start + r.bar.rank * 220, 900));
  return e.outQuint(p(t, s.start + r.bar.rank * 60, s.growMs));
}

/* Rank by current value (ties: final rank), averaged over the last 320 ms so a row glides
 * to its new place when overtaken. A pure function of t. */
function smoothRank(ctx, s, r, t) {
  var samples = 8, total = 0;
  for (var k = 0; k < samples; k++) {
    var at = t - (320 * k) / (samples - 1);
    var mine = r.bar.value * progressAt(ctx, s, r, at);
    var ahead = 0;
    s.rows.forEach(function (o) {
      if (o === r) return;
      var theirs = o.bar.value * progressAt(ctx, s, o, at);
      if (theirs > mine + 1e-9 || (Math.abs(theirs - mine) <= 1e-9 && o.bar.rank < r.bar.rank)) ahead++;
    });
    total += ahead;
  }
  return total / samples;
}

function readBars(ctx) {
  var raw = Array.isArray(ctx.props.bars) ? ctx.props.bars : [];
  var bars = [];
  raw.forEach(function (item, i) {
    var value = item && typeof item === "object" ? item.value : item;
    var n = typeof value === "number" ? value : Number(String(value === undefined || value === null ? "" : value).replace(/,/g, ""));
    if (value === undefined || value === null || value === "" || !isFinite(n)) return;
    var label = item && typeof item === "object" ? ctx.text(item.label).trim() : "";
    bars.push({ label: label || "#" + (i + 1), value: Math.max(0, n) });
  });
  bars = bars.slice(0, MAX_BARS);
  var ranked = bars.slice().sort(function (a, b) { return b.value - a.value; });
  ranked.forEach(function (b, i) { b.rank = i; });
  return bars;
}
})();
