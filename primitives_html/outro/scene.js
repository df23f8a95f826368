/* outro: the closing card: brand logo (or a check badge), a thank-you message with the
 * recipient's name, and a sign-off line.
 * Data: person_name, message (default "Thank you, <name>"), signoff; the logo is brand.logoUrl.
 * Options: fade-out (content rises in, the end fades to black), logo-zoom (the logo zooms in,
 * then the text), curtain (two brand-colored panels open like a curtain).
 * Bindings: "text-in" (default 500 ms). */
(function () {
var FADE_MS = 900;

reelsmith.primitive("outro", {
  hidesLogo: true, // the brand logo is shown large in the middle instead of in the corner
  setup: function (ctx) {
    var message = ctx.$(".ou-message");
    ctx.fit(message);
    var textIn = ctx.at("text-in", ctx.option === "logo-zoom" ? 900 : ctx.option === "curtain" ? 800 : 500);
    return { textIn: textIn };
  },

  active: function (ctx, s) {
    var list = [[0, s.textIn + 1100]];
    if (ctx.option === "fade-out") list.push([Math.max(0, ctx.duration - FADE_MS), ctx.duration]);
    return list;
  },

  // Entered once the text is in; fade-out's fade to black is the scene's exit.
  settle: function (ctx, s) {
    return s.textIn + 1100;
  },

  render: function (ctx, t, s) {
    var e = ctx.ease, p = ctx.progress;
    var mark = ctx.$(".ou-mark");
    var parts = [ctx.$(".ou-message"), ctx.$(".ou-bar"), ctx.$(".ou-signoff")];
    if (ctx.option === "logo-zoom") {
      var z = e.outQuint(p(t, 100, 1000));
      mark.style.opacity = Math.min(1, z * 1.6);
      mark.style.transform = "scale(" + ctx.lerp(2.6, 1, z) + ")";
    } else {
      var m = e.outBack(p(t, 150, 700));
      mark.style.opacity = Math.min(1, m * 2);
      mark.style.transform = "scale(" + ctx.lerp(0.5, 1, m) + ")";
    }
    parts.forEach(function (el, i) {
      if (!el) return;
      var q = e.outCubic(p(t, s.textIn + i * 180, 700));
      el.style.opacity = q;
      el.style.transform = i === 1 ? "scaleX(" + q + ")" : "translateY(" + (1 - q) * 36 + "px)";
    });
    if (ctx.option === "curtain") {
      var c = e.inOutCubic(p(t, 150, 1000));
      ctx.$(".ou-left").style.transform = "translateX(" + -c * 101 + "%)";
      ctx.$(".ou-right").style.transform = "translateX(" + c * 101 + "%)";
    }
    var fade = ctx.$(".ou-fade");
    fade.style.opacity = ctx.option === "fade-out" ? e.inCubic(p(t, ctx.duration - FADE_MS, FADE_MS)) * 0.92 : 0;
  },
});
})();
