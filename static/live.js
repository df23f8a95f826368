/* reelsmith live player: an on-view video's page before its MP4 exists (app/viewers/live.py).
 *
 * The video's own composition page (the page the renderer captures) plays in a sandboxed
 * frame (sandbox="allow-scripts", and the page's own CSP sandbox: an opaque origin that can
 * reach neither this page nor its cookies). The soundtrack (<audio>, the video's mixed voice
 * and music) is the clock: on every animation frame while it plays this page sends its time
 * to the frame, which shows exactly seek(t) (static/live-frame.js). player.js tracks the
 * <audio> as it tracks the MP4's <video>, so the beacons are the same.
 *
 * The page asks GET /v/{id}/status every few seconds (while the live page itself is still
 * being made, its voice spoken at the open: at once again, the server holding the answer until
 * the page exists); when the video exists it is swapped in
 * (at the time reached, once the live playback is paused or over). A browser that cannot run
 * the frame (no sandboxed iframes, no AAC audio, a frame that does not start within
 * READY_TIMEOUT_MS or fails) gets the "Preparing your video" state with the poster instead.
 *
 * With the voice spoken at the open, the frame loads the page's shell at once (the page laid
 * out without speech, static/live-shell.js: markup, scripts and fonts load while the voice is
 * spoken); when the status answer says the live page exists it carries the spoken timeline,
 * which is sent to the shell (it then boots as the page would), and the soundtrack loads at
 * once. Without a timeline (a page that differs in more) the frame loads the page whole.
 */
