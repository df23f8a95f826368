/* category-donut: how a total splits into categories. Data: categories[] of {label, value}
 * (at most 6 slices; the rest become "Other"), total_label, prefix / suffix for values
 * (an item's own prefix/suffix wins). Options: sweep (slices draw one after another round
 * the ring), pop-out (all grow together, then the largest slice pops out).
 * Bindings: "slices" (drawing starts; default 500 ms). */
(function () {
var SVG = "http://www.w3.org/2000/svg";
var C = 230, R = 170, GAP = 1.4; // degrees between slices
var MAX = 6;

reelsmith.primitive("category-donut", {
  setup: function (ctx) {
    var items = readItems(ctx);
    var total = items.reduce(function (a, i) { return a + i.value; }, 0);
    var angle = -90;
    var group = ctx.$(".cd-segments");
    var legend = ctx.$(".cd-legend");
    var n = items.length;
    items.forEach(function (item, i) {
      item.share = total > 0 ? item.value / total : 0;
      item.from = angle;
      item.span = 360 * item.share;
      angle += item.span;
      var mix = n > 1 ? Math.round(100 - (i * 85) / (n - 1)) : 100;
      item.color = i === n - 1 && item.other ? "rgba(226, 232, 255, 0.35)" : "color-mix(in srgb, var(--accent) " + mix + "%, var(--secondary))";
      item.path = document.createElementNS(SVG, "path");
      item.path.style.stroke = item.color;
      group.appendChild(item.path);
      item.row = row(ctx, item);
      legend.appendChild(item.row);
    });
    var title = ctx.$(".cd-title");
    if (title) ctx.fit(title);
    var totalEl = ctx.$(".cd-total");
    totalEl.textContent = ctx.fmt(total, Object.assign({ like: total }, fmtOpts(ctx))); // sized for its final text
    if (!n) ctx.$(".cd-center").style.display = "none";
    else ctx.fit(totalEl);
    var biggest = items.reduce(function (best, it, i) { return best < 0 || it.value > items[best].value ? i : best; }, -1);
    return { items: items, total: total, biggest: biggest, start: ctx.at("slices", 500), ms: 1900, fmtOpts: fmtOpts(ctx) };
  },

  active: function (ctx, s) {
    var end = s.start + s.ms + 600;
    if (ctx.option === "pop-out") end += 900;
    end = Math.max(end, s.start + s.items.length * 140 + 1200);
    return [[0, end]];
  },

  render: function (ctx, t, s) {
    var e = ctx.ease, p = ctx.progress;
    [".cd-kicker", ".cd-title"].forEach(function (sel, i) {
      var el = ctx.$(sel);
      if (!el) return;
      var q = e.outCubic(p(t, i * 150, 600));
      el.style.opacity = q;
      el.style.transform = "translateY(" + (1 - q) * 18 + "px)";
    });
    var sweep = ctx.option === "sweep";
    var drawn = e.inOutCubic(p(t, s.start, s.ms)) * 360 - 90;
    var grow = e.outCubic(p(t, s.start, 1200));
    var pop = e.outBack(p(t, s.start + s.ms, 700));
    s.items.forEach(function (it, i) {
      var from = it.from + (it.span > 2 * GAP ? GAP / 2 : 0);
      var to = it.from + it.span - (it.span > 2 * GAP ? GAP / 2 : 0);
      var end = sweep ? Math.min(to, drawn) : from + (to - from) * grow;
      var popped = !sweep && i === s.biggest ? pop : 0;
      var mid = ((it.from + it.span / 2) * Math.PI) / 180;
      var dx = Math.cos(mid) * 16 * popped, dy = Math.sin(mid) * 16 * popped;
      it.path.setAttribute("d", end - from > 0.05 ? arc(from, end, dx, dy) : "");
      it.path.style.strokeWidth = String(64 + 14 * popped);
      var q = e.outCubic(p(t, s.start + 200 + i * 140, 600));
      it.row.style.opacity = q;
      it.row.style.transform = "translateX(" + (1 - q) * 40 + "px)";
      it.row.style.borderColor = popped > 0 ? "color-mix(in srgb, var(--accent) " + Math.round(Math.min(1, popped) * 80) + "%, var(--line))" : "";
    });
    if (s.items.length) {
      var c = sweep ? e.inOutCubic(p(t, s.start, s.ms)) : grow;
      ctx.$(".cd-total").textContent = ctx.fmt(s.total * c, Object.assign({ like: s.total }, s.fmtOpts));
      ctx.$(".cd-center").style.opacity = e.outCubic(p(t, s.start - 200, 600));
    }
  },
});

function arc(fromDeg, toDeg, dx, dy) {
  var a = (fromDeg * Math.PI) / 180, b = (toDeg * Math.PI) / 180;
  var large = toDeg - fromDeg > 180 ? 1 : 0;
  return "M" + (C + dx + R * Math.cos(a)).toFixed(2) + " " + (C + dy + R * Math.sin(a)).toFixed(2) +
    "A" + R + " " + R + " 0 " + large + " 1 " + (C + dx + R * Math.cos(b)).toFixed(2) + " " + (C + dy + R * Math.sin(b)).toFixed(2);
}

function fmtOpts(ctx) {
  return { prefix: ctx.affix(ctx.props.prefix), suffix: ctx.affix(ctx.props.suffix) };
}

function row(ctx, item) {
  var li = document.createElement("li");
  li.className = "cd-row";
  var sw = document.createElement("span");
  sw.className = "cd-swatch";
  sw.style.background = item.color;
  li.appendChild(sw);
  [["cd-label", item.label], ["cd-value rs-tabular", ctx.fmt(item.value, { prefix: item.prefix, suffix: item.suffix })],
   ["cd-share rs-tabular", ctx.fmt(item.share, { style: "percent", decimals: 0 })]].forEach(function (pair) {
    var span = document.createElement("span");
    span.className = pair[0];
    span.textContent = pair[1];
    li.appendChild(span);
  });
  return li;
}

/* [{label, value, prefix, suffix}] with positive values only; past MAX-1 the rest is "Other". */
function readItems(ctx) {
  var raw = Array.isArray(ctx.props.categories) ? ctx.props.categories : [];
  var prefix = ctx.affix(ctx.props.prefix), suffix = ctx.affix(ctx.props.suffix);
  var items = raw
    .filter(function (c) { return c && typeof c === "object"; })
    .map(function (c) {
      var v = ctx.fmt(c.value) !== "" ? Number(String(c.value).replace(/,/g, "")) : NaN;
      return {
        label: ctx.text(c.label !== undefined ? c.label : c.name).trim(),
        value: v,
        prefix: c.prefix !== undefined ? ctx.affix(c.prefix) : prefix,
        suffix: c.suffix !== undefined ? ctx.affix(c.suffix) : suffix,
      };
    })
    .filter(function (c) { return c.label && isFinite(c.value) && c.value > 0; })
    .sort(function (a, b) { return b.value - a.value; });
  if (items.length > MAX) {
    var rest = items.slice(MAX - 1);
    items = items.slice(0, MAX - 1);
    items.push({
      label: "Other",
      other: true,
      value: rest.reduce(function (a, c) { return a + c.value; }, 0),
      prefix: prefix,
      suffix: suffix,
    });
  }
  return items;
}
})();
