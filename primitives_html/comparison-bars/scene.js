/* comparison-bars: each value beside a reference (last period, the average, a goal), with
 * the change as a percentage badge.
 * Data: items[] of {label, value, compareValue? (or compare / previous)}; valueLabel, compareLabel (legend; default
 * "Now" / "Before"). sceneData: title, kicker, valuePrefix, valueSuffix.
 * Options: grow (both bars of every row grow together), split (the reference bars first,
 * then the values), stagger (row after row). Bindings: "bars-start" (default 400 ms). */
(function () {
var MAX_ROWS = 5;

reelsmith.primitive("comparison-bars", {
  setup: function (ctx) {
    var items = readItems(ctx);
    var host = ctx.$(".cb-rows");
    var title = ctx.$(".cb-title");
    if (title) ctx.fit(title);
    if (!items.some(function (i) { return i.compare !== null; })) ctx.el.classList.add("cb-single");
    // One scale for all rows when their sizes are alike; per-row scales when they differ a
    // lot (revenue next to a score), so every row stays readable.
    var rowMax = items.map(function (i) { return Math.max(i.value, i.compare || 0) || 1; });
    var hi = Math.max.apply(null, rowMax.concat([1]));
    var lo = Math.min.apply(null, rowMax.concat([hi]));
    var shared = hi / lo <= 5;
    items.forEach(function (item, i) { item.scale = shared ? hi : rowMax[i]; });
    var opts = { prefix: ctx.affix(ctx.props.valuePrefix), suffix: ctx.affix(ctx.props.valueSuffix) };
    var rows = items.map(function (item) {
      var row = div("cb-row", host);
      div("cb-label", row).textContent = item.label;
      var bars = div("cb-bars", row);
      var main = line(bars, "cb-value");
      var cmp = item.compare !== null ? line(bars, "cb-compare") : null;
      var delta = div("cb-delta", row);
      if (item.compare !== null && item.compare !== 0) {
        var change = (item.value - item.compare) / Math.abs(item.compare);
        var pct = Math.round(change * 1000) / 10;
        delta.textContent = (pct > 0 ? "+" : pct < 0 ? "\u2212" : "") + ctx.fmt(Math.abs(pct), { decimals: Math.abs(pct) >= 10 ? 0 : 1 }) + "%";
        delta.classList.add(pct > 0 ? "cb-up" : pct < 0 ? "cb-down" : "cb-flat");
      } else {
        delta.style.visibility = "hidden";
      }
      return { item: item, row: row, main: main, cmp: cmp, delta: delta };
    });
    // Values sized for their final text (counting never makes them longer).
    rows.forEach(function (r) {
      r.main.num.textContent = ctx.fmt(r.item.value, Object.assign({ like: r.item.value }, opts));
      if (r.cmp) r.cmp.num.textContent = ctx.fmt(r.item.compare, Object.assign({ like: r.item.compare }, opts));
    });
    ctx.fit();
    var trackW = rows.length ? rows[0].row.querySelector(".cb-bars").clientWidth - 130 : 0;
    var rowsH = host.offsetHeight;
    if (rowsH > 470) host.style.gap = Math.max(10, 26 - (rowsH - 470) / Math.max(1, rows.length - 1)) + "px";
    return { rows: rows, trackW: trackW, opts: opts, start: ctx.at("bars-start", 400) };

    function div(cls, parent) {
      var el = document.createElement("div");
      el.className = cls;
      parent.appendChild(el);
      return el;
    }
    function line(parent, cls) {
      var el = div("cb-line " + cls, parent);
      var fill = div("cb-fill", el);
      var num = div("cb-num", el);
      return { fill: fill, num: num };
    }
  },

  active: function (ctx, s) {
    var n = s.rows.length;
    var end = s.start + 1300 + (ctx.option === "stagger" ? n * 300 : ctx.option === "split" ? 900 : 0);
    return [[0, end + 500]];
  },

  render: function (ctx, t, s) {
    var e = ctx.ease, p = ctx.progress;
    var head = ctx.$(".cb-head");
    var h = e.outCubic(p(t, 0, 600));
    head.style.opacity = h;
    head.style.transform = "translateY(" + (1 - h) * 20 + "px)";
    s.rows.forEach(function (r, i) {
      var rowStart = s.start + (ctx.option === "stagger" ? i * 300 : i * 60);
      var cmpStart = rowStart;
      var valStart = ctx.option === "split" ? rowStart + 900 : rowStart;
      var appear = e.outCubic(p(t, rowStart - 300, 500));
      r.row.style.opacity = appear;
      r.row.style.transform = "translateX(" + (1 - appear) * -24 + "px)";
      var qv = e.outQuint(p(t, valStart, 1300));
      setLine(ctx, s, r.main, r.item.value, r.item.scale, qv);
      if (r.cmp) setLine(ctx, s, r.cmp, r.item.compare, r.item.scale, e.outQuint(p(t, cmpStart, 1300)));
      var d = e.outBack(p(t, valStart + 900, 500));
      r.delta.style.opacity = Math.min(1, d * 1.5);
      r.delta.style.transform = "scale(" + ctx.lerp(0.6, 1, d) + ")";
    });
  },
});

function setLine(ctx, s, line, value, scale, q) {
  line.fill.style.width = Math.max(0, (value / scale) * s.trackW * q) + "px";
  line.num.textContent = ctx.fmt(value * q, Object.assign({ like: value }, s.opts));
  line.num.style.opacity = Math.min(1, q * 3);
}

function num(v) {
  if (v === undefined || v === null || v === "") return null;
  var n = typeof v === "number" ? v : Number(String(v).replace(/,/g, ""));
  return isFinite(n) ? n : null;
}

function readItems(ctx) {
  var raw = Array.isArray(ctx.props.items) ? ctx.props.items : [];
  var items = [];
  raw.forEach(function (item, i) {
    if (!item || typeof item !== "object") return;
    var value = num(item.value);
    if (value === null) return;
    var label = ctx.text(item.label).trim() || "#" + (i + 1);
    var compare = num(item.compareValue !== undefined ? item.compareValue : item.compare !== undefined ? item.compare : item.previous);
    items.push({ label: label, value: Math.max(0, value), compare: compare === null ? null : Math.max(0, compare) });
  });
  return items.slice(0, MAX_ROWS);
}
})();
