// "Fix the last move": who really played it, or which card it really was (POST /api/fix).
import { act, toast } from "./app.js";
import { cardName, cardSVG, EDITION_COLOURS, esc } from "./cards.js";
import { t } from "./i18n.js";
import { openModal } from "./modal.js";
import { bindPicker, pickerHTML } from "./picker.js";

let dialog = null;

export function closeFix() {
  dialog?.remove();
  dialog = null;
}

export function openFix(view) {
  closeFix();
  if (!view?.game) return;
  const edition = view.match.edition;
  const names = view.game.players ?? view.match.players;
  let colour = view.game.colour ?? EDITION_COLOURS[edition][0];
  dialog = openModal({ onClose: closeFix });
  const last = view.last_play; // {index, by, card}: the play being fixed
  const hasMove = !!last;
  const draw = () => {
    dialog.innerHTML = `<div class="modal-box">
      <h2>${t("fix.title")}</h2>
      ${hasMove ? `<div class="fix-last">${cardSVG(last.card, { mini: true })}<span>${esc(names[last.by] ?? "?")}: ${esc(cardName(last.card))}</span></div>
      <h3>${t("fix.by")}</h3>
      <div class="fix-seats">${names.map((n, i) => `<button class="btn big ${i === last.by ? "on" : ""}" data-by="${i}">${esc(n)}</button>`).join("")}</div>
      <h3>${t("fix.card")}</h3>
      ${pickerHTML(edition, colour)}`
      : `<p>${t("fix.none")}</p>`}
      <button class="btn big" data-close>${t("fix.close")}</button></div>`;
    dialog.querySelector("[data-close]").addEventListener("click", closeFix);
    dialog.querySelectorAll("[data-by]").forEach((b) => b.addEventListener("click", () => send({ by: Number(b.dataset.by) })));
    bindPicker(dialog, {
      onColour: (c) => {
        colour = c;
        draw();
      },
      onCard: (card) => send({ card }),
    });
  };
  const send = async (body) => {
    if (await act("/api/fix", { index: last.index, ...body })) {
      toast(t("fix.ok"));
      closeFix();
    }
  };
  draw();
}
