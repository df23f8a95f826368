// List slots in the dashboard's forms (app/pages/dashboard/macros.html, list_editor): add a row
// (a copy of the fieldset's <template>), remove one, and keep the rows numbered 0..n-1 in their
// field names (<list>.<n>.<field>), ids, labels and "Stat 2" captions, so what is posted is what
// is shown.
(function () {
  "use strict";
  function escapeRe(s) { return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"); }

  function renumber(list) {
    const name = list.dataset.list;
    const fid = name.split(".").join("-");
    const item = list.dataset.item;
    const rows = list.querySelectorAll("[data-rows] > [data-row]");
    rows.forEach((row, i) => {
      const old = row.dataset.index;
      if (old !== String(i)) {
        const byName = new RegExp("^" + escapeRe(name + "." + old + "."));
        const byId = new RegExp("^" + escapeRe(fid + "-" + old + "-"));
        row.querySelectorAll("[name],[id],[for],[aria-describedby]").forEach((el) => {
          if (el.name) el.name = el.name.replace(byName, name + "." + i + ".");
          if (el.id) el.id = el.id.replace(byId, fid + "-" + i + "-").replace(byName, name + "." + i + ".");
          if (el.htmlFor) el.htmlFor = el.htmlFor.replace(byId, fid + "-" + i + "-");
          const described = el.getAttribute("aria-describedby");
          if (described) el.setAttribute("aria-describedby", described.replace(byName, name + "." + i + "."));
        });
        row.dataset.index = String(i);
      }
      const label = item + " " + (i + 1);
      row.querySelector("[data-num]").textContent = label;
      row.querySelectorAll("input[aria-label]").forEach((input) => {
        input.setAttribute("aria-label", input.getAttribute("aria-label").replace(/^.*?:/, label + ":"));
      });
      const remove = row.querySelector("[data-remove]");
      if (remove) remove.setAttribute("aria-label", "Remove " + label.toLowerCase());
    });
    const max = Number(list.dataset.max || 0);
    const add = list.querySelector("[data-add]");
    if (add) add.disabled = max > 0 && rows.length >= max;
  }

  function addRow(list) {
    const rows = list.querySelector("[data-rows]");
    const n = rows.querySelectorAll(":scope > [data-row]").length;
    const html = list.querySelector("template[data-row-template]").innerHTML
      .split("__n__").join(String(n))
      .split("__num__").join(String(n + 1));
    rows.insertAdjacentHTML("beforeend", html);
    renumber(list);
    const added = rows.lastElementChild;
    const first = added && added.querySelector("input");
    if (first) first.focus();
  }

  function removeRow(list, row) {
    const rows = list.querySelector("[data-rows]");
    row.remove();
    if (!rows.querySelector(":scope > [data-row]")) addRow(list);
    renumber(list);
    const focus = list.querySelector("[data-add]");
    if (focus && !focus.disabled) focus.focus();
  }

  document.addEventListener("click", (event) => {
    const target = event.target.closest("[data-add],[data-remove]");
    if (!target) return;
    const list = target.closest("fieldset[data-list]");
    if (!list) return;
    event.preventDefault();
    if (target.hasAttribute("data-add")) addRow(list);
    else removeRow(list, target.closest("[data-row]"));
  });

  document.addEventListener("DOMContentLoaded", () => {
    document.querySelectorAll("fieldset[data-list]").forEach(renumber);
  });
})();
