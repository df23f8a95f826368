/* reelsmith player beacons (SPEC 6.2). Works on our player page and on a customer's own page
 * around our MP4:
 *
 *   <video src="https://host/media/videos/<id>.1.mp4" controls
 *          data-reelsmith-job="<jobId>" data-reelsmith-api="https://host"
 *          data-reelsmith-scenes="[[0,0],[1,3200],[2,6900]]"></video>
 *   <script src="https://host/static/player.js" defer></script>
 *
 * data-reelsmith-scenes: [templateSceneIndex, startMs] pairs of the rendered scenes.
 * Optional on the same page: an element with data-reelsmith-share (shares data-url or the
 * page), a link with data-reelsmith-download, a link with data-reelsmith-cta (our /c/{jobId}:
 * the session id is added so the click counts for this viewing session).
 * Only sessions signed by the server count: our page names its session in
 * data-reelsmith-session; elsewhere one is asked for at POST {api}/api/track/session.
 * Beacons go to POST {api}/api/track as text/plain JSON (no CORS preflight): fetch with
 * keepalive while the page lives, navigator.sendBeacon for what is left on pagehide.
 * An <audio data-reelsmith-job> is tracked the same way: the live player of a video rendered
 * on view (static/live.js) plays its soundtrack as the clock of the live composition, and
 * names its scenes once the composition has told them. window.reelsmithPlayer.start() tracks
 * media added later (the video swapped in when it exists).
 */
