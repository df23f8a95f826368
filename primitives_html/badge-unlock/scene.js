/* badge-unlock: an achievement badge that unlocks. Data: badge_name, badge_description,
 * badge_icon (trophy, star, medal, flame, bolt, heart, crown, check, rocket; default star),
 * person_name, badge_level (shown on a pill under the badge; numbers formatted).
 * Options: shine-burst (burst, sparks, slowly turning rays), flip-in (locked badge flips open).
 * Bindings: "unlock" (the moment the badge opens; default 400 ms shine-burst, 1100 ms flip-in). */
(function () {
var ICONS = {
  star: "M12 2l3.09 6.26L22 9.27l-5 4.87 1.18 6.88L12 17.77l-6.18 3.25L7 14.14 2 9.27l6.91-1.01z",
  trophy: "M7 3h10v2h4v3a4.5 4.5 0 0 1-4.4 4.5A5 5 0 0 1 13 15.4V18h3.5v3h-9v-3H11v-2.6a5 5 0 0 1-3.6-2.9A4.5 4.5 0 0 1 3 8V5h4zm0 4H5v1a2.5 2.5 0 0 0 2 2.45zm10 0v3.45A2.5 2.5 0 0 0 19 8V7z",
  medal: "M6 2h4.5l2 5h-4.5zM18 2h-4.5l-.8 2 1.3 3.2L14.5 7zM12 8.5a6.5 6.5 0 1 1 0 13 6.5 6.5 0 0 1 0-13zm0 2.2l1.3 2.7 3 .4-2.2 2.1.5 3-2.6-1.4-2.6 1.4.5-3-2.2-2.1 3-.4z",
  flame: "M12 2c1.2 3.6 6 6.2 6 11.5A6 6 0 0 1 6 13.5c0-2.6 1.3-4.4 2.8-5.7.2 2 1.1 3.1 2.2 3.6C10.7 8.6 10.6 5.2 12 2z",
  bolt: "M13.5 2L4 14h7l-1.5 8L19 10h-7z",
  heart: "M12 21s-7.6-4.7-9.6-9.4C1 8.3 3.2 5 6.7 5c2 0 3.4 1.1 5.3 3.1C13.9 6.1 15.3 5 17.3 5c3.5 0 5.7 3.3 4.3 6.6C19.6 16.3 12 21 12 21z",
  crown: "M3 7l4.6 4.2L12 4l4.4 7.2L21 7l-1.8 11H4.8zM5 19.5h14V21H5z",
  check: "M12 2a10 10 0 1 1 0 20 10 10 0 0 1 0-20zm-1.3 13.6l6.4-6.4-1.6-1.6-4.8 4.8-2.3-2.3-1.6 1.6z",
  rocket: "M12 2c3.5 2 5 5.6 5 9.5l2.5 2.5-1 5-3-2H8.5l-3 2-1-5L7 11.5C7 7.6 8.5 4 12 2zm0 6a2 2 0 1 0 0 4 2 2 0 0 0 0-4zM10 18h4l-2 4z",
};
var SPARKS = 14;

reelsmith.primitive("badge-unlock", {
  setup: function (ctx) {
    var key = ctx.text(ctx.props.badge_icon).trim().toLowerCase();
    ctx.$(".bu-icon-path").setAttribute("d", ICONS[key] || ICONS.star);
    var level = ctx.$(".bu-level");
    if (level) {
      var formatted = ctx.fmt(ctx.props.badge_level);
      level.textContent = formatted || ctx.text(ctx.props.badge_level).trim();
      if (!level.textContent) level.parentNode.removeChild(level);
    }
    var name = ctx.$(".bu-name");
    if (name) ctx.fit(name);
    var sparks = ctx.$(".bu-sparks");
    var list = [];
    for (var i = 0; i < SPARKS; i++) {
      var dot = document.createElement("span");
      dot.className = "bu-spark";
      sparks.appendChild(dot);
      // Fixed pseudo-random spread: a pure function of the index.
      list.push({ el: dot, angle: (i / SPARKS) * Math.PI * 2 + ((i * 37) % 11) / 22, dist: 170 + ((i * 53) % 7) * 22 });
    }
    return { sparks: list, unlock: ctx.at("unlock", ctx.option === "flip-in" ? 1100 : 400) };
  },

  active: function (ctx, s) {
    if (ctx.option === "shine-burst") return [[0, ctx.duration]]; // rays keep turning
    return [[0, s.unlock + 2400]];
  },

  // Entered once the badge, sparks, shine and every line of text are in (the last thing,
  // the shine, ends 1300 ms after the burst); shine-burst's rays keep turning, ambient.
  settle: function (ctx, s) {
    return (ctx.option === "flip-in" ? s.unlock + 400 : s.unlock + 300) + 1300;
  },

  render: function (ctx, t, s) {
    var e = ctx.ease, p = ctx.progress, u = s.unlock;
    var wrap = ctx.$(".bu-badge-wrap");
    var badge = ctx.$(".bu-badge");
    var rays = ctx.$(".bu-rays");
    var lock = ctx.$(".bu-lock");
    var icon = ctx.$(".bu-icon");
    if (ctx.option === "flip-in") {
      var appear = e.outCubic(p(t, 0, 600));
      var flip = e.inOutCubic(p(t, u, 800));
      var angle = flip * 180;
      var open = angle >= 90;
      wrap.style.transform = "perspective(900px) translateY(" + (1 - appear) * 40 + "px) rotateY(" + (open ? angle - 180 : angle) + "deg)";
      wrap.style.opacity = appear;
      badge.style.filter = open ? "" : "grayscale(1) brightness(0.55)";
      lock.style.opacity = open ? 0 : 1;
      icon.style.opacity = open ? 1 : 0;
      rays.style.opacity = 0.7 * e.outCubic(p(t, u + 400, 900));
      rays.style.transform = "scale(" + ctx.lerp(0.6, 1, e.outCubic(p(t, u + 400, 900))) + ")";
    } else {
      var pop = e.outBack(p(t, u, 700));
      wrap.style.transform = "scale(" + pop + ")";
      wrap.style.opacity = Math.min(1, p(t, u, 250));
      lock.style.opacity = 0;
      icon.style.opacity = 1;
      rays.style.opacity = 0.9 * e.outCubic(p(t, u + 200, 900));
      rays.style.transform = "rotate(" + ((t * 0.012) % 360).toFixed(3) + "deg)";
    }
    var burstAt = ctx.option === "flip-in" ? u + 400 : u + 300;
    var flash = ctx.$(".bu-flash");
    var f = p(t, burstAt, 800);
    flash.style.opacity = f > 0 && f < 1 ? 0.9 * (1 - f) : 0;
    flash.style.transform = "scale(" + ctx.lerp(0.8, 2.2, e.outCubic(f)) + ")";
    s.sparks.forEach(function (sp, i) {
      var q = p(t, burstAt + (i % 3) * 40, 1100);
      var d = e.outCubic(q) * sp.dist;
      sp.el.style.opacity = q > 0 && q < 1 ? 1 - q * q : 0;
      sp.el.style.transform = "translate(" + (Math.cos(sp.angle) * d).toFixed(2) + "px," + (Math.sin(sp.angle) * d).toFixed(2) + "px)";
    });
    var shine = ctx.$(".bu-shine");
    var sh = e.inOutCubic(p(t, burstAt + 500, 800));
    shine.style.transform = "translateX(" + ctx.lerp(-150, 300, sh) + "%) skewX(-16deg)";
    var textAt = burstAt + 200;
    [".bu-kicker", ".bu-name", ".bu-desc", ".bu-person"].forEach(function (sel, i) {
      var el = ctx.$(sel);
      if (!el) return;
      var q = e.outCubic(p(t, textAt + i * 160, 600));
      el.style.opacity = q;
      el.style.transform = "translateY(" + (1 - q) * 22 + "px)";
    });
    var level = ctx.$(".bu-level");
    if (level) {
      var l = e.outBack(p(t, textAt + 300, 500));
      level.style.transform = "translateX(-50%) scale(" + l + ")";
    }
  },
});
})();
