// The start screen: the edition, the players in seat order (drag to reorder), the dealer, the rules, the target.
import { act, app, go } from "./app.js";
import { esc } from "./cards.js";
import { t } from "./i18n.js";

const DRAFT_KEY = "svintus.draft";
const EDITIONS = ["adventure", "junior", "svintus2"];
// RULES.md §4: which rules each edition leaves to the players, and which it fixes.
const RULES = {
  junior: { intercept: "option", transfer: "option", dawdle: "option" },
  adventure: { intercept: "always", transfer: "option", dawdle: "option" },
  svintus2: { intercept: "always", transfer: "always", dawdle: "option" },
};

// R-TOUR-2 (and D-7): the edition's target for n players; the adventure has none.
export function defaultTarget(edition, n) {
  if (edition === "svintus2") return n <= 2 ? 30 : n <= 4 ? 40 : n <= 7 ? 50 : 60;
  if (edition === "junior") return n <= 4 ? 30 : n <= 7 ? 40 : 50;
  return null;
}

let draft = null;
let root = null;
let nextId = 1;

function loadDraft() {
  try {
    const saved = JSON.parse(localStorage.getItem(DRAFT_KEY));
    if (saved && Array.isArray(saved.players) && EDITIONS.includes(saved.edition)) {
      saved.players = saved.players.filter((p) => p && typeof p.name === "string").map((p) => ({ id: nextId++, name: p.name }));
      if (saved.players.length >= 1) {
        saved.dealer = Math.min(Math.max(0, saved.dealerIndex | 0), saved.players.length - 1);
        return saved;
      }
    }
  } catch {
    /* an unreadable draft: start afresh */
  }
  const names = app.view?.match?.players ?? (document.documentElement.lang === "en" ? ["Anna", "Boris", "Vika"] : ["Аня", "Боря", "Вика"]);
  return { edition: app.view?.match?.edition ?? "adventure", players: names.map((name) => ({ id: nextId++, name })), dealer: 0, rules: {}, target: "" };
}

function saveDraft() {
  localStorage.setItem(DRAFT_KEY, JSON.stringify({ ...draft, dealerIndex: draft.dealer }));
}

export function mount(el) {
  root = el;
  draft = loadDraft();
  render();
}

export function update() {
  /* the form is the table's own until it is sent: live updates do not touch it */
}

function render() {
  const n = draft.players.length;
  const rules = RULES[draft.edition];
  const def = defaultTarget(draft.edition, n);
  root.innerHTML = `<section class="start">
    <h1>${t("start.title")}</h1>
    ${app.view?.match && app.view.match.status !== "finished" ? `<p class="note">${t("start.active")}</p>` : ""}
    <h2>${t("start.edition")}</h2>
    <div class="editions" role="radiogroup">${EDITIONS.map((ed) => `
      <button type="button" role="radio" class="edition ed-${ed} ${draft.edition === ed ? "on" : ""}" data-edition="${ed}"
        aria-checked="${draft.edition === ed}"><b>${t(`ed.${ed}`)}</b><small>${t(`ed.${ed}.sub`)}</small></button>`).join("")}
    </div>
    <h2>${t("start.players")}</h2>
    <ol class="players" id="players">${draft.players.map((p, i) => `
      <li class="player ${i === draft.dealer ? "dealer" : ""}" data-id="${p.id}">
        <span class="handle" title="${t("start.drag")}" aria-label="${t("start.drag")}">⠿</span>
        <span class="seatno">${i + 1}</span>
        <input class="name" value="${esc(p.name)}" maxlength="24" aria-label="${t("start.player", { n: i + 1 })}"
          placeholder="${t("start.player", { n: i + 1 })}">
        <button type="button" class="btn toggle ${i === draft.dealer ? "on" : ""}" data-dealer="${i}">${t("start.dealer")}</button>
        <button type="button" class="btn icon" data-remove="${i}" aria-label="${t("start.remove")}" ${n <= 2 ? "disabled" : ""}>✕</button>
      </li>`).join("")}
    </ol>
    <button type="button" class="btn" id="add-player" ${n >= 10 ? "disabled" : ""}>${t("start.add")}</button>
    <h2>${t("start.rules")}</h2>
    <div class="rules">${Object.entries(rules).map(([rule, how]) => `
      <label class="rule ${how === "always" ? "fixed" : ""}">
        <input type="checkbox" data-rule="${rule}" ${how === "always" || draft.rules[rule] ? "checked" : ""} ${how === "always" ? "disabled" : ""}>
        <span>${t(`rule.${rule}`)}${how === "always" ? ` <em>(${t("rule.fixed")})</em>` : ""}</span></label>`).join("")}
    </div>
    ${def === null ? `<p class="note">${t("start.target.none")}</p>` : `
    <label class="target">${t("start.target")}
      <input type="number" id="target" min="1" max="999" inputmode="numeric" value="${esc(draft.target ?? "")}"
        placeholder="${t("start.target.default", { n: def })}"></label>`}
    <p class="error" id="start-error" hidden></p>
    <button type="button" class="btn primary big" id="start-go">${t("start.go")}</button>
  </section>`;
  bind();
}

