/* reelsmith live frame: the composition page's side of the live player (static/live.js).
 *
 * Inlined by the server after the page's own scripts when the page is served for a player's
 * sandboxed frame (GET /v/{jobId}/live). The player page is the clock: it sends the time it
 * plays ({reelsmithLive: 1, type: "seek", t: ms}) and this page shows exactly seek(t), the
 * frame the renderer captures at t. It answers "ready" (duration, scenes [index, startMs],
 * poster time) once the runtime has booted, "frame" (t) after each frame it shows and
 * "error" when the runtime cannot run. It talks only to the window that framed it.
 */
(function () {
  "use strict";

  var host = window.parent;
  if (!host || host === window) return;

  function send(message) {
    message.reelsmithLive = 1;
    host.postMessage(message, "*");
  }

  var rs = window.reelsmith;
  if (!rs || !rs.ready) {
    send({ type: "error", message: "the composition runtime did not load" });
    return;
  }

  var booted = false;
  var wanted = null;
  var scheduled = false;

  function show() {
    scheduled = false;
    if (!booted || wanted === null) return;
    var t = wanted;
    wanted = null;
    var shown = rs.seek(t);
    send({ type: "frame", t: shown });
  }

  function sayReady() {
    send({
      type: "ready",
      duration: rs.duration,
      scenes: rs.scenes.map(function (s) { return [s.index, Math.round(s.start)]; }),
      posterAtMs: rs.posterAtMs(),
    });
  }

  window.addEventListener("message", function (event) {
    if (event.source !== host) return;
    var data = event.data;
    if (!data || data.reelsmithLive !== 1) return;
    if (data.type === "hello") {  // the player page started listening after this booted
      if (booted) sayReady();
      return;
    }
    if (data.type !== "seek") return;
    wanted = Math.max(0, Number(data.t) || 0);
    if (!scheduled) {
      scheduled = true;
      requestAnimationFrame(show);
    }
  });

  rs.ready.then(
    function () {
      booted = true;
      sayReady();
      if (wanted !== null && !scheduled) {
        scheduled = true;
        requestAnimationFrame(show);
      }
    },
    function (err) {
      send({ type: "error", message: String((err && err.message) || err) });
    }
  );
})();
