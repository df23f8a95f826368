/* milestone-timeline: dated milestones along a line that draws itself.
 * Data: milestones[] of {date?, title, description?} (plain strings count as titles).
 * Options: line-draw (horizontal, cards alternate above/below), cards-cascade (vertical list).
 * Bindings: "line" (track starts drawing), "milestone-1".."milestone-N" (when each appears). */
(function () {
var MAX_ROW = 6; // line-draw
var MAX_CASCADE = 5;
var MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

reelsmith.primitive("milestone-timeline", {
  setup: function (ctx) {
    var all = milestones(ctx);
    var horizontal = ctx.option !== "cards-cascade";
    var cap = horizontal ? MAX_ROW : MAX_CASCADE;
    var shown = all.slice(0, all.length > cap ? cap - 1 : cap);
    var title = ctx.$(".mt-title");
    if (title) ctx.fit(title);
    var s = { items: [], horizontal: horizontal, hidden: all.length - shown.length };
    var list = ctx.$(".mt-list");
    var lineStart = ctx.at("line", 400);
    var lineMs = Math.min(ctx.duration * 0.6, 900 + shown.length * 550);
    s.lineStart = lineStart;
    s.lineMs = lineMs;
    shown.forEach(function (m, i) {
      var frac = horizontal ? (shown.length === 1 ? 0.5 : (i + 0.5) / shown.length) : (i + 0.5) / Math.max(shown.length, 3);
      var item = { frac: frac, at: ctx.at("milestone-" + (i + 1), lineStart + frac * lineMs - 120) };
      item.card = card(m);
      list.appendChild(item.card);
      if (horizontal) {
        item.dot = document.createElement("li");
        item.dot.className = "mt-dot";
        list.appendChild(item.dot);
      }
      s.items.push(item);
    });
    layout(ctx, s, shown.length);
    if (s.hidden > 0) {
      s.more = document.createElement("li");
      s.more.className = "mt-more";
      s.more.textContent = "+ " + ctx.fmt(s.hidden) + " more";
      list.appendChild(s.more);
      placeMore(ctx, s);
    }
    return s;

    function card(m) {
      var li = document.createElement("li");
      li.className = "mt-card";
      if (m.date) li.appendChild(el("span", "mt-date", m.date));
      if (m.title) li.appendChild(el("span", "mt-name", m.title));
      if (m.description) li.appendChild(el("span", "mt-desc", m.description));
      return li;
    }
  },

  active: function (ctx, s) {
    var end = s.lineStart + s.lineMs + 700;
    s.items.forEach(function (it) { end = Math.max(end, it.at + 800); });
    return [[0, end]];
  },

  render: function (ctx, t, s) {
    var e = ctx.ease, p = ctx.progress;
    ["mt-kicker", "mt-title"].forEach(function (cls, i) {
      var el = ctx.$("." + cls);
      if (!el) return;
      var q = e.outCubic(p(t, i * 150, 650));
      el.style.opacity = q;
      el.style.transform = "translateY(" + (1 - q) * 18 + "px)";
    });
    var draw = e.inOutCubic(p(t, s.lineStart, s.lineMs));
    var fill = ctx.$(".mt-line-fill");
    // Sized, not scaled: a scaled gradient rasterizes differently the first time.
    if (s.horizontal) fill.style.width = (draw * 100).toFixed(3) + "%";
    else fill.style.height = (draw * 100).toFixed(3) + "%";
    var head = ctx.$(".mt-head");
    head.style.opacity = draw > 0 && draw < 1 ? 1 : 0;
    if (s.horizontal) head.style.left = draw * 100 + "%";
    else head.style.top = draw * 100 + "%";
    ctx.$(".mt-line").style.opacity = e.outCubic(p(t, 0, 500));
    s.items.forEach(function (it, i) {
      var pop = e.outBack(p(t, it.at, 450));
      var q = e.outCubic(p(t, it.at + 80, 600));
      if (it.dot) it.dot.style.transform = "scale(" + pop + ")";
      it.card.style.opacity = q;
      if (s.horizontal) {
        var dir = it.card.classList.contains("mt-up") ? 1 : -1;
        it.card.style.transform = "translateY(" + dir * (1 - q) * 24 + "px)";
      } else {
        it.card.style.transform = "translateX(" + (1 - q) * 60 + "px)";
        var dot = it.card.querySelector(".mt-cdot");
        if (dot) dot.style.transform = "scale(" + pop + ")";
      }
    });
    if (s.more) s.more.style.opacity = e.outCubic(p(t, s.lineStart + s.lineMs, 500));
  },
});

function el(tag, cls, text) {
  var node = document.createElement(tag);
  node.className = cls;
  node.textContent = text;
  return node;
}

function layout(ctx, s, n) {
  if (s.horizontal) {
    // 1088 px of track at 16:9; the narrower shapes keep 52 px each side of theirs.
    var left = ctx.width > ctx.height ? 96 : 52, width = ctx.width - 2 * left;
    var lineY = ctx.height > 720 ? Math.round(ctx.height * 0.56) : 430;
    var spacing = n ? width / n : width;
    var cardW = Math.min(n <= 2 ? 420 : 330, spacing * 1.75 - 24);
    s.items.forEach(function (it, i) {
      var x = left + it.frac * width;
      it.dot.style.left = x + "px";
      it.dot.style.top = lineY + "px";
      var up = n > 2 ? i % 2 === 0 : true;
      it.card.classList.add(up ? "mt-up" : "mt-down");
      // Centred on its dot, but never past the safe area (5 % in from the frame's edges).
      var safeX = Math.ceil(ctx.width * 0.05);
      it.card.style.left = Math.max(safeX, Math.min(ctx.width - safeX - cardW, x - cardW / 2)) + "px";
      it.card.style.width = cardW + "px";
      if (up) {
        it.card.style.bottom = ctx.height - lineY + 20 + "px";
        it.card.style.maxHeight = lineY - 20 - 150 + "px";
      } else {
        it.card.style.top = lineY + 20 + "px";
        it.card.style.maxHeight = ctx.height - lineY - 20 - Math.max(40, ctx.height * 0.05 + 4) + "px";
      }
    });
  } else {
    var top = 160 + Math.max(0, ctx.height - 720) * 0.1;
    var height = ctx.height - Math.max(56, Math.ceil(ctx.height * 0.05) + 8) - top;
    var rowH = height / Math.max(n, 3);
    s.items.forEach(function (it) {
      var cy = top + it.frac * height;
      it.card.style.top = cy - (rowH - 16) / 2 + "px";
      it.card.style.height = rowH - 16 + "px";
      var dot = document.createElement("span");
      dot.className = "mt-dot mt-cdot";
      dot.style.left = "-42px";
      dot.style.top = "50%";
      it.card.appendChild(dot);
    });
  }
}

function placeMore(ctx, s) {
  var wide = ctx.width > ctx.height;
  if (s.horizontal) {
    s.more.style.right = (wide ? 96 : 52) + "px";
    s.more.style.top = (ctx.height > 720 ? Math.round(ctx.height * 0.56) : 430) + 26 + "px";
  } else {
    s.more.style.left = (wide ? 384 : 244) + "px";
    s.more.style.bottom = Math.ceil(ctx.height * 0.05) + 2 + "px"; // inside the safe area
  }
}

/* [{date, title, description}] with empty and non-object entries dropped, dates made readable. */
function milestones(ctx) {
  var raw = ctx.props.milestones;
  if (!Array.isArray(raw)) return [];
  return raw
    .map(function (m) {
      if (m === null || m === undefined) return null;
      if (typeof m !== "object") return { date: "", title: ctx.text(m).trim(), description: "" };
      return {
        date: readableDate(ctx.text(m.date !== undefined ? m.date : m.when).trim()),
        title: ctx.text(m.title !== undefined ? m.title : m.name).trim(),
        description: ctx.text(m.description).trim(),
      };
    })
    .filter(function (m) { return m && (m.title || m.date || m.description); });
}

/* "2024-03-05" -> "Mar 5, 2024", "2024-03" -> "Mar 2024"; anything else as written. */
function readableDate(value) {
  var full = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  if (full && +full[2] >= 1 && +full[2] <= 12) return MONTHS[+full[2] - 1] + " " + +full[3] + ", " + full[1];
  var month = /^(\d{4})-(\d{2})$/.exec(value);
  if (month && +month[2] >= 1 && +month[2] <= 12) return MONTHS[+month[2] - 1] + " " + month[1];
  return value;
}
})();
