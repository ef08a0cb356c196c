// The round's end: the cards each seat still holds, typed or counted by the camera, then confirmed
// (POST /api/rounds). The tracker's own counts are only a proposal: hands are never seen.
import { act, api } from "./app.js";
import { esc } from "./cards.js";
import { t } from "./i18n.js";
import { openModal } from "./modal.js";

const MAX_CARDS = 200; // more than any edition's deck: a typo, not a hand

let dialog = null;

export function closeRoundEnd() {
  dialog?.remove();
  dialog = null;
}

// names: the seats' names; winner: the seat tapped; left: the proposed count per seat.
export function openRoundEnd({ names, winner, left, adventure }) {
  closeRoundEnd();
  dialog = openModal({ className: "round-end", label: t("end.title"), onClose: closeRoundEnd });
  dialog.innerHTML = `<div class="modal-box">
    <h2>${t("end.title")}</h2>
    <p>${t("end.winner", { name: esc(names[winner] ?? "?") })}</p>
    <p class="note">${t("end.help")}</p>
    <div class="end-seats">${names.map((name, i) => `<label for="end-left-${i}">${esc(name)}${i === winner ? ` <small>${t("end.won")}</small>` : ""}</label>
      <input id="end-left-${i}" class="end-left" data-seat="${i}" type="number" inputmode="numeric" min="0" max="${MAX_CARDS}" step="1" value="${Number(left[i]) || 0}">
      <button class="btn end-count" type="button" data-count="${i}">${t("end.camera")}</button>`).join("")}</div>
    <p class="error end-error" role="alert" hidden></p>
    <div class="end-actions">
      <button class="btn big" type="button" data-close>${t("end.cancel")}</button>
      <button class="btn big primary" type="button" id="end-confirm">${t("end.confirm")}</button>
    </div></div>`;
  const box = dialog;
  const error = box.querySelector(".end-error");
  const say = (text) => {
    error.textContent = text;
    error.hidden = !text;
  };
  const field = (i) => box.querySelector(`#end-left-${i}`);

  box.querySelector("[data-close]").addEventListener("click", closeRoundEnd);
  box.querySelectorAll(".end-left").forEach((input) => input.addEventListener("input", () => {
    input.removeAttribute("aria-invalid");
    say("");
  }));
  box.querySelectorAll("[data-count]").forEach((b) => b.addEventListener("click", async () => {
    const i = Number(b.dataset.count);
    b.disabled = true;
    say("");
    try {
      const counted = await api("POST", "/api/count", {});
      if (dialog !== box) return;
      field(i).value = String(counted.count);
      field(i).removeAttribute("aria-invalid");
    } catch (err) {
      if (dialog !== box) return;
      say(err.code === "no-camera" ? t("end.camera.none") : t("err.generic", { msg: err.message }));
    } finally {
      b.disabled = false;
    }
  }));
  box.querySelector("#end-confirm").addEventListener("click", async (ev) => {
    const counts = [];
    for (let i = 0; i < names.length; i++) {
      const input = field(i);
      const text = input.value.trim();
      // A number field gives "" for anything that is not a number: the same message as empty.
      const bad = !/^\d+$/.test(text) ? "end.bad" : Number(text) > MAX_CARDS ? "end.toomany" : null;
      const winnerHolds = !bad && i === winner && !adventure && Number(text) !== 0;
      if (bad || winnerHolds) {
        input.setAttribute("aria-invalid", "true");
        input.focus();
        say(t(bad ?? "end.winner.zero", { name: names[i] ?? "?", n: MAX_CARDS }));
        return;
      }
      counts.push(Number(text));
    }
    ev.currentTarget.disabled = true;
    const view = await act("/api/rounds", { winner, left: counts });
    if (dialog !== box) return;
    if (view) closeRoundEnd();
    else box.querySelector("#end-confirm").disabled = false;
  });
  field(winner === 0 && names.length > 1 ? 1 : 0)?.focus();
}