function bind() {
  root.querySelectorAll("[data-edition]").forEach((b) => b.addEventListener("click", () => {
    draft.edition = b.dataset.edition;
    saveDraft();
    render();
  }));
  root.querySelectorAll("input.name").forEach((input, i) => input.addEventListener("input", () => {
    draft.players[i].name = input.value;
    saveDraft();
  }));
  root.querySelectorAll("[data-dealer]").forEach((b) => b.addEventListener("click", () => {
    draft.dealer = Number(b.dataset.dealer);
    saveDraft();
    render();
  }));
  root.querySelectorAll("[data-remove]").forEach((b) => b.addEventListener("click", () => {
    const i = Number(b.dataset.remove);
    draft.players.splice(i, 1);
    if (draft.dealer > i || draft.dealer >= draft.players.length) draft.dealer = Math.max(0, draft.dealer - 1);
    saveDraft();
    render();
  }));
  root.querySelector("#add-player").addEventListener("click", () => {
    draft.players.push({ id: nextId++, name: "" });
    saveDraft();
    render();
    root.querySelector("#players li:last-child input").focus();
  });
  root.querySelectorAll("[data-rule]").forEach((box) => box.addEventListener("change", () => {
    draft.rules[box.dataset.rule] = box.checked;
    saveDraft();
  }));
  root.querySelector("#target")?.addEventListener("input", (ev) => {
    draft.target = ev.target.value;
    saveDraft();
  });
  root.querySelector("#start-go").addEventListener("click", submit);
  root.querySelectorAll(".handle").forEach((h) => h.addEventListener("pointerdown", dragStart));
}

// Drag to reorder with pointer events: one code path for a finger and a mouse.
function dragStart(ev) {
  const row = ev.target.closest("li");
  const list = row.parentElement;
  ev.preventDefault();
  row.setPointerCapture(ev.pointerId);
  row.classList.add("dragging");
  const startY = ev.clientY;
  let offset = 0;
  const move = (e) => {
    offset = e.clientY - startY;
    row.style.transform = `translateY(${offset}px)`;
  };
  const end = (e) => {
    row.releasePointerCapture(e.pointerId);
    row.removeEventListener("pointermove", move);
    row.removeEventListener("pointerup", end);
    row.removeEventListener("pointercancel", end);
    const rows = [...list.children];
    const from = rows.indexOf(row);
    const centre = row.getBoundingClientRect().top + row.offsetHeight / 2;
    // The new place: how many of the other rows' centres lie above the dragged row's centre.
    let to = 0;
    rows.forEach((other, i) => {
      if (i === from) return;
      const r = other.getBoundingClientRect();
      if (r.top + r.height / 2 < centre) to++;
    });
    const dealerId = draft.players[draft.dealer].id;
    const [moved] = draft.players.splice(from, 1);
    draft.players.splice(to, 0, moved);
    draft.dealer = draft.players.findIndex((p) => p.id === dealerId);
    saveDraft();
    render();
  };
  row.addEventListener("pointermove", move);
  row.addEventListener("pointerup", end);
  row.addEventListener("pointercancel", end);
}

async function submit() {
  const names = draft.players.map((p) => p.name.trim());
  const error = root.querySelector("#start-error");
  if (names.length < 2 || names.length > 10 || names.some((n) => !n)) {
    error.textContent = t("start.need2");
    error.hidden = false;
    return;
  }
  const rules = {};
  for (const [rule, how] of Object.entries(RULES[draft.edition])) if (how === "option") rules[rule] = !!draft.rules[rule];
  const target = defaultTarget(draft.edition, names.length) === null || draft.target === "" ? null : Number(draft.target);
  const button = root.querySelector("#start-go");
  button.disabled = true;
  const view = await act("/api/matches", { edition: draft.edition, players: names, dealer: draft.dealer, rules, target });
  button.disabled = false;
  if (view) go("table");
}
