// Render job page and batch page: live progress by polling the page's JSON route; the page
// reloads once everything is finished so the server draws the player and the links.
(function () {
  "use strict";
  function badge(el, status) {
    if (!el) return;
    el.innerHTML = "";
    const span = document.createElement("span");
    span.className = "ds-badge ds-status-" + status;
    span.textContent = status;
    el.appendChild(span);
  }

  function watchJob(section) {
    const bar = section.querySelector("progress");
    window.rs.poll(section.dataset.jobStatusUrl, (job) => {
      badge(section.querySelector('[data-testid="job-status"]'), job.status);
      section.querySelector('[data-field="stage"]').textContent = job.stage;
      section.querySelector('[data-field="progress"]').textContent = String(job.progress);
      if (bar) bar.value = job.progress;
      if (job.finished) { window.location.reload(); return true; }
      return false;
    }, 1000);
  }

  function watchBatch(section) {
    const bar = section.querySelector("progress");
    window.rs.poll(section.dataset.batchStatusUrl, (batch) => {
      badge(section.querySelector('[data-testid="batch-status"]'), batch.status);
      section.querySelector('[data-field="percent"]').textContent = String(batch.progress.percent);
      if (bar) bar.value = batch.progress.percent;
      batch.jobs.forEach((job) => {
        const row = document.querySelector('tr[data-job="' + job.id + '"]');
        if (!row) return;
        badge(row.querySelector('[data-field="status"]'), job.status);
        row.querySelector('[data-field="progress"]').textContent = job.progress + "%";
      });
      if (batch.finished) { window.location.reload(); return true; }
      return false;
    }, 1500);
  }

  document.addEventListener("DOMContentLoaded", () => {
    const job = document.querySelector("[data-job-status-url]");
    if (job && job.dataset.finished === "no") watchJob(job);
    const batch = document.querySelector("[data-batch-status-url]");
    if (batch && batch.dataset.finished === "no") watchBatch(batch);
  });
})();
