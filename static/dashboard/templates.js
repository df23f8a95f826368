// The template editor (/app/templates/<id>): keeps the template document in memory, renders
// its form (details, scenes, data slots, defaults, AI helpers), refreshes the live preview
// (the draft preview page in an iframe) as the author edits, and saves through the page's
// JSON actions: PATCH (save, version kept) and PUT (publish a new version). Errors that name
// a field path (`details[].loc`) are shown beside the input with that path.
(function () {
  "use strict";
  const configNode = document.getElementById("tp-config");
  if (!configNode) return;
  const config = JSON.parse(configNode.textContent);
  const urls = config.urls;
  const primitives = {};
  config.primitives.forEach((p) => { primitives[p.id] = p; });
  let doc = config.template;
  let previewTimer = null;
  let busy = false;
  let catalogOpen = false; // the catalog stays open across re-renders once opened

  const $ = (id) => document.getElementById(id);
  const root = $("tp-editor");
  const statusNode = $("tp-status");
  const errorsNode = $("tp-errors");

  // ---- DOM helpers ----
  function h(tag, attrs, children) {
    const node = document.createElement(tag);
    Object.entries(attrs || {}).forEach(([key, value]) => {
      if (value === null || value === undefined || value === false) return;
      if (key === "text") node.textContent = value;
      else if (key === "on") Object.entries(value).forEach(([ev, fn]) => node.addEventListener(ev, fn));
      else if (key === "dataset") Object.assign(node.dataset, value);
      else if (value === true) node.setAttribute(key, "");
      else node.setAttribute(key, String(value));
    });
    (children || []).forEach((child) => {
      if (child === null || child === undefined) return;
      node.append(typeof child === "string" ? document.createTextNode(child) : child);
    });
    return node;
  }
  const idFor = (path) => "f-" + path.replace(/[^A-Za-z0-9_-]+/g, "-");

  // A labelled input bound to doc at `path` (get/set functions do the reading and writing).
  function field(label, path, control, opts) {
    const options = opts || {};
    control.id = idFor(path);
    control.dataset.path = path;
    const wrap = h("div", { class: "ds-field" + (options.wide ? " tp-wide" : "") });
    if (control.type === "checkbox") {
      wrap.append(h("label", { class: "tp-check", for: control.id }, [control, label]));
    } else {
      wrap.append(h("label", { for: control.id, text: label }), control);
    }
    if (options.hint) wrap.append(h("p", { class: "ds-hint", text: options.hint }));
    return wrap;
  }
  function textInput(value, onChange, attrs) {
    const input = h("input", Object.assign({ type: "text" }, attrs || {}));
    input.value = value === null || value === undefined ? "" : String(value);
    input.addEventListener("input", () => { onChange(input.value); changed(); });
    return input;
  }
  function numberInput(value, onChange, attrs) {
    const input = h("input", Object.assign({ type: "number", inputmode: "decimal" }, attrs || {}));
    input.value = value === null || value === undefined ? "" : String(value);
    input.addEventListener("input", () => {
      const raw = input.value.trim();
      onChange(raw === "" ? null : Number(raw));
      changed();
    });
    return input;
  }
  function checkbox(value, onChange) {
    const input = h("input", { type: "checkbox" });
    input.checked = Boolean(value);
    input.addEventListener("change", () => { onChange(input.checked); changed(); });
    return input;
  }
  function select(value, choices, onChange) {
    // choices: [[value, label], ...]; "" stands for null
    const node = h("select", {}, choices.map(([v, label]) => h("option", { value: v, text: label })));
    node.value = value === null || value === undefined ? "" : String(value);
    node.addEventListener("change", () => { onChange(node.value === "" ? null : node.value); changed(); });
    return node;
  }
  function textarea(value, onChange, attrs) {
    const node = h("textarea", attrs || {});
    node.value = value || "";
    node.addEventListener("input", () => { onChange(node.value === "" ? null : node.value); changed(); });
    return node;
  }
  function button(text, onClick, attrs) {
    return h("button", Object.assign({ type: "button", class: "ds-button ds-quiet tp-small", text: text, on: { click: onClick } }, attrs || {}));
  }

  // ---- state changes ----
  function changed() {
    $("tp-dirty").hidden = false;
    schedulePreview();
  }
  // Re-render after a change of structure; the focus goes to the first of `selectors` found.
  function restructured(...selectors) {
    render();
    changed();
    const target = selectors.map((sel) => root.querySelector(sel)).find(Boolean);
    if (target) target.focus();
  }
  function say(message, bad) {
    statusNode.textContent = message;
    statusNode.classList.toggle("tp-bad", Boolean(bad));
  }

  // ---- sections ----
  function section(title, id, children) {
    return h("section", { class: "tp-section", "aria-labelledby": id }, [h("h2", { id: id, text: title })].concat(children));
  }

  function detailsSection() {
    return section("Details", "tp-h-details", [
      h("div", { class: "tp-fields" }, [
        field("Name", "name", textInput(doc.name, (v) => { doc.name = v; }, { maxlength: 200, required: true }), { wide: true }),
        field("Description", "description", textarea(doc.description, (v) => { doc.description = v; }, { rows: 2 }), { wide: true }),
        field("Visibility", "visibility", select(doc.visibility, config.visibilities.map((v) => [v, v]), (v) => { doc.visibility = v || "private"; })),
      ]),
    ]);
  }

  function sceneItem(scene, i) {
    const prim = primitives[scene.primitiveId];
    const path = "scenes." + i + ".";
    const name = scene.label || (prim ? prim.label : scene.primitiveId);
    const animations = [["", "Primitive default"]].concat(((prim && prim.animationOptions) || []).map((o) => [o, o]));
    if (scene.animationOption && !animations.some(([v]) => v === scene.animationOption)) animations.push([scene.animationOption, scene.animationOption]);
    const transitions = [["", "Default"]].concat(config.transitions.map((t) => [t, t]));
    const last = i === doc.scenes.length - 1;
    return h("li", { class: "tp-scene" + (scene.enabled === false ? " tp-off" : ""), dataset: { index: String(i) } }, [
      h("fieldset", {}, [
        h("legend", { text: "Scene " + (i + 1) + ": " + name + " (" + (prim ? prim.label : scene.primitiveId) + ")" }),
        h("div", { class: "tp-fields" }, [
          field("Label", path + "label", textInput(scene.label, (v) => { scene.label = v === "" ? null : v; })),
          field("Duration (seconds)", path + "defaultDuration", numberInput(scene.defaultDuration, (v) => { scene.defaultDuration = v; }, { min: 0.5, max: 120, step: 0.5, placeholder: prim ? String(prim.defaultDuration) : "" })),
          field("Animation", path + "animationOption", select(scene.animationOption, animations, (v) => { scene.animationOption = v; })),
          field("Transition", path + "transition", select(scene.transition, transitions, (v) => { scene.transition = v; })),
          field("Enabled", path + "enabled", checkbox(scene.enabled !== false, (v) => { scene.enabled = v; })),
          field("Voiceover script", path + "voScript", textarea(scene.voScript, (v) => { scene.voScript = v; }, { rows: 2 }), { wide: true, hint: "Use [key] for a data slot, e.g. [firstName]." }),
        ]),
        h("div", { class: "ds-row tp-scene-tools" }, [
          button("Move up", () => move(i, -1), { disabled: i === 0, "data-move": "up-" + i, "aria-label": "Move scene " + (i + 1) + " up" }),
          button("Move down", () => move(i, 1), { disabled: last, "data-move": "down-" + i, "aria-label": "Move scene " + (i + 1) + " down" }),
          button("Remove", () => removeScene(i), { "aria-label": "Remove scene " + (i + 1) }),
        ]),
      ]),
    ]);
  }

  function move(i, step) {
    const j = i + step;
    if (j < 0 || j >= doc.scenes.length) return;
    const [scene] = doc.scenes.splice(i, 1);
    doc.scenes.splice(j, 0, scene);
    if (doc.posterAt) { // the poster stays on the scene it was on
      if (doc.posterAt.scene === i) doc.posterAt.scene = j;
      else if (doc.posterAt.scene === j) doc.posterAt.scene = i;
    }
    const dir = step < 0 ? "up" : "down";
    // keep the keyboard on the moved scene's button (or its other one at the ends)
    const other = dir === "up" ? "down" : "up";
    restructured('[data-move="' + dir + "-" + j + '"]:not([disabled])', '[data-move="' + other + "-" + j + '"]');
    say("Scene moved to position " + (j + 1) + ".");
  }
  function removeScene(i) {
    const scene = doc.scenes[i];
    if (!window.confirm("Remove scene " + (i + 1) + " (" + (scene.label || scene.primitiveId) + ")?")) return;
    doc.scenes.splice(i, 1);
    if (doc.posterAt && doc.posterAt.scene === i) doc.posterAt = null; // back to automatic
    else if (doc.posterAt && doc.posterAt.scene > i) doc.posterAt.scene -= 1;
    restructured("#tp-h-scenes");
    say("Scene removed.");
  }
  function addScene(prim) {
    doc.scenes.push({
      primitiveId: prim.id,
      label: prim.label,
      enabled: true,
      defaultDuration: prim.defaultDuration,
      animationOption: prim.animationOptions[0] || null,
      dataRequired: [],
      sceneData: {},
    });
    const index = doc.scenes.length - 1;
    restructured("#" + idFor("scenes." + index + ".label"));
    say("Added " + prim.label + " as scene " + (index + 1) + ".");
  }

  function catalogItem(prim) {
    const thumb = prim.thumbnail
      ? h("img", { class: "tp-prim-thumb", src: prim.thumbnail, alt: "", loading: "lazy", width: 320, height: 180 })
      : h("div", { class: "tp-prim-thumb", "aria-hidden": "true", text: prim.category });
    return h("li", { dataset: { primitive: prim.id } }, [
      thumb,
      h("strong", { text: prim.label }),
      h("p", { class: "ds-hint", text: prim.category + (prim.status !== "production" ? " · " + prim.status : "") }),
      h("p", { text: prim.description }),
      button("Add", () => addScene(prim), { "aria-label": "Add scene: " + prim.label }),
    ]);
  }

  function scenesSection() {
    const list = h("ol", { class: "tp-scenes", "aria-label": "Scenes" }, doc.scenes.map(sceneItem));
    const catalog = h("details", { class: "tp-add", open: catalogOpen, on: { toggle: (e) => { catalogOpen = e.target.open; } } }, [
      h("summary", { text: "Add a scene from the primitive catalog" }),
      h("ul", { class: "tp-catalog" }, config.primitives.map(catalogItem)),
    ]);
    const heading = h("h2", { id: "tp-h-scenes", tabindex: "-1", text: "Scenes (" + doc.scenes.length + ")" });
    return h("section", { class: "tp-section", "aria-labelledby": "tp-h-scenes" }, [
      heading,
      doc.scenes.length ? list : h("p", { text: "No scenes yet: add one from the catalog." }),
      h("p", { class: "ds-error", id: "err-scenes", hidden: true }),
      catalog,
    ]);
  }

  function slotDefault(slot, raw) {
    if (raw === "") return null;
    if (slot.type === "number") { const n = Number(raw); return Number.isNaN(n) ? raw : n; }
    if (slot.type === "array" || slot.type === "object") { try { return JSON.parse(raw); } catch (e) { return raw; } }
    return raw;
  }
  function shownDefault(value) {
    if (value === null || value === undefined) return "";
    return typeof value === "object" ? JSON.stringify(value) : String(value);
  }

  function slotItem(slot, i) {
    const path = "dataSlots." + i + ".";
    return h("li", { class: "tp-slot" }, [
      h("fieldset", {}, [
        h("legend", { text: "Data slot " + (i + 1) + (slot.key ? ": " + slot.key : "") }),
        h("div", { class: "tp-fields" }, [
          field("Key", path + "key", textInput(slot.key, (v) => { slot.key = v; }, { autocomplete: "off", spellcheck: "false" })),
          field("Label", path + "label", textInput(slot.label, (v) => { slot.label = v === "" ? null : v; })),
          field("Type", path + "type", select(slot.type, config.slotTypes.map((t) => [t, t]), (v) => { slot.type = v || "text"; })),
          field("Required", path + "required", checkbox(slot.required, (v) => { slot.required = v; })),
          field("Default value", path + "defaultValue", textInput(shownDefault(slot.defaultValue), (v) => { slot.defaultValue = slotDefault(slot, v); }), { hint: slot.type === "array" || slot.type === "object" ? "JSON" : null }),
        ]),
        h("div", { class: "ds-row tp-scene-tools" }, [
          button("Remove", () => {
            if (!window.confirm("Remove data slot " + (slot.key || i + 1) + "?")) return;
            doc.dataSlots.splice(i, 1);
            restructured("#tp-h-slots");
          }, { "aria-label": "Remove data slot " + (slot.key || i + 1) }),
        ]),
      ]),
    ]);
  }

  function slotsSection() {
    return h("section", { class: "tp-section", "aria-labelledby": "tp-h-slots" }, [
      h("h2", { id: "tp-h-slots", tabindex: "-1", text: "Data slots (" + doc.dataSlots.length + ")" }),
      h("p", { class: "ds-hint", text: "The data each recipient brings; scenes and scripts refer to a slot by its key." }),
      h("ol", { class: "tp-slots", "aria-label": "Data slots" }, doc.dataSlots.map(slotItem)),
      h("p", {}, [button("Add data slot", () => {
        doc.dataSlots.push({ key: "", label: null, type: "text", required: false, aliases: [], defaultValue: null });
        restructured("#" + idFor("dataSlots." + (doc.dataSlots.length - 1) + ".key"));
      })]),
    ]);
  }

  // The poster (the player page's image, email thumbnails, the preview GIF's start): the
  // rule, or a scene and a moment in it the author picks, which then wins.
  function posterSection() {
    const at = doc.posterAt || null;
    const choices = [["", "Automatic: the first scene showing the recipient, once settled"]]
      .concat(doc.scenes.map((scene, i) => [String(i), "Scene " + (i + 1) + ": " + (scene.label || scene.primitiveId)]));
    const pick = select(at ? String(at.scene) : "", choices, (v) => {
      doc.posterAt = v === null ? null : { scene: Number(v), offsetMs: at ? at.offsetMs : 0 };
      restructured("#" + idFor("posterAt.scene"));
    });
    const fields = [field("Poster frame", "posterAt.scene", pick, {
      wide: !at,
      hint: "The still every shared link and email shows. In the preview, \"Poster frame\" shows it.",
    })];
    if (at) {
      fields.push(field("Milliseconds into the scene", "posterAt.offsetMs",
        numberInput(at.offsetMs, (v) => { doc.posterAt.offsetMs = v === null ? 0 : v; }, { min: 0, step: 100 })));
    }
    return section("Poster", "tp-h-poster", [h("div", { class: "tp-fields" }, fields)]);
  }

  function defaultsSection() {
    const d = doc.defaults;
    const color = (value, onChange) => {
      const input = h("input", { type: "color" });
      input.value = /^#[0-9a-fA-F]{6}$/.test(value || "") ? value : "#000000";
      input.addEventListener("input", () => { onChange(input.value); changed(); });
      return input;
    };
    const languages = Object.entries(config.languages).map(([code, name]) => [code, name + " (" + code + ")"]);
    return section("Defaults", "tp-h-defaults", [
      h("div", { class: "tp-fields" }, [
        field("Accent color", "defaults.accentColor", color(d.accentColor, (v) => { d.accentColor = v; })),
        field("Secondary color", "defaults.secondaryColor", color(d.secondaryColor, (v) => { d.secondaryColor = v; })),
        field("Voice", "defaults.voiceId", select(d.voiceId, config.voices.map((v) => [v, v]), (v) => { d.voiceId = v; })),
        field("Resolution", "defaults.resolution", select(d.resolution, config.resolutions.map((r) => [r, r]), (v) => { d.resolution = v; })),
        field("Frames per second", "defaults.fps", select(String(d.fps), config.fps.map((f) => [String(f), String(f)]), (v) => { d.fps = Number(v); })),
        field("Script language", "defaults.language", select(d.language, languages, (v) => { d.language = v; })),
        field("Include voiceover", "defaults.includeVoiceover", checkbox(d.includeVoiceover, (v) => { d.includeVoiceover = v; })),
      ]),
    ]);
  }

  function aiSection() {
    const prompt = h("textarea", { id: "tp-prompt", maxlength: 500, rows: 3 });
    const mode = h("select", { id: "tp-prompt-mode" }, [h("option", { value: "edit", text: "Edit the current scenes" }), h("option", { value: "create", text: "Create new scenes" })]);
    const tone = h("select", { id: "tp-tone" }, config.tones.map((t) => h("option", { value: t, text: t })));
    const target = h("select", { id: "tp-target" }, Object.entries(config.languages)
      .filter(([code]) => code !== doc.defaults.language)
      .map(([code, name]) => h("option", { value: code, text: name + " (" + code + ")" })));
    const note = h("p", { class: "tp-note", id: "tp-ai-note", role: "status" });
    return section("Assistant", "tp-h-ai", [
      h("div", { class: "tp-fields tp-ai" }, [
        h("div", { class: "ds-field tp-wide" }, [h("label", { for: "tp-prompt", text: "Prompt builder" }), prompt,
          h("p", { class: "ds-hint", text: "Describe the video, e.g. \"a thank-you video with a stat counter and a call to action\"." })]),
        h("div", { class: "ds-field" }, [h("label", { for: "tp-prompt-mode", text: "Mode" }), mode]),
        h("div", { class: "ds-field" }, [h("span", { class: "ds-label", "aria-hidden": "true", text: "\u00a0" }), button("Apply prompt", () => runPrompt(prompt.value, mode.value), { id: "tp-run-prompt" })]),
        h("div", { class: "ds-field" }, [h("label", { for: "tp-tone", text: "Script tone" }), tone]),
        h("div", { class: "ds-field" }, [h("span", { class: "ds-label", "aria-hidden": "true", text: "\u00a0" }), button("Write scripts", () => writeScripts(tone.value), { id: "tp-write-scripts" })]),
        h("div", { class: "ds-field" }, [h("label", { for: "tp-target", text: "Translate scripts to" }), target]),
        h("div", { class: "ds-field" }, [h("span", { class: "ds-label", "aria-hidden": "true", text: "\u00a0" }), button("Translate", () => translate(target.value), { id: "tp-translate" })]),
      ]),
      note,
    ]);
  }

  function render() {
    root.replaceChildren(detailsSection(), scenesSection(), slotsSection(), posterSection(), defaultsSection(), aiSection());
  }

  // ---- errors beside fields ----
  function clearErrors() {
    errorsNode.hidden = true;
    errorsNode.replaceChildren();
    root.querySelectorAll("[aria-invalid]").forEach((node) => {
      node.removeAttribute("aria-invalid");
      node.removeAttribute("aria-describedby");
    });
    root.querySelectorAll(".tp-field-error").forEach((node) => node.remove());
  }
  function inputFor(loc) {
    for (let n = loc.length; n > 0; n -= 1) {
      const node = root.querySelector('[data-path="' + loc.slice(0, n).join(".") + '"]');
      if (node) return node;
    }
    return null;
  }
  function showErrors(err, focus) {
    clearErrors();
    const details = (err.data && err.data.details) || [];
    const unplaced = [];
    details.forEach((d) => {
      const loc = (d.loc || []).map(String);
      const input = inputFor(loc);
      if (!input) { unplaced.push(loc.join(".") + ": " + d.msg); return; }
      const id = input.id + "-error";
      let message = document.getElementById(id);
      if (!message) {
        message = h("p", { class: "ds-error tp-field-error", id: id });
        input.closest(".ds-field").append(message);
      }
      message.textContent = (message.textContent ? message.textContent + " " : "") + d.msg;
      input.setAttribute("aria-invalid", "true");
      input.setAttribute("aria-describedby", id);
    });
    if (unplaced.length || !details.length) {
      errorsNode.append(h("p", { text: details.length ? "Please fix:" : err.message }));
      if (unplaced.length) errorsNode.append(h("ul", {}, unplaced.map((t) => h("li", { text: t }))));
      errorsNode.hidden = false;
    }
    const first = root.querySelector('[aria-invalid="true"]');
    if (first && focus !== false) first.focus();
  }

  // ---- saving ----
  function documentBody() {
    return {
      name: doc.name,
      description: doc.description,
      visibility: doc.visibility,
      scenes: doc.scenes,
      dataSlots: doc.dataSlots,
      defaults: doc.defaults,
      tags: doc.tags,
      posterAt: doc.posterAt || null,
    };
  }
  // What a save would refuse (the server's check): [] when the document would save.
  async function problems() {
    const data = await window.rs.fetchJson(urls.check, { method: "POST", body: documentBody() });
    return data.problems;
  }
  const problemError = (found) => ({ message: "Fix the fields marked", data: { details: found } });

  async function write(method) {
    if (busy) return;
    busy = true;
    clearTimeout(previewTimer);
    checkSeq += 1; // a check in flight no longer speaks for the document
    say(method === "PUT" ? "Publishing…" : "Saving…");
    try {
      const found = await problems();
      if (found.length) {
        say((method === "PUT" ? "Not published: " : "Not saved: ") + "fix the fields marked.", true);
        showErrors(problemError(found));
        return;
      }
      const data = await window.rs.fetchJson(urls.save, { method: method, body: documentBody() });
      doc = data.template;
      clearErrors();
      render();
      $("tp-dirty").hidden = true;
      document.querySelector('[data-testid="version"]').textContent = "Version " + doc.version;
      $("tp-title").textContent = doc.name;
      say(data.message + ".");
    } catch (err) {
      say((method === "PUT" ? "Not published: " : "Not saved: ") + err.message, true);
      showErrors(err);
    } finally {
      busy = false;
    }
  }

  // ---- the assistant ----
  async function assist(buttonId, url, body, apply) {
    const btn = $(buttonId);
    const note = $("tp-ai-note");
    btn.disabled = true;
    note.textContent = "Working…";
    try {
      const data = await window.rs.fetchJson(url, { method: "POST", body: body });
      const message = apply(data);
      restructured();
      $("tp-ai-note").textContent = message;
    } catch (err) {
      note.textContent = err.message;
    } finally {
      const again = $(buttonId);
      if (again) again.disabled = false;
    }
  }
  function runPrompt(text, mode) {
    if (!text.trim()) { $("tp-ai-note").textContent = "Write a prompt first."; return; }
    assist("tp-run-prompt", urls.prompt, { prompt: text, mode: mode, currentState: documentBody() }, (data) => {
      doc.scenes = data.scenes;
      doc.dataSlots = data.dataSlots;
      return data.explanation + " (about " + data.estimatedDuration + " s; suggested tone: " + data.suggestedVoiceoverTone + ")";
    });
  }
  function writeScripts(tone) {
    if (!doc.scenes.length) { $("tp-ai-note").textContent = "Add a scene first."; return; }
    assist("tp-write-scripts", urls.scripts, { scenes: doc.scenes, tone: tone, templateName: doc.name }, (data) => {
      data.scripts.forEach((s) => { doc.scenes[Number(s.sceneId)].voScript = s.voScript; });
      return "Wrote " + data.scripts.length + " scripts in a " + tone + " tone.";
    });
  }
  function translate(target) {
    const indexes = [];
    doc.scenes.forEach((s, i) => { if (s.voScript) indexes.push(i); });
    if (!indexes.length) { $("tp-ai-note").textContent = "No scripts to translate: write some first."; return; }
    const body = {
      texts: indexes.map((i) => doc.scenes[i].voScript),
      sourceLanguage: doc.defaults.language,
      targetLanguage: target,
      sceneIndexes: indexes,
    };
    assist("tp-translate", urls.translate, body, (data) => {
      indexes.forEach((sceneIndex, k) => { doc.scenes[sceneIndex].voScript = data.translations[k]; });
      doc.defaults.language = target;
      return "Translated " + indexes.length + " scripts to " + (config.languages[target] || target) + ".";
    });
  }

  // ---- the live preview ----
  // Drafts compose a whole template per request (rate-limited per IP, shared with
  // POST /preview/templates): only a document that differs from the one shown is sent.
  let previewed = null;
  function refreshPreview() {
    const text = JSON.stringify(documentBody());
    if (text === previewed) return;
    previewed = text;
    $("tp-preview-document").value = text;
    $("tp-preview-form").submit();
  }
  // As the author types: check the document, mark what is wrong beside its field (without
  // moving the focus), and show the unsaved state in the preview when it would save.
  let checkSeq = 0;
  async function checkAndPreview() {
    const seq = ++checkSeq;
    let found;
    try {
      found = await problems();
    } catch (err) {
      say("Could not check the template: " + err.message, true);
      return;
    }
    if (seq !== checkSeq) return; // a newer edit superseded this check
    if (found.length) {
      showErrors(problemError(found), false);
      return;
    }
    clearErrors();
    refreshPreview();
  }
  function schedulePreview() {
    clearTimeout(previewTimer);
    previewTimer = setTimeout(checkAndPreview, 900);
  }

  document.addEventListener("DOMContentLoaded", () => {
    render();
    $("tp-save").addEventListener("click", () => write("PATCH"));
    $("tp-publish").addEventListener("click", () => write("PUT"));
    refreshPreview();
  });
})();
