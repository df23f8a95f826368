/* poll-card: a question, its options, and result bars that grow to each option's share.
 * Data: question, options[] ({label, value} or plain labels; value = votes or percent),
 * total_votes (optional; else the sum of values). Options without any values show as a
 * plain answer list. Options: bars-grow, reveal-winner (bars grow neutral, then the winner
 * lights up). Bindings: "results" (bars start growing), "winner" (reveal-winner highlight). */
(function () {
var MAX_OPTIONS = 5;
var LETTERS = "ABCDE";

reelsmith.primitive("poll-card", {
  setup: function (ctx) {
    var options = readOptions(ctx);
    var hasResults = options.some(function (o) { return o.value !== null; });
    var sum = options.reduce(function (acc, o) { return acc + (o.value || 0); }, 0);
    var winner = -1;
    options.forEach(function (o, i) {
      o.share = hasResults && sum > 0 ? (o.value || 0) / sum : 0;
      if (hasResults && (winner < 0 || o.share > options[winner].share)) winner = i;
    });
    var list = ctx.$(".pc-options");
    var rows = options.map(function (o, i) {
      var li = document.createElement("li");
      li.className = "pc-option" + (i === winner && ctx.option === "bars-grow" ? " pc-win" : "");
      var fill = el("span", "pc-fill", "");
      li.appendChild(fill);
      li.appendChild(el("span", "pc-letter", LETTERS[i]));
      li.appendChild(el("span", "pc-label", o.label));
      var tag = i === winner ? el("span", "pc-tag", ctx.text(ctx.props.winner_label) || "Top answer") : null;
      if (tag) li.appendChild(tag);
      var pct = hasResults ? el("span", "pc-pct rs-tabular", "") : null;
      if (pct) li.appendChild(pct);
      list.appendChild(li);
      return { el: li, fill: fill, pct: pct, tag: tag, share: o.share };
    });
    var question = ctx.$(".pc-question");
    if (question) ctx.fit(question);
    var totalVotes = ctx.fmt(ctx.props.total_votes) !== "" ? Number(String(ctx.props.total_votes).replace(/,/g, "")) : null;
    var looksLikeVotes = totalVotes === null && hasResults && options.every(function (o) { return o.value === null || Math.round(o.value) === o.value; }) && Math.abs(sum - 100) > 0.5;
    if (totalVotes === null && looksLikeVotes) totalVotes = sum;
    if (totalVotes !== null && totalVotes > 0) ctx.$(".pc-total").textContent = ctx.fmt(totalVotes) + (totalVotes === 1 ? " vote" : " votes");
    var results = ctx.at("results", 400 + rows.length * 150 + 600);
    return {
      rows: rows,
      winner: winner,
      hasResults: hasResults,
      results: results,
      winnerAt: ctx.at("winner", results + 1500),
    };
  },

  active: function (ctx, s) {
    // Until the last thing that moves in render() settles: the rows sliding in, the last bar
    // growing, the tag and total fading in, the winner's highlight.
    var entered = 400 + Math.max(s.rows.length - 1, 0) * 150 + 600;
    if (!s.hasResults) return [[0, entered + 100]];
    var grown = s.results + Math.max(s.rows.length - 1, 0) * 90 + 1100;
    var tagged = ctx.option === "reveal-winner" ? s.winnerAt + 800 : s.results + 1100 + 400;
    return [[0, Math.max(entered, grown, tagged, s.results + 600)]];
  },

  render: function (ctx, t, s) {
    var e = ctx.ease, p = ctx.progress;
    [".pc-kicker", ".pc-question"].forEach(function (sel, i) {
      var el = ctx.$(sel);
      if (!el) return;
      var q = e.outCubic(p(t, i * 150, 600));
      el.style.opacity = q;
      el.style.transform = "translateY(" + (1 - q) * 18 + "px)";
    });
    var lit = ctx.option === "reveal-winner" ? e.outCubic(p(t, s.winnerAt, 600)) : 1;
    s.rows.forEach(function (row, i) {
      var q = e.outCubic(p(t, 400 + i * 150, 600));
      var grow = e.outCubic(p(t, s.results + i * 90, 1100));
      row.fill.style.width = (row.share * grow * 100).toFixed(3) + "%";
      if (row.pct) row.pct.textContent = ctx.fmt(row.share * grow, { style: "percent", decimals: 0 });
      var isWinner = i === s.winner;
      var dim = ctx.option === "reveal-winner" && !isWinner ? 1 - 0.45 * lit : 1;
      row.el.style.opacity = q * dim;
      var pop = ctx.option === "reveal-winner" && isWinner ? 1 + 0.035 * e.outBack(p(t, s.winnerAt, 600)) : 1;
      row.el.style.transform = "translateX(" + (1 - q) * -40 + "px) scale(" + pop.toFixed(4) + ")";
      if (ctx.option === "reveal-winner" && isWinner) {
        row.fill.style.background = "color-mix(in srgb, var(--accent) " + Math.round(lit * 100) + "%, color-mix(in srgb, var(--secondary) 55%, transparent))";
      }
      if (row.tag) row.tag.style.opacity = ctx.option === "reveal-winner" ? lit : e.outCubic(p(t, s.results + 1100, 400));
    });
    var total = ctx.$(".pc-total");
    total.style.opacity = e.outCubic(p(t, s.results, 600));
  },
});

function el(tag, cls, text) {
  var node = document.createElement(tag);
  node.className = cls;
  node.textContent = text;
  return node;
}

/* [{label, value}] from options[]: objects or plain labels; non-numeric values become null. */
function readOptions(ctx) {
  var raw = Array.isArray(ctx.props.options) ? ctx.props.options : [];
  return raw
    .map(function (o) {
      if (o === null || o === undefined) return null;
      if (typeof o !== "object") return { label: ctx.text(o).trim(), value: null };
      var v = ctx.fmt(o.value !== undefined ? o.value : o.votes) !== "" ? Number(String(o.value !== undefined ? o.value : o.votes).replace(/,/g, "")) : null;
      return { label: ctx.text(o.label !== undefined ? o.label : o.name).trim(), value: v !== null && v >= 0 ? v : null };
    })
    .filter(function (o) { return o && o.label; })
    .slice(0, MAX_OPTIONS);
}
})();
