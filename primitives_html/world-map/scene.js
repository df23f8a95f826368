/* world-map: real country shapes (Natural Earth 110m, inlined by the scene template), the
 * recipient's countries filled with the brand accent. `country_code` (string or list) is
 * "home" (full accent, pin, callout); `countries[]` ({code, value?, label?} or plain codes)
 * are shaded by value. Options: pulse-highlight, zoom-to-country, sequential-reveal.
 * Bindings: "highlight" (countries fill in), "zoom" (zoom-to-country camera move starts). */
(function () {
var SVG = "http://www.w3.org/2000/svg";
// The map fitted below the title and where the zoomed country lands on screen, at 16:9;
// shapeView() sets both for the stage's shape (the map's projection is 1280 units wide).
var BASE = { s: 0.92, x: 51.2, y: 100.8 };
var FOCUS = { x: 720, y: 430 };
var CALLOUT_FLIP = 860; // a pin right of this gets its callout on its left
var MAP_H = 600; // the projected map's height, in projection units (at most)
var PULSE_MS = 1800;
var LEGEND_ROWS = 5;

reelsmith.primitive("world-map", {
  setup: function (ctx) {
    shapeView(ctx);
    var geo = readGeo(ctx);
    var items = highlights(ctx, geo);
    var s = { geo: geo, items: items, home: items.filter(function (i) { return i.home; })[0] || items[0] || null };
    drawLand(ctx, geo);
    s.paths = items.map(function (item) { return drawHighlight(ctx, geo, item); });
    if (s.home) s.pin = drawPin(ctx);
    s.rows = buildLegend(ctx, items);
    fillCallout(ctx, s.home);
    // The callout is hidden until the pin lands: show it for a moment to fit its name.
    var callout = ctx.$(".wm-callout");
    callout.style.display = "flex";
    ctx.fit(".wm-callout-name");
    callout.style.display = "";
    var title = ctx.$(".wm-title");
    if (title) ctx.fit(title);
    s.timing = timing(ctx, items.length);
    s.target = s.home ? zoomTarget(s.home.focus) : null;
    return s;
  },

  active: function (ctx, s) {
    if (s.home) return [[0, ctx.duration]]; // the pin keeps pulsing
    return [[0, s.timing.settled]];
  },

  // Entered once every country, the legend and the callout are in (the pin's pulse loops).
  settle: function (ctx, s) {
    return s.timing.settled;
  },

  render: function (ctx, t, s) {
    var e = ctx.ease, p = ctx.progress, tm = s.timing;
    // The land stays fully drawn: fading a group this large made the first raster of a
    // frame differ from later ones in Chromium, and frames must depend only on t.
    var view = BASE;
    if (ctx.option === "zoom-to-country" && s.target) {
      view = interpolateView(BASE, s.target, s.home.pin, e.inOutCubic(p(t, tm.zoom, tm.zoomMs)));
    }
    var transform = "translate(" + r2(view.x) + " " + r2(view.y) + ") scale(" + r4(view.s) + ")";
    ctx.$$(".wm-view").forEach(function (g) { g.setAttribute("transform", transform); });
    s.paths.forEach(function (path, i) {
      var q = e.outCubic(p(t, tm.itemAt(i), 650));
      path.style.opacity = q * s.items[i].strength;
    });
    s.rows.forEach(function (row, i) {
      var q = e.outCubic(p(t, row.more ? tm.itemAt(Math.min(i, s.items.length - 1)) + 150 : tm.itemAt(i) + 150, 500));
      row.el.style.opacity = q;
      row.el.style.transform = "translateX(" + (1 - q) * -18 + "px)";
    });
    var legend = ctx.$(".wm-legend");
    legend.style.opacity = e.outCubic(p(t, tm.legendAt, 500));
    renderTitle(ctx, t);
    if (s.home) renderPin(ctx, t, s, view);
  },
});

function readGeo(ctx) {
  var node = ctx.$("script.wm-geo");
  try {
    return JSON.parse(node.textContent);
  } catch (err) {
    console.error("world-map: geodata unreadable", err);
    return { countries: {}, unnamed: [] };
  }
}

/* Normalised highlights: [{code, name, value, home, focus, strength}], known codes only, deduplicated. */
function highlights(ctx, geo) {
  var out = [], seen = {};
  function add(raw, home) {
    var code = "", value = null, label = "";
    if (raw && typeof raw === "object") {
      code = ctx.text(raw.code || raw.country_code || raw.country || raw.iso);
      value = ctx.fmt(raw.value) !== "" ? Number(String(raw.value).replace(/,/g, "")) : null;
      label = ctx.text(raw.label || raw.name).trim();
    } else {
      code = ctx.text(raw);
    }
    code = code.trim().toUpperCase();
    var shape = geo.countries[code];
    if (!shape) return;
    if (seen[code]) {
      var prior = seen[code];
      prior.home = prior.home || home;
      if (prior.value === null) prior.value = value;
      return;
    }
    var pin = shape.pin || [(shape.focus[0] + shape.focus[2]) / 2, (shape.focus[1] + shape.focus[3]) / 2];
    var item = { code: code, name: label || shape.name, value: value, home: home, focus: shape.focus, pin: pin, d: shape.d };
    seen[code] = item;
    out.push(item);
  }
  listOf(ctx.props.country_code).forEach(function (c) { add(c, true); });
  listOf(ctx.props.countries).forEach(function (c) { add(c, false); });
  var values = out.map(function (i) { return i.value; }).filter(function (v) { return v !== null; });
  var max = values.length ? Math.max.apply(null, values) : 0;
  out.forEach(function (item) {
    item.strength = item.home ? 1 : item.value !== null && max > 0 ? 0.45 + 0.55 * Math.max(0, item.value) / max : 0.7;
  });
  // Home first, then the largest values, so the legend reads as a ranking.
  return out.sort(function (a, b) {
    if (a.home !== b.home) return a.home ? -1 : 1;
    return (b.value === null ? -Infinity : b.value) - (a.value === null ? -Infinity : a.value);
  });
}

function listOf(value) {
  if (Array.isArray(value)) return value.filter(function (v) { return v !== null && v !== undefined; });
  if (typeof value === "string") return value.split(/[,;\s]+/).filter(Boolean);
  if (value && typeof value === "object") return [value];
  return [];
}

function drawLand(ctx, geo) {
  var group = ctx.$(".wm-land");
  Object.keys(geo.countries).forEach(function (code) {
    var path = document.createElementNS(SVG, "path");
    path.setAttribute("d", geo.countries[code].d);
    path.setAttribute("data-code", code);
    group.appendChild(path);
  });
  (geo.unnamed || []).forEach(function (d) {
    var path = document.createElementNS(SVG, "path");
    path.setAttribute("d", d);
    group.appendChild(path);
  });
}

function drawHighlight(ctx, geo, item) {
  var path = document.createElementNS(SVG, "path");
  path.setAttribute("d", item.d);
  path.setAttribute("data-code", item.code);
  path.setAttribute("fill", ctx.brand.accentColor);
  if (item.home) path.setAttribute("class", "wm-home");
  path.style.opacity = 0;
  ctx.$(".wm-hi").appendChild(path);
  return path;
}

function drawPin(ctx) {
  var group = ctx.$(".wm-marks");
  var ring = document.createElementNS(SVG, "circle");
  ring.setAttribute("class", "wm-pin-ring");
  var ring2 = document.createElementNS(SVG, "circle");
  ring2.setAttribute("class", "wm-pin-ring");
  var dot = document.createElementNS(SVG, "circle");
  dot.setAttribute("class", "wm-pin-dot");
  group.appendChild(ring);
  group.appendChild(ring2);
  group.appendChild(dot);
  return { ring: ring, ring2: ring2, dot: dot };
}

function buildLegend(ctx, items) {
  var legend = ctx.$(".wm-legend");
  if (items.length < 2) return [];
  var rows = [];
  items.slice(0, LEGEND_ROWS).forEach(function (item) {
    var li = document.createElement("li");
    var swatch = document.createElement("span");
    swatch.className = "wm-swatch";
    swatch.style.opacity = item.strength;
    var name = document.createElement("span");
    name.className = "wm-name";
    name.textContent = item.name;
    li.appendChild(swatch);
    li.appendChild(name);
    var value = ctx.fmt(item.value);
    if (value) {
      var v = document.createElement("span");
      v.className = "wm-value rs-tabular";
      v.textContent = value;
      li.appendChild(v);
    }
    legend.appendChild(li);
    rows.push({ el: li });
  });
  if (items.length > LEGEND_ROWS) {
    var more = document.createElement("li");
    more.className = "wm-more";
    more.textContent = "+ " + ctx.fmt(items.length - LEGEND_ROWS) + " more";
    legend.appendChild(more);
    rows.push({ el: more, more: true });
  }
  return rows;
}

function fillCallout(ctx, home) {
  if (!home) return;
  ctx.$(".wm-callout-name").textContent = home.name;
  ctx.$(".wm-callout-value").textContent = ctx.fmt(home.value);
}

/* When things happen, per option; everything scene-local ms. */
function timing(ctx, n) {
  var highlight = ctx.at("highlight", ctx.option === "zoom-to-country" ? 300 : 500);
  var step = 90;
  if (ctx.option === "sequential-reveal") step = n > 1 ? Math.min(520, Math.max(120, (ctx.duration - highlight - 1800) / n)) : 0;
  var zoom = ctx.at("zoom", 700);
  var zoomMs = 2300;
  var pinAt = ctx.option === "zoom-to-country" ? zoom + zoomMs - 300 : highlight + 400;
  return {
    itemAt: function (i) { return highlight + i * step; },
    legendAt: ctx.option === "zoom-to-country" ? zoom + zoomMs : highlight,
    zoom: zoom,
    zoomMs: zoomMs,
    pinAt: pinAt,
    calloutAt: pinAt + 250,
    settled: Math.max(highlight + Math.max(0, n - 1) * step + 1200, ctx.option === "zoom-to-country" ? zoom + zoomMs + 800 : 0, 1200),
  };
}

/* The map across the frame's width on square and portrait shapes (the SVGs' user units are
 * the stage's CSS px), centred in the height left below the title. */
function shapeView(ctx) {
  if (ctx.width > ctx.height) return;
  ctx.$$(".wm-svg").forEach(function (svg) {
    svg.setAttribute("viewBox", "0 0 " + ctx.width + " " + ctx.height);
  });
  var s = (ctx.width - 40) / 1280;
  var head = ctx.$(".wm-frame").getBoundingClientRect().bottom - ctx.el.getBoundingClientRect().top;
  var y = Math.max(head + 24, (ctx.height - MAP_H * s) / 2);
  BASE = { s: s, x: 20, y: y };
  FOCUS = { x: ctx.width / 2, y: Math.round(Math.max(y + 120, ctx.height * 0.5)) };
  CALLOUT_FLIP = ctx.width * 0.6;
}

function zoomTarget(focus) {
  var w = Math.max(focus[2] - focus[0], 1), h = Math.max(focus[3] - focus[1], 1);
  var s = Math.max(BASE.s, Math.min(560 / w, 340 / h, 6));
  return { s: s };
}

/* Camera flight: scale interpolates geometrically, the country's pin slides to FOCUS. */
function interpolateView(base, target, pin, q) {
  var cx = pin[0], cy = pin[1];
  var s = base.s * Math.pow(target.s / base.s, q);
  var px = base.x + cx * base.s + (FOCUS.x - (base.x + cx * base.s)) * q;
  var py = base.y + cy * base.s + (FOCUS.y - (base.y + cy * base.s)) * q;
  return { s: s, x: px - cx * s, y: py - cy * s };
}

function renderTitle(ctx, t) {
  var parts = [ctx.$(".wm-kicker"), ctx.$(".wm-title"), ctx.$(".wm-subtitle")];
  parts.forEach(function (el, i) {
    if (!el) return;
    var q = ctx.ease.outCubic(ctx.progress(t, 100 + i * 180, 650));
    el.style.opacity = q;
    el.style.transform = "translateY(" + (1 - q) * 18 + "px)";
  });
}

function renderPin(ctx, t, s, view) {
  var x = view.x + s.home.pin[0] * view.s;
  var y = view.y + s.home.pin[1] * view.s;
  var tm = s.timing, e = ctx.ease;
  var pop = e.outBack(ctx.progress(t, tm.pinAt, 500));
  [s.pin.dot, s.pin.ring, s.pin.ring2].forEach(function (c) {
    c.setAttribute("cx", r2(x));
    c.setAttribute("cy", r2(y));
  });
  s.pin.dot.setAttribute("r", r2(7 * pop));
  pulse(s.pin.ring, t - tm.pinAt - 200);
  pulse(s.pin.ring2, t - tm.pinAt - 200 - PULSE_MS / 2);
  var callout = ctx.$(".wm-callout");
  var c = e.outCubic(ctx.progress(t, tm.calloutAt, 500));
  callout.style.display = c > 0 ? "flex" : "none";
  callout.style.opacity = c;
  var right = x < CALLOUT_FLIP;
  callout.style.transform =
    "translate(" + r2(right ? x + 24 : x - 24) + "px," + r2(y - 24 + (1 - c) * 12) + "px)" + (right ? "" : " translateX(-100%)");

  function pulse(ring, since) {
    if (since < 0) {
      ring.setAttribute("r", "0");
      ring.style.opacity = 0;
      return;
    }
    var phase = (since % PULSE_MS) / PULSE_MS;
    ring.setAttribute("r", r2(8 + 34 * e.outCubic(phase)));
    ring.style.opacity = 0.85 * (1 - phase);
  }
}

function r2(v) { return Math.round(v * 100) / 100; }
function r4(v) { return Math.round(v * 10000) / 10000; }
})();
