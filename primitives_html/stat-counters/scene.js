/* stat-counters: up to four headline numbers that count up (1,234 / 12.5k).
 * Data: stats[] of {label, value, prefix?, suffix?}; value may be a non-numeric string
 * ("Top 5%"), which is shown as is, or an ISO date ("2026-03-14"), shown "Mar 14, 2026". sceneData: title, kicker.
 * Options: count-up, flip-in, stagger-pop. Bindings: "counter-start" (default 400 ms). */
(function () {
var STAGGER = 160;

reelsmith.primitive("stat-counters", {
  setup: function (ctx) {
    var cards = ctx.$$(".sc-card").map(function (card) {
      var number = card.querySelector(".sc-number");
      var raw = number.getAttribute("data-value");
      var parsed = parseValue(raw);
      var value = parsed.value;
      var opts = {
        prefix: ctx.affix((number.getAttribute("data-prefix") || "") + parsed.prefix),
        suffix: ctx.affix(parsed.suffix + (number.getAttribute("data-suffix") || "")),
        like: value,
        style: parsed.prefix || parsed.suffix ? "full" : "auto",
      };
      var final = value === null ? readableDate(ctx.text(raw)) : ctx.fmt(value, opts);
      number.textContent = final;
      return { card: card, number: number, value: value, opts: opts, final: final };
    });
    // Size every number for its final text, then fix its width so counting never reflows.
    cards.forEach(function (c) {
      ctx.fit(c.number);
      if (c.value === null) c.final = c.number.textContent; // as fitted (maybe cut)
    });
    var title = ctx.$(".sc-title");
    if (title) ctx.fit(title);
    var start = ctx.at("counter-start", 400);
    var countMs = ctx.option === "stagger-pop" ? 500 : ctx.option === "flip-in" ? 1300 : 1800;
    return { cards: cards, start: start, countMs: countMs };
  },

  active: function (ctx, s) {
    var last = s.start + Math.max(0, s.cards.length - 1) * STAGGER * (ctx.option === "stagger-pop" ? 2.5 : 1);
    return [[0, Math.max(700, last + s.countMs + 100)]];
  },

  render: function (ctx, t, s) {
    var e = ctx.ease, p = ctx.progress;
    var head = ctx.$(".sc-head");
    var h = e.outCubic(p(t, 0, 600));
    head.style.opacity = h;
    head.style.transform = "translateY(" + (1 - h) * 20 + "px)";
    s.cards.forEach(function (c, i) {
      var appear, countStart;
      if (ctx.option === "stagger-pop") {
        countStart = s.start + i * STAGGER * 2.5;
        appear = p(t, countStart, 500);
        var pop = e.outBack(appear);
        c.card.style.opacity = Math.min(1, appear * 2);
        c.card.style.transform = "scale(" + ctx.lerp(0.6, 1, pop) + ")";
      } else if (ctx.option === "flip-in") {
        countStart = s.start + i * STAGGER;
        appear = e.outCubic(p(t, countStart - 300, 700));
        c.card.style.opacity = Math.min(1, appear * 1.5);
        c.card.style.transform = "rotateX(" + (1 - appear) * 80 + "deg)";
        c.card.style.transformOrigin = "center top";
      } else {
        countStart = s.start + i * STAGGER;
        appear = e.outCubic(p(t, countStart - 350, 600));
        c.card.style.opacity = appear;
        c.card.style.transform = "translateY(" + (1 - appear) * 40 + "px)";
      }
      if (c.value === null) {
        c.number.textContent = c.final;
        return;
      }
      var q = e.outCubic(p(t, countStart, s.countMs));
      c.number.textContent = q >= 1 ? c.final : ctx.fmt(c.value * q, c.opts);
    });
  },
});

var MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/* "2026-03-14" -> "Mar 14, 2026" (a date slot's value); anything else as written. */
function readableDate(text) {
  var m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text.trim());
  if (!m || +m[2] < 1 || +m[2] > 12) return text;
  return MONTHS[+m[2] - 1] + " " + +m[3] + ", " + m[1];
}

/* "1,234" -> 1234; "$1,200" / "92%" / "4.5 hrs" -> the number with its symbol kept, so it
 * still counts up; anything else ("Top 5%") is shown as written (value null). */
function parseValue(raw) {
  var none = { value: null, prefix: "", suffix: "" };
  if (raw === null || raw === undefined) return none;
  var text = String(raw).trim();
  var plain = Number(text.replace(/,/g, ""));
  if (text !== "" && isFinite(plain)) return { value: plain, prefix: "", suffix: "" };
  var m = /^([^\w\s]{0,2})(-?\d[\d,]*(?:\.\d+)?)(\s?[^\d]{1,6})?$/.exec(text);
  if (!m) return none;
  var n = Number(m[2].replace(/,/g, ""));
  return isFinite(n) ? { value: n, prefix: m[1], suffix: m[3] || "" } : none;
}
})();
