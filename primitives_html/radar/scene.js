/* radar: a spider chart of 3 to 8 axes whose shape grows out from the centre, with the top
 * three values listed beside it (fewer than 3 axes: the list only).
 * Data: radarData[] of {axis (or label), value, max?}; without max the scale is a round
 * number above the largest value. sceneData: title, kicker.
 * Options: draw (vertices grow one after another), spin-in (the chart spins and scales in),
 * pulse-points (the shape grows, then each point pulses in turn).
 * Bindings: "shape-in" (default 400 ms). */
(function () {
var SVG = "http://www.w3.org/2000/svg";
var CX = 320, CY = 320, R = 195, RINGS = 4, MAX_AXES = 8;
var LIST_GAP = 24; // labels keep clear of the side list beside the chart

/* Where the chart sits in the frame, read from the layout (scene.css places it per shape):
 * its left edge and scale (CSS px per SVG unit), the room's left edge (the side list's right
 * edge when the list is beside the chart, else the safe area's) and the safe area's right. */
function chartBox(ctx, svg) {
  var frame = ctx.el.getBoundingClientRect();
  var box = svg.getBoundingClientRect();
  var side = ctx.$(".rd-side").getBoundingClientRect();
  var beside = side.bottom > box.top && side.right <= box.left + 1;
  return {
    left: box.left - frame.left,
    scale: box.width / 640 || 1,
    roomLeft: beside ? side.right - frame.left + LIST_GAP : Math.ceil(ctx.width * 0.05),
    safeRight: Math.floor(ctx.width * 0.95),
  };
}

reelsmith.primitive("radar", {
  setup: function (ctx) {
    var items = readItems(ctx);
    var svg = ctx.$(".rd-chart");
    var title = ctx.$(".rd-title");
    if (title) ctx.fit(title);
    var list = ctx.$(".rd-list");
    var top = items.slice().sort(function (a, b) { return b.ratio - a.ratio; }).slice(0, items.length < 3 ? items.length : 3);
    var rows = top.map(function (item) {
      var li = document.createElement("li");
      var name = document.createElement("span");
      name.className = "rd-name";
      name.textContent = item.axis;
      var val = document.createElement("span");
      val.className = "rd-val";
      val.textContent = ctx.fmt(item.value);
      li.appendChild(name);
      li.appendChild(val);
      list.appendChild(li);
      return li;
    });
    var s = { items: items, rows: rows, svg: svg, start: ctx.at("shape-in", 400) };
    if (items.length < 3) {
      svg.style.display = "none";
      return s;
    }
    var n = items.length;
    s.angle = function (i) { return -Math.PI / 2 + (i * 2 * Math.PI) / n; };
    s.grid = el(svg, "g");
    for (var ring = 1; ring <= RINGS; ring++) {
      var pts = items.map(function (_, i) { return point(s.angle(i), (R * ring) / RINGS); });
      el(s.grid, "polygon", { class: "rd-grid", points: pts.join(" ") });
    }
    items.forEach(function (item, i) {
      var end = point(s.angle(i), R);
      el(s.grid, "line", { class: "rd-axis", x1: CX, y1: CY, x2: end[0], y2: end[1] });
    });
    s.shape = el(svg, "polygon", { class: "rd-shape" });
    s.points = items.map(function () { return el(svg, "circle", { class: "rd-point", r: 8 }); });
    var box = chartBox(ctx, svg);
    s.labels = items.map(function (item, i) {
      var a = s.angle(i);
      var pos = point(a, R + 34);
      var anchor = Math.abs(Math.cos(a)) < 0.2 ? "middle" : Math.cos(a) > 0 ? "start" : "end";
      var g = el(svg, "g");
      var label = el(g, "text", { class: "rd-label", x: pos[0], y: pos[1] + (Math.sin(a) > 0.5 ? 14 : Math.sin(a) < -0.5 ? -18 : 0), "text-anchor": anchor });
      fitLabel(ctx, label, item.axis, anchor, pos[0], box);
      // The value a line below its label (24 units at the 21-unit label of 16:9).
      var below = Math.max(24, (parseFloat(getComputedStyle(label).fontSize) || 21) * 1.25);
      var value = el(g, "text", { class: "rd-label-value", x: pos[0], y: Number(label.getAttribute("y")) + below, "text-anchor": anchor });
      value.textContent = ctx.fmt(item.value);
      return g;
    });
    return s;
  },

  active: function (ctx, s) {
    var n = s.items.length;
    var end = s.start + 1200;
    if (ctx.option === "draw") end = s.start + n * 120 + 800;
    if (ctx.option === "pulse-points") end = s.start + 900 + n * 260 + 400;
    return [[0, Math.max(end, 300 + s.rows.length * 150 + 600)]];
  },

  render: function (ctx, t, s) {
    var e = ctx.ease, p = ctx.progress;
    s.rows.forEach(function (row, i) {
      var q = e.outCubic(p(t, 300 + i * 150, 600));
      row.style.opacity = q;
      row.style.transform = "translateX(" + (1 - q) * -30 + "px)";
    });
    var side = ctx.$(".rd-side");
    side.style.opacity = e.outCubic(p(t, 0, 500));
    if (!s.shape) return;
    var n = s.items.length;
    var scales = s.items.map(function (_, i) {
      if (ctx.option === "draw") return e.outBack(p(t, s.start + i * 120, 700));
      if (ctx.option === "spin-in") return e.outCubic(p(t, s.start + 200, 1000));
      return e.outCubic(p(t, s.start, 900));
    });
    var pts = s.items.map(function (item, i) {
      return point(s.angle(i), R * item.ratio * Math.max(0, scales[i]));
    });
    s.shape.setAttribute("points", pts.map(function (q) { return q.join(","); }).join(" "));
    s.points.forEach(function (dot, i) {
      dot.setAttribute("cx", pts[i][0]);
      dot.setAttribute("cy", pts[i][1]);
      var r = 8;
      if (ctx.option === "pulse-points") {
        var k = p(t, s.start + 900 + i * 260, 400);
        r = 8 + Math.sin(k * Math.PI) * 8;
      }
      dot.setAttribute("r", r);
      dot.style.opacity = Math.min(1, scales[i] * 2);
    });
    var g = e.outCubic(p(t, 0, 700));
    s.grid.style.opacity = g;
    s.labels.forEach(function (label, i) {
      label.style.opacity = e.outCubic(p(t, s.start + 300 + i * 80, 500));
    });
    if (ctx.option === "spin-in") {
      var q = e.outCubic(p(t, s.start, 1200));
      s.svg.style.transform = "rotate(" + (1 - q) * -120 + "deg) scale(" + ctx.lerp(0.4, 1, q) + ")";
      s.svg.style.opacity = q;
    }
  },
});

/* An axis label: at most 15 graphemes, and cut further (ending in "…") until it fits the room
 * between the side list (or the safe area's left edge) and the safe area's right edge (5 % of
 * the frame). `x` in SVG units; the room in them too. */
function fitLabel(ctx, label, axis, anchor, x, box) {
  var at = box.left + x * box.scale;
  var right = (box.safeRight - at) / box.scale, left = (at - box.roomLeft) / box.scale;
  var room = anchor === "start" ? right : anchor === "end" ? left : 2 * Math.min(left, right);
  var letters = ctx.graphemes(axis);
  var keep = Math.min(letters.length, 15);
  var show = function (n) {
    label.textContent = n < letters.length ? letters.slice(0, n).join("").trim() + "\u2026" : axis;
    return label.getComputedTextLength() <= room;
  };
  while (keep > 1 && !show(keep)) keep--;
}

function point(angle, radius) {
  return [CX + Math.cos(angle) * radius, CY + Math.sin(angle) * radius];
}

function el(parent, name, attrs) {
  var node = document.createElementNS(SVG, name);
  Object.keys(attrs || {}).forEach(function (k) { node.setAttribute(k, attrs[k]); });
  parent.appendChild(node);
  return node;
}

function niceMax(v) {
  if (v <= 0) return 1;
  var pow = Math.pow(10, Math.floor(Math.log10(v)));
  var steps = [1, 2, 2.5, 5, 10];
  for (var i = 0; i < steps.length; i++) if (steps[i] * pow >= v) return steps[i] * pow;
  return 10 * pow;
}

function readItems(ctx) {
  var raw = Array.isArray(ctx.props.radarData) ? ctx.props.radarData : [];
  var items = [];
  raw.forEach(function (item) {
    if (!item || typeof item !== "object") return;
    var value = Number(String(item.value === undefined || item.value === null ? "" : item.value).replace(/,/g, ""));
    var axis = ctx.text(item.axis || item.label).trim();
    if (!axis || item.value === "" || item.value === null || item.value === undefined || !isFinite(value)) return;
    var max = Number(item.max);
    items.push({ axis: axis, value: value, max: isFinite(max) && max > 0 ? max : null });
  });
  items = items.slice(0, MAX_AXES);
  var scale = niceMax(items.reduce(function (m, i) { return Math.max(m, i.value); }, 0));
  items.forEach(function (i) { i.ratio = Math.max(0, Math.min(1, i.value / (i.max || scale))); });
  return items;
}
})();
