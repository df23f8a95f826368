/* reelsmith live shell: the head of a live page served before its voice is spoken.
 *
 * With the voice spoken at the first open (REELSMITH_ON_VIEW_VOICE=open) the live player's
 * frame loads, at once, the job's page laid out without speech (its shell: the same markup,
 * scripts and fonts; app/viewers/live.py inlines this script first in its head). The runtime
 * then loads its fonts and images and waits for window.reelsmithTimeline before it lays the
 * scenes out (static/runtime.js). The player page sends the spoken timeline when the render
 * has stored it ({reelsmithLive: 1, type: "timeline", timeline}); this page says "shell" when
 * it listens (on load, and again when the player says "hello"), and "error" for a timeline
 * that does not fit its scenes. It listens only to the window that framed it.
 */
(function () {
  "use strict";

  var host = window.parent;
  if (!host || host === window) return;
  var resolve = null;
  var got = false;
  window.reelsmithTimeline = new Promise(function (done) { resolve = done; });

  function send(message) {
    message.reelsmithLive = 1;
    host.postMessage(message, "*");
  }

  function fits(timeline) {
    return !!timeline && typeof timeline === "object" && Array.isArray(timeline.scenes) &&
      timeline.scenes.length === document.querySelectorAll(".rs-scene").length &&
      Number(timeline.duration) > 0;
  }

  window.addEventListener("message", function (event) {
    if (event.source !== host || got) return;
    var data = event.data;
    if (!data || data.reelsmithLive !== 1) return;
    if (data.type === "hello") {
      if (document.readyState !== "loading") send({ type: "shell" });
      return;
    }
    if (data.type !== "timeline") return;
    if (!fits(data.timeline)) {
      send({ type: "error", message: "the spoken timeline does not fit this page" });
      return;
    }
    got = true;
    resolve(data.timeline);
  });

  document.addEventListener("DOMContentLoaded", function () {
    if (!got) send({ type: "shell" });
  });
})();
