/* logo-reveal: the brand logo (props.logoUrl, else brand.logoUrl) on a light plate, the
 * company name as a wordmark (the whole show when there is no logo), a tagline.
 * Options: scale-glow, wipe-reveal (accent blocks sweep across), letter-cascade.
 * Bindings: "logo-in" (default 200 ms), "tagline-in" (default 1500 ms). */
(function () {
reelsmith.primitive("logo-reveal", {
  hidesLogo: true, // the logo is the show here; no second copy in the corner
  setup: function (ctx) {
    var plate = ctx.$(".lr-plate");
    var img = ctx.$(".lr-logo");
    // A logo that failed to load must not leave an empty white plate.
    if (plate && (!img || img.classList.contains("rs-broken") || !img.naturalWidth)) {
      plate.parentNode.removeChild(plate);
      plate = null;
    }
    var name = ctx.$(".lr-name");
    if (name) ctx.fit(name, plate ? { min: 30 } : null);
    var chars = [];
    if (name && ctx.option === "letter-cascade") {
      var letters = Array.from(name.textContent);
      name.textContent = "";
      chars = letters.map(function (ch) {
        var span = document.createElement("span");
        span.className = "lr-ch";
        span.textContent = ch;
        name.appendChild(span);
        return span;
      });
    }
    var logoIn = ctx.at("logo-in", 200);
    var nameIn = plate ? logoIn + 700 : logoIn;
    var step = chars.length ? Math.min(55, 900 / chars.length) : 0;
    return {
      plate: plate,
      name: name,
      chars: chars,
      step: step,
      logoIn: logoIn,
      nameIn: nameIn,
      tagIn: ctx.at("tagline-in", Math.max(1500, nameIn + chars.length * step + 400)),
    };
  },

  active: function (ctx, s) {
    return [[0, Math.max(s.tagIn + 1300, s.nameIn + 2200)]];
  },

  render: function (ctx, t, s) {
    var e = ctx.ease, p = ctx.progress, opt = ctx.option;
    var glow = ctx.$(".lr-glow");
    var g = e.outCubic(p(t, 0, 1600));
    glow.style.opacity = opt === "scale-glow" ? g : 0.55 * g;
    glow.style.transform = "scale(" + ctx.lerp(0.4, 1, g) + ")";
    if (s.plate) reveal(s.plate, s.logoIn, 1);
    if (s.name) {
      if (opt === "letter-cascade") {
        s.chars.forEach(function (ch, i) {
          var q = e.outBack(p(t, s.nameIn + i * s.step, 520));
          ch.style.opacity = Math.min(1, p(t, s.nameIn + i * s.step, 260));
          ch.style.transform = "translateY(" + (1 - q) * -0.6 + "em) rotate(" + (1 - q) * -12 + "deg)";
        });
      } else {
        reveal(s.name.parentNode, s.nameIn, 2);
      }
    }
    var bar = ctx.$(".lr-bar");
    bar.style.transform = "scaleX(" + e.outCubic(p(t, s.tagIn - 300, 700)) + ")";
    var tag = ctx.$(".lr-tag-wrap");
    if (tag) reveal(tag, s.tagIn, 3);
    var shine = ctx.$(".lr-shine");
    if (shine) {
      var sh = e.inOutCubic(p(t, s.logoIn + 1100, 900));
      shine.style.transform = "translateX(" + ctx.lerp(-150, 350, sh) + "%) skewX(-18deg)";
    }

    function reveal(el, at, depth) {
      var block = el.querySelector(":scope > .lr-block");
      if (opt === "wipe-reveal") {
        var grow = e.inOutCubic(p(t, at, 450));
        var shrink = e.inOutCubic(p(t, at + 450, 450));
        block.style.transformOrigin = shrink > 0 ? "right center" : "left center";
        block.style.transform = "scaleX(" + (shrink > 0 ? 1 - shrink : grow) + ")";
        el.style.opacity = 1;
        setChildren(el, t >= at + 450 ? 1 : 0);
      } else if (opt === "scale-glow") {
        var q = e.outQuint(p(t, at, 1000));
        el.style.opacity = e.outCubic(p(t, at, 500));
        el.style.transform = "scale(" + ctx.lerp(depth === 1 ? 0.6 : 0.85, 1, q) + ")";
        el.style.filter = q < 1 ? "blur(" + ((1 - q) * 14).toFixed(2) + "px)" : "";
      } else {
        var y = e.outCubic(p(t, at, 700));
        el.style.opacity = y;
        el.style.transform = "translateY(" + (1 - y) * 30 + "px) scale(" + ctx.lerp(0.92, 1, y) + ")";
      }
    }
    function setChildren(el, visible) {
      Array.prototype.forEach.call(el.children, function (child) {
        if (!child.classList.contains("lr-block") && !child.classList.contains("lr-shine")) child.style.opacity = visible;
      });
    }
  },
});
})();
