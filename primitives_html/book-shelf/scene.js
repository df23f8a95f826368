/* book-shelf: up to 5 books standing on a shelf. Data: books[] of {title, year?, cover_url?,
 * readers?, rating? (0-5)}; a book without cover_url gets a typeset cover in the brand
 * colors. Options: slide-in (books slide onto the shelf one by one), flip-up (covers swing
 * up from lying flat). Bindings: "books" (the first book arrives; default 500 ms). */
(function () {
reelsmith.primitive("book-shelf", {
  setup: function (ctx) {
    ctx.$$(".bs-cover-img").forEach(function (img) {
      if (img.classList.contains("rs-broken") || !img.naturalWidth) img.parentNode.removeChild(img);
    });
    ctx.$$(".bs-rating").forEach(function (el) {
      var r = Math.max(0, Math.min(5, Number(el.getAttribute("data-rating"))));
      // Drawn, not a character: a Latin-only render needs no font beyond the brand's.
      var star = document.createElementNS("http://www.w3.org/2000/svg", "svg");
      star.setAttribute("class", "bs-star");
      star.setAttribute("viewBox", "0 0 24 24");
      star.setAttribute("aria-hidden", "true");
      var path = document.createElementNS("http://www.w3.org/2000/svg", "path");
      path.setAttribute("d", "M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6-4.9-4.6 6.6-.8z");
      star.appendChild(path);
      el.appendChild(star);
      el.appendChild(document.createTextNode(ctx.fmt(r, { decimals: 1 })));
    });
    var title = ctx.$(".bs-title");
    if (title) ctx.fit(title);
    var books = ctx.$$(".bs-book");
    return { books: books, start: ctx.at("books", 500), step: books.length ? Math.min(320, 1800 / books.length) : 0 };
  },

  active: function (ctx, s) {
    return [[0, s.start + s.books.length * s.step + 1200]];
  },

  render: function (ctx, t, s) {
    var e = ctx.ease, p = ctx.progress;
    [".bs-kicker", ".bs-title"].forEach(function (sel, i) {
      var el = ctx.$(sel);
      if (!el) return;
      var q = e.outCubic(p(t, i * 150, 600));
      el.style.opacity = q;
      el.style.transform = "translateY(" + (1 - q) * 18 + "px)";
    });
    var shelf = ctx.$(".bs-shelf");
    shelf.style.transform = "scaleX(" + e.outCubic(p(t, 100, 700)) + ")";
    s.books.forEach(function (book, i) {
      var at = s.start + i * s.step;
      var meta = book.querySelector(".bs-meta");
      if (ctx.option === "flip-up") {
        var f = e.outBack(p(t, at, 800));
        book.style.opacity = Math.min(1, p(t, at, 200));
        book.style.transform = "perspective(900px) rotateX(" + ((1 - f) * 80).toFixed(2) + "deg)";
      } else {
        var q = e.outCubic(p(t, at, 700));
        book.style.opacity = q;
        book.style.transform = "translateX(" + ((1 - q) * 260).toFixed(2) + "px) rotate(" + ((1 - q) * 8).toFixed(2) + "deg)";
      }
      var m = e.outCubic(p(t, at + 500, 500));
      meta.style.opacity = m;
      meta.style.transform = "translateY(" + (1 - m) * 12 + "px)";
    });
  },
});
})();
