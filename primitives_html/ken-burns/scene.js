/* ken-burns: a full-bleed image that slowly pans and zooms for the whole scene, a caption
 * in the lower third and an optional credit. Without an image (or when it fails to load) a
 * brand-colored backdrop moves instead, so the frame is never empty.
 * Options: zoom-in, zoom-out, pan-left, pan-right. Bindings: "caption-in" (default 500 ms). */
(function () {
var MOVES = {
  "zoom-in": { from: [1.0, 0, 0], to: [1.18, -1.5, -1] },
  "zoom-out": { from: [1.2, 1.5, 1], to: [1.02, 0, 0] },
  "pan-left": { from: [1.14, 5, 0], to: [1.14, -5, 0] },
  "pan-right": { from: [1.14, -5, 0], to: [1.14, 5, 0] },
};

reelsmith.primitive("ken-burns", {
  setup: function (ctx) {
    var img = ctx.$(".kb-image");
    if (img && (img.classList.contains("rs-broken") || !img.naturalWidth)) {
      img.parentNode.removeChild(img);
      img = null;
    }
    var caption = ctx.$(".kb-caption");
    if (caption) ctx.fit(caption);
    return { target: img || ctx.$(".kb-fallback"), captionIn: ctx.at("caption-in", 500) };
  },

  active: function (ctx) {
    return [[0, ctx.duration]]; // the camera never stops
  },

  // Entered once the caption and the credit are in (the camera drifts on, ambient).
  settle: function (ctx, s) {
    return s.captionIn + 1200;
  },

  render: function (ctx, t, s) {
    var e = ctx.ease, p = ctx.progress;
    var move = MOVES[ctx.option] || MOVES["zoom-in"];
    // Gentle S-curve over the whole scene: starts and ends slow, never stands still.
    var q = 0.15 * p(t, 0, ctx.duration) + 0.85 * e.inOutCubic(p(t, 0, ctx.duration));
    var scale = ctx.lerp(move.from[0], move.to[0], q);
    var x = ctx.lerp(move.from[1], move.to[1], q);
    var y = ctx.lerp(move.from[2], move.to[2], q);
    s.target.style.transform = "translate(" + x.toFixed(3) + "%," + y.toFixed(3) + "%) scale(" + scale.toFixed(4) + ")";
    var bar = ctx.$(".kb-bar");
    if (bar) bar.style.transform = "scaleX(" + e.outCubic(p(t, s.captionIn, 600)) + ")";
    var caption = ctx.$(".kb-caption");
    if (caption) {
      var c = e.outCubic(p(t, s.captionIn + 150, 700));
      caption.style.opacity = c;
      caption.style.transform = "translateY(" + (1 - c) * 26 + "px)";
    }
    var credit = ctx.$(".kb-credit");
    if (credit) credit.style.opacity = e.outCubic(p(t, s.captionIn + 600, 600));
    ctx.$(".kb-shade").style.opacity = caption || credit ? 1 : 0.4;
  },
});
})();