(function () {
  "use strict";

  var root = document.getElementById("rs-live");
  if (!root) return;

  var READY_TIMEOUT_MS = 10000;
  var MAX_POLL_S = 15;
  var KIT_WAIT_S = 8; // while the live page is made, a status ask the server holds until it exists
  var KIT_WAITS = 8; // that many in a row (about a minute), then the usual polling
  var ERROR_POLL_S = 1;
  var stage = document.getElementById("rs-live-stage");
  var poster = document.getElementById("rs-live-poster");
  var preparing = document.getElementById("rs-live-preparing");
  var bigPlay = document.getElementById("rs-live-big-play");
  var controls = document.getElementById("rs-live-controls");
  var playBtn = document.getElementById("rs-live-play");
  var seekBar = document.getElementById("rs-live-seek");
  var timeLabel = document.getElementById("rs-live-time");
  var muteBtn = document.getElementById("rs-live-mute");
  var fullBtn = document.getElementById("rs-live-full");
  var audio = document.getElementById("rs-live-audio");
  var download = document.getElementById("rs-download");
  var statusUrl = root.getAttribute("data-status-url");
  var pollS = Number(root.getAttribute("data-poll")) || 3;
  var isImage = root.getAttribute("data-image") === "1";

  var frame = null;
  var readyTimer = null;
  var rafId = null;
  var pollTimer = null;
  var polls = 0;
  var shellFrame = false; // the frame holds the page's shell, waiting for its timeline
  var shellListening = false; // the shell said it listens
  var pendingTimeline = null; // the spoken timeline, until the shell listens
  var kitUrl = null; // the live page's own URL, once it exists
  var readyInfo = null; // the frame's "ready", kept until the soundtrack is known
  var ready = null; // the status answer once the video exists
  var state = {
    mode: "loading", // loading | live | preparing | video | unavailable
    reason: null, // why the live player was not used (preparing)
    duration: 0,
    frameTime: null, // the time of the last frame the composition showed (ms)
    framesShown: 0,
    playRequestedAt: null,
    firstFrameMs: null, // from the first play request to the first frame past 0
    booted: null, // how the frame's page booted: "shell" (sent its spoken timeline) or "page"
    // when (ms since this page's navigation began) the shell listened, the status named the
    // live page, and the frame was ready
    marks: { shell: null, kit: null, ready: null },
  };
  window.reelsmithLive = state;

  function fmt(ms) {
    var s = Math.max(0, Math.floor(ms / 1000));
    var m = Math.floor(s / 60);
    return m + ":" + (s % 60 < 10 ? "0" : "") + (s % 60);
  }

  function setMode(mode, reason) {
    state.mode = mode;
    if (reason) state.reason = reason;
    root.setAttribute("data-state", mode);
  }

  function canRunLive() {
    var probe = document.createElement("iframe");
    return !!(
      window.postMessage && window.Promise && window.requestAnimationFrame &&
      "sandbox" in probe && audio && audio.canPlayType &&
      audio.canPlayType('audio/mp4; codecs="mp4a.40.2"')
    );
  }

  /* ---------- the frame ---------- */
  function post(ms) {
    if (frame && frame.contentWindow) {
      frame.contentWindow.postMessage({ reelsmithLive: 1, type: "seek", t: ms }, "*");
    }
  }

  function mountShell() {
    frame = document.getElementById("rs-live-frame");
    if (!frame) return;
    if (!canRunLive()) {
      frame.remove();
      frame = null;
      fallBack("unsupported");
      return;
    }
    shellFrame = true;
    // it may have loaded before this page listened: it says "shell" again when asked
    frame.contentWindow.postMessage({ reelsmithLive: 1, type: "hello" }, "*");
  }

  function sendTimeline() {
    if (!shellListening || !pendingTimeline || !frame) return;
    var message = { reelsmithLive: 1, type: "timeline", timeline: pendingTimeline };
    pendingTimeline = null;
    state.booted = "shell";
    frame.contentWindow.postMessage(message, "*");
  }

  function startReadyTimer() {
    readyTimer = setTimeout(function () {
      if (state.mode === "loading") fallBack("timeout");
    }, READY_TIMEOUT_MS);
  }

  function mount(frameUrl, soundUrl, timeline) {
    if (state.mode !== "loading" || audio.getAttribute("src")) return;
    kitUrl = frameUrl;
    state.marks.kit = Math.round(performance.now());
    if (shellFrame) {
      // the shell has loaded (or is loading): its timeline, else the page whole; the
      // soundtrack at once (the page's bytes are on their way already)
      if (timeline) {
        pendingTimeline = timeline;
        sendTimeline();
      } else {
        shellFrame = false;
        frame.src = frameUrl;
      }
      audio.preload = "auto";
      audio.src = soundUrl;
      audio.load();
      startReadyTimer();
      if (readyInfo) onReady(readyInfo); // the frame got the whole page and booted already
      return;
    }
    if (frame) return;
    if (!canRunLive()) {
      var early = document.getElementById("rs-live-frame");
      if (early) early.remove();
      fallBack("unsupported");
      return;
    }
    frame = document.getElementById("rs-live-frame");
    if (frame) {
      // in the page's markup, so it loads while this script does; it may have booted before
      // this page listened: it answers "ready" again when asked
      frame.contentWindow.postMessage({ reelsmithLive: 1, type: "hello" }, "*");
    } else {
      frame = document.createElement("iframe");
      frame.setAttribute("sandbox", "allow-scripts");
      frame.setAttribute("title", root.getAttribute("data-title") || "Video");
      frame.setAttribute("scrolling", "no");
      frame.setAttribute("tabindex", "-1");
      frame.setAttribute("referrerpolicy", "no-referrer");
      frame.className = "rs-live-frame";
      frame.src = frameUrl;
      stage.insertBefore(frame, stage.firstChild);
    }
    // the soundtrack waits for the frame's page: on a slow network it would take the bandwidth
    // the composition page and its fonts need first; it downloads while the frame boots
    audio.preload = "none";
    audio.src = soundUrl;
    frame.addEventListener("load", loadSound, { once: true });
    startReadyTimer();
  }

  function loadSound() {
    if (audio.preload === "auto" || !audio.getAttribute("src")) return;
    audio.preload = "auto";
    audio.load();
  }

  window.addEventListener("message", function (event) {
    if (!frame || event.source !== frame.contentWindow) return;
    var data = event.data;
    if (!data || data.reelsmithLive !== 1) return;
    if (data.type === "shell") {
      if (state.marks.shell === null) state.marks.shell = Math.round(performance.now());
      shellListening = true;
      sendTimeline();
    } else if (data.type === "ready" && state.mode === "loading") onReady(data);
    else if (data.type === "frame") onFrame(Number(data.t) || 0);
    else if (data.type === "error" && shellFrame && kitUrl) {
      shellFrame = false; // the timeline did not fit the shell: the page whole
      state.booted = null;
      frame.src = kitUrl;
    } else if (data.type === "error") fallBack("error");
  });

  function onReady(info) {
    readyInfo = info;
    if (!audio.getAttribute("src")) return; // the soundtrack is not known yet: live once it is
    if (!state.booted) state.booted = "page";
    state.marks.ready = Math.round(performance.now());
    clearTimeout(readyTimer);
    state.duration = Number(info.duration) || 0;
    audio.setAttribute("data-reelsmith-scenes", JSON.stringify(info.scenes || []));
    seekBar.max = String(Math.round(state.duration));
    loadSound();
    setMode("live");
    preparing.hidden = true;
    controls.hidden = false;
    bigPlay.hidden = false;
    post(0);
    showTime();
  }

  function onFrame(t) {
    state.frameTime = t;
    state.framesShown += 1;
    if (!audio.paused && t > 0) {
      if (state.firstFrameMs === null && state.playRequestedAt !== null) {
        state.firstFrameMs = performance.now() - state.playRequestedAt;
      }
      if (poster) poster.hidden = true;
    }
  }

  function fallBack(reason) {
    if (state.mode === "video" || state.mode === "preparing") return;
    clearTimeout(readyTimer);
    if (frame) frame.remove();
    frame = null;
    shellFrame = false;
    audio.pause();
    audio.removeAttribute("src");
    if (poster) poster.hidden = false;
    controls.hidden = true;
    bigPlay.hidden = true;
    preparing.hidden = false;
    preparing.textContent = "Preparing your video… It starts here by itself in a moment.";
    setMode("preparing", reason);
  }

  /* ---------- the clock: the soundtrack ---------- */
  function nowMs() {
    return Math.min(audio.currentTime * 1000, state.duration || Infinity);
  }

  function tick() {
    rafId = null;
    if (state.mode !== "live") return;
    post(nowMs());
    showTime();
    if (!audio.paused && !audio.ended) rafId = requestAnimationFrame(tick);
  }

  function showTime() {
    var t = nowMs();
    seekBar.value = String(Math.round(t));
    timeLabel.textContent = fmt(t) + " / " + fmt(state.duration);
    var label = audio.paused ? "Play" : "Pause";
    playBtn.textContent = label;
    playBtn.setAttribute("aria-label", label);
    muteBtn.textContent = audio.muted ? "Unmute" : "Mute";
    muteBtn.setAttribute("aria-label", muteBtn.textContent);
  }

  function toggle() {
    if (state.mode !== "live") return;
    if (audio.paused || audio.ended) {
      state.playRequestedAt = performance.now();
      var playing = audio.play();
      if (playing && playing.catch) {
        playing.catch(function (err) {
          if (err && err.name === "NotSupportedError") fallBack("audio");
          showTime();
        });
      }
    } else {
      audio.pause();
    }
  }

  audio.addEventListener("play", function () {
    bigPlay.hidden = true;
    if (rafId === null) rafId = requestAnimationFrame(tick);
    showTime();
  });
  ["pause", "ended"].forEach(function (name) {
    audio.addEventListener(name, function () {
      post(nowMs());
      showTime();
      if (ready) swap();
    });
  });
  audio.addEventListener("seeked", function () {
    post(nowMs());
    showTime();
  });
  audio.addEventListener("error", function () {
    if (audio.getAttribute("src")) fallBack("audio");
  });

  playBtn.addEventListener("click", toggle);
  bigPlay.addEventListener("click", toggle);
  seekBar.addEventListener("input", function () {
    audio.currentTime = Number(seekBar.value) / 1000;
    post(Number(seekBar.value));
    showTime();
  });
  muteBtn.addEventListener("click", function () {
    audio.muted = !audio.muted;
    showTime();
  });
  fullBtn.addEventListener("click", function () {
    var full = root.requestFullscreen || root.webkitRequestFullscreen;
    if (document.fullscreenElement || document.webkitFullscreenElement) {
      (document.exitFullscreen || document.webkitExitFullscreen).call(document);
    } else if (full) {
      full.call(root);
    }
  });
  root.addEventListener("keydown", function (e) {
    if (e.key === " " && e.target.tagName !== "BUTTON" && e.target.tagName !== "INPUT") {
      e.preventDefault();
      toggle();
    }
  });

  /* ---------- the video, once it exists ---------- */
  function swap() {
    if (state.mode === "video" || !ready) return;
    if (state.mode === "live" && !audio.paused && !audio.ended) return; // at the next pause
    var at = state.mode === "live" && !audio.ended ? audio.currentTime : 0;
    audio.pause();
    var media;
    if (isImage) {
      media = document.createElement("img");
      media.id = "rs-image";
      media.alt = root.getAttribute("data-title") || "";
    } else {
      media = document.createElement("video");
      media.id = "rs-video";
      media.controls = true;
      media.setAttribute("playsinline", "");
      media.preload = "metadata";
      var still = ready.posterUrl || root.getAttribute("data-poster");
      if (still) media.poster = still;
      ["job", "session", "api"].forEach(function (name) {
        media.setAttribute("data-reelsmith-" + name, audio.getAttribute("data-reelsmith-" + name));
      });
      media.setAttribute("data-reelsmith-scenes", JSON.stringify(ready.scenes || []));
      if (at > 0) {
        media.addEventListener("loadedmetadata", function () { media.currentTime = at; }, { once: true });
      }
    }
    media.className = "rs-video";
    media.src = ready.videoUrl;
    var box = document.createElement("div");
    box.className = "rs-frame";
    box.appendChild(media);
    root.parentNode.replaceChild(box, root);
    if (download) {
      download.setAttribute("href", ready.videoUrl);
      download.setAttribute("download", download.getAttribute("data-name") || "");
      download.removeAttribute("aria-disabled");
      download.removeAttribute("data-preparing");
      download.removeAttribute("role");
      download.textContent = "Download";
    }
    setMode("video");
    if (window.reelsmithPlayer) window.reelsmithPlayer.start();
  }

  if (download) {
    download.addEventListener("click", function (e) {
      if (!download.hasAttribute("data-preparing")) return;
      e.preventDefault(); // nothing to download yet (and no "downloaded" beacon)
      e.stopImmediatePropagation();
    });
  }

  /* ---------- the video's state, asked every few seconds ---------- */
  function schedule(failed) {
    polls += 1;
    // no live page yet (its voice is being spoken: REELSMITH_ON_VIEW_VOICE=open): ask again at
    // once, the server holding the answer until the page exists (?wait), for the first
    // KIT_WAITS asks, so the playback starts as soon as it exists
    var waiting = !audio.getAttribute("src") && state.mode === "loading" && polls <= KIT_WAITS;
    var delay = Math.min(MAX_POLL_S, pollS * Math.pow(1.15, polls));
    if (waiting) delay = failed ? ERROR_POLL_S : 0;
    pollTimer = setTimeout(function () { poll(waiting); }, delay * 1000);
  }

  function poll(waiting) {
    pollTimer = null;
    if (!window.fetch) return;
    var url = waiting ? statusUrl + "?wait=" + KIT_WAIT_S : statusUrl;
    window.fetch(url, { credentials: "omit", cache: "no-store" })
      .then(function (resp) {
        if (resp.status === 404 || resp.status === 410) return { state: "unavailable" }; // failed, deleted, expired
        return resp.ok ? resp.json() : null;
      })
      .then(function (answer) {
        if (!answer) return schedule(true);
        if (answer.state === "ready" && answer.videoUrl) {
          ready = answer;
          swap();
          return null;
        }
        if (answer.state === "unavailable") {
          fallBack("unavailable");
          preparing.textContent = "This video is not available.";
          setMode("unavailable");
          return null;
        }
        if (answer.liveUrl && answer.soundUrl) {
          mount(answer.liveUrl, answer.soundUrl, answer.timeline);
        }
        return schedule();
      }, function () { schedule(true); });
  }

  var frameUrl = root.getAttribute("data-frame-url");
  var soundUrl = root.getAttribute("data-sound-url");
  if (frameUrl && soundUrl) mount(frameUrl, soundUrl);
  else if (root.getAttribute("data-shell-url")) mountShell();
  else if (!canRunLive()) fallBack("unsupported");
  schedule();
})();
