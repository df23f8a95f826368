// The dashboard's own script (no third-party code). Small helpers every page uses:
//   rs.fetchJson(url, {method, body})  same-origin fetch with the CSRF header; rejects with
//                                      the server's message on an error status.
//   [data-copy="#id"]                  a button that copies the text of #id.
//   form[data-confirm="..."]           asks before submitting (revoke, delete).
//   rs.poll(url, onData, everyMs)      polls a JSON URL until onData returns true.
(function () {
  "use strict";
  const csrf = () => (document.querySelector('meta[name="csrf-token"]') || {}).content || "";

  async function fetchJson(url, options) {
    const opts = Object.assign({ method: "GET" }, options || {});
    const headers = { "X-Requested-With": "fetch", "X-CSRF-Token": csrf(), Accept: "application/json" };
    let body = opts.body;
    if (body !== undefined && !(body instanceof FormData) && typeof body !== "string") {
      body = JSON.stringify(body);
      headers["Content-Type"] = "application/json";
    }
    const resp = await fetch(url, { method: opts.method, headers, body, credentials: "same-origin" });
    let data = null;
    const text = await resp.text();
    try { data = text ? JSON.parse(text) : null; } catch (e) { data = { error: text }; }
    if (!resp.ok) {
      const err = new Error((data && (data.message || data.error)) || resp.statusText);
      err.status = resp.status;
      err.data = data;
      throw err;
    }
    return data;
  }

  function poll(url, onData, everyMs) {
    let stopped = false;
    async function tick() {
      if (stopped) return;
      try {
        const data = await fetchJson(url);
        if (onData(data) === true) { stopped = true; return; }
      } catch (e) {
        if (e.status === 401 || e.status === 404) { stopped = true; return; }
      }
      setTimeout(tick, everyMs || 1000);
    }
    tick();
    return () => { stopped = true; };
  }

  function wire(root) {
    root.querySelectorAll("[data-copy]").forEach((button) => {
      button.addEventListener("click", async () => {
        const source = document.querySelector(button.dataset.copy);
        if (!source) return;
        const text = source.value !== undefined ? source.value : source.textContent;
        try {
          await navigator.clipboard.writeText(text.trim());
          button.textContent = "Copied";
        } catch (e) {
          const range = document.createRange();
          range.selectNodeContents(source);
          const sel = window.getSelection();
          sel.removeAllRanges();
          sel.addRange(range);
          button.textContent = "Selected: press Ctrl+C";
        }
      });
    });
    root.querySelectorAll("form[data-confirm]").forEach((form) => {
      form.addEventListener("submit", (event) => {
        if (!window.confirm(form.dataset.confirm)) event.preventDefault();
      });
    });
  }

  document.addEventListener("DOMContentLoaded", () => {
    const toggle = document.querySelector(".ds-menu-toggle");
    const nav = document.getElementById("ds-nav");
    if (toggle && nav) {
      toggle.addEventListener("click", () => {
        const open = nav.classList.toggle("ds-open");
        toggle.setAttribute("aria-expanded", String(open));
      });
    }
    wire(document);
  });

  window.rs = { fetchJson, poll, wire, csrf };
})();