(function () {
  "use strict";

  function parseScenes(text) {
    try {
      var pairs = JSON.parse(text || "[]");
      return pairs
        .filter(function (p) { return Array.isArray(p) && p.length === 2; })
        .map(function (p) { return { index: Number(p[0]), start: Number(p[1]) / 1000 }; })
        .sort(function (a, b) { return a.start - b.start; });
    } catch (e) {
      return [];
    }
  }

  function Tracker(video) {
    this.video = video;
    this.jobId = video.getAttribute("data-reelsmith-job");
    this.endpoint = (video.getAttribute("data-reelsmith-api") || "").replace(/\/+$/, "") + "/api/track";
    this.scenesText = video.getAttribute("data-reelsmith-scenes");
    this.scenes = parseScenes(this.scenesText);
    // The viewing session signed by the server: our page names it; on another page it is
    // asked for (beacons wait for it; without one nothing would count).
    this.sessionId = video.getAttribute("data-reelsmith-session") || null;
    this.waiting = [];
    this.sent = {};
    this.pending = [];
    if (!this.sessionId) this.askSession();
    this.started = false;
    this.ended = false;
    this.replays = 0;
    this.watchedMs = 0;
    this.lastTime = null;
    this.bind();
    this.send("page_view");
  }

  Tracker.prototype.askSession = function () {
    var self = this;
    if (!window.fetch) return;
    window.fetch(this.endpoint + "/session", {
      method: "POST",
      body: JSON.stringify({ videoId: this.jobId }),
      headers: { "Content-Type": "text/plain;charset=UTF-8" },
      credentials: "omit",
      mode: "cors"
    }).then(function (r) { return r.ok ? r.json() : null; }).then(function (answer) {
      if (!answer || !answer.sessionId) return;
      self.sessionId = answer.sessionId;
      self.linkCta();
      var waiting = self.waiting;
      self.waiting = [];
      waiting.forEach(function (metadata) { self.post(metadata); });
    }, function () {});
  };

  Tracker.prototype.send = function (event, extra, once) {
    var key = once || null;
    if (key) {
      if (this.sent[key]) return;
      this.sent[key] = true;
    }
    var metadata = { event: event, watchedMs: Math.round(this.watchedMs) };
    for (var k in extra || {}) metadata[k] = extra[k];
    if (this.sessionId) this.post(metadata);
    else this.waiting.push(metadata);
  };

  Tracker.prototype.post = function (fields) {
    var metadata = { sessionId: this.sessionId };
    for (var k in fields) if (k !== "event") metadata[k] = fields[k];
    var body = JSON.stringify({ videoId: this.jobId, event: fields.event, metadata: metadata });
    var self = this;
    var item = { body: body, done: false };
    this.pending.push(item);
    var finish = function () {
      item.done = true;
      self.pending = self.pending.filter(function (p) { return !p.done; });
    };
    if (window.fetch) {
      window.fetch(this.endpoint, {
        method: "POST",
        body: body,
        headers: { "Content-Type": "text/plain;charset=UTF-8" },
        keepalive: true,
        credentials: "omit",
        mode: "cors"
      }).then(finish, finish);
    } else if (navigator.sendBeacon) {
      navigator.sendBeacon(this.endpoint, new Blob([body], { type: "text/plain;charset=UTF-8" }));
      finish();
    }
  };

  Tracker.prototype.flush = function () {
    // pagehide: whatever fetch may not finish goes once more by sendBeacon (the server
    // deduplicates a beacon that arrives twice).
    if (!navigator.sendBeacon) return;
    var self = this;
    this.pending.forEach(function (item) {
      if (!item.done) {
        navigator.sendBeacon(self.endpoint, new Blob([item.body], { type: "text/plain;charset=UTF-8" }));
        item.done = true;
      }
    });
    this.pending = [];
  };

  Tracker.prototype.sceneAt = function (seconds) {
    var text = this.video.getAttribute("data-reelsmith-scenes");
    if (text !== this.scenesText) {
      this.scenesText = text;
      this.scenes = parseScenes(text);
    }
    var found = null;
    for (var i = 0; i < this.scenes.length; i++) {
      if (this.scenes[i].start <= seconds + 0.05) found = this.scenes[i];
    }
    return found;
  };

  Tracker.prototype.progress = function () {
    var v = this.video;
    var t = v.currentTime || 0;
    if (!v.paused && !v.seeking && this.lastTime !== null) {
      var step = t - this.lastTime;
      if (step > 0 && step < 1.5) this.watchedMs += step * 1000;
    }
    this.lastTime = t;
    var scene = this.sceneAt(t);
    if (scene && this.started) {
      this.send("scene_entered", { sceneIndex: scene.index }, "scene:" + scene.index);
    }
    var d = v.duration;
    if (!d || !isFinite(d) || !this.started) return;
    var marks = [[25, "video_25"], [50, "video_50"], [75, "video_75"]];
    for (var i = 0; i < marks.length; i++) {
      if (t / d * 100 >= marks[i][0]) this.send(marks[i][1], null, marks[i][1]);
    }
  };

  Tracker.prototype.bind = function () {
    var self = this;
    var v = this.video;
    v.addEventListener("play", function () {
      if (!self.started) {
        self.started = true;
        self.send("video_started", null, "video_started");
      } else if (self.ended) {
        self.replays += 1;
        self.send("video_replayed", { count: self.replays });
      }
      self.ended = false;
      self.lastTime = v.currentTime;
      self.progress();
    });
    v.addEventListener("timeupdate", function () { self.progress(); });
    v.addEventListener("seeked", function () { self.lastTime = v.currentTime; self.progress(); });
    v.addEventListener("ended", function () {
      self.progress();
      self.ended = true;
      self.send("video_completed", null, "video_completed");
    });

    var share = document.querySelector("[data-reelsmith-share]");
    if (share) {
      share.addEventListener("click", function () {
        var url = share.getAttribute("data-url") || window.location.href;
        var title = share.getAttribute("data-title") || document.title;
        var note = document.getElementById("rs-share-note");
        var told = function (text) { if (note) { note.textContent = text; note.hidden = false; } };
        self.send("shared", null, "shared");
        if (navigator.share) {
          navigator.share({ title: title, url: url }).catch(function () {});
        } else if (navigator.clipboard && navigator.clipboard.writeText) {
          navigator.clipboard.writeText(url).then(
            function () { told("Link copied"); },
            function () { told(url); }
          );
        } else {
          told(url);
        }
      });
    }
    var download = document.querySelector("[data-reelsmith-download]");
    if (download) {
      download.addEventListener("click", function () { self.send("downloaded", null, "downloaded"); });
    }
    this.linkCta();
    window.addEventListener("pagehide", function () { self.flush(); });
    document.addEventListener("visibilitychange", function () {
      if (document.visibilityState === "hidden") self.flush();
    });
  };

  Tracker.prototype.linkCta = function () {
    // The CTA link counts the click for this session (`s=`; our page writes it already).
    var cta = document.querySelector("[data-reelsmith-cta]");
    if (!cta || !this.sessionId) return;
    var href = cta.getAttribute("href") || "";
    if (/[?&]s=/.test(href)) return;
    cta.setAttribute("href", href + (href.indexOf("?") < 0 ? "?" : "&") + "s=" + encodeURIComponent(this.sessionId));
  };

  function start() {
    var videos = document.querySelectorAll("video[data-reelsmith-job], audio[data-reelsmith-job]");
    for (var i = 0; i < videos.length; i++) {
      if (!videos[i].__reelsmith) videos[i].__reelsmith = new Tracker(videos[i]);
    }
  }

  window.reelsmithPlayer = { start: start };
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
