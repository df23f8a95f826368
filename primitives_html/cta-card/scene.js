/* cta-card: a closing call to action: headline, a button-styled label and the link.
 * Data: headline, buttonText (default "Learn more" when a url is given), url. sceneData: kicker.
 * Options: pop (elements pop in), slide-in (elements rise in one after another),
 * pulse (the button pulses twice to draw the eye). Bindings: "button-in" (default 700 ms). */
(function () {
reelsmith.primitive("cta-card", {
  setup: function (ctx) {
    var headline = ctx.$(".cta-headline");
    if (headline) ctx.fit(headline);
    return { buttonIn: ctx.at("button-in", 700) };
  },

  active: function (ctx, s) {
    var end = s.buttonIn + 900;
    if (ctx.option === "pulse") end = s.buttonIn + 600 + 2 * 900;
    return [[0, end]];
  },

  render: function (ctx, t, s) {
    var e = ctx.ease, p = ctx.progress;
    var parts = [ctx.$(".cta-kicker"), ctx.$(".cta-headline"), ctx.$(".cta-button-wrap"), ctx.$(".cta-url")];
    var glow = ctx.$(".cta-glow");
    var g = e.outCubic(p(t, 0, 800));
    glow.style.opacity = g;
    glow.style.transform = "scale(" + ctx.lerp(0.92, 1, g) + ")";
    var starts = [0, 150, s.buttonIn, s.buttonIn + 250];
    parts.forEach(function (el, i) {
      if (!el) return;
      var q;
      if (ctx.option === "slide-in") {
        q = e.outCubic(p(t, starts[i], 650));
        el.style.opacity = q;
        el.style.transform = "translateY(" + (1 - q) * 60 + "px)";
      } else if (ctx.option === "pulse" && i !== 2) {
        q = e.outCubic(p(t, starts[i], 800));
        el.style.opacity = q;
        el.style.transform = "translateY(" + (1 - q) * -24 + "px)";
      } else if (ctx.option === "pop" || i !== 2) {
        q = p(t, starts[i], 600);
        el.style.opacity = Math.min(1, q * 2);
        el.style.transform = "scale(" + ctx.lerp(0.7, 1, e.outBack(q)) + ")";
      } else {
        q = p(t, starts[i], 500);
        el.style.opacity = Math.min(1, q * 2);
        // Two pulses after the button lands, then still.
        var k = p(t, starts[i] + 600, 1800);
        var wave = k > 0 && k < 1 ? Math.sin(k * 2 * Math.PI * 2 - Math.PI / 2) * 0.5 + 0.5 : 0;
        el.style.transform = "scale(" + (ctx.lerp(0.85, 1, e.outCubic(q)) + wave * 0.06) + ")";
        var ring = el.querySelector(".cta-ring");
        var r = (k * 2) % 1;
        ring.style.opacity = k > 0 && k < 1 ? (1 - r) * 0.8 : 0;
        ring.style.transform = "scale(" + (1 + r * 0.35) + ")";
      }
    });
  },
});
})();
