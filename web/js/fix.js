// "Fix the last move": who really played it, or which card it really was (POST /api/fix).
import { act, toast } from "./app.js";
import { cardName, cardSVG, COLOUR_HEX, EDITION_COLOURS, EDITION_KINDS, esc } from "./cards.js";
import { t } from "./i18n.js";
import { openModal } from "./modal.js";

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
    const codes = [...[0, 1, 2, 3, 4, 5, 6, 7].map((v) => `${colour}${v}`), ...EDITION_KINDS[edition].map((k) => `${colour}-${k}`), "poly"];
    dialog.innerHTML = `<div class="modal-box">
      <h2>${t("fix.title")}</h2>
      ${hasMove ? `<div class="fix-last">${cardSVG(last.card, { mini: true })}<span>${esc(names[last.by] ?? "?")}: ${esc(cardName(last.card))}</span></div>
      <h3>${t("fix.by")}</h3>
      <div class="fix-seats">${names.map((n, i) => `<button class="btn big ${i === last.by ? "on" : ""}" data-by="${i}">${esc(n)}</button>`).join("")}</div>
      <h3>${t("fix.card")}</h3>
      <div class="fix-colours">${EDITION_COLOURS[edition].map((c) => `<button class="btn colour-btn ${c === colour ? "on" : ""}"
          data-colour="${c}" style="--c:${COLOUR_HEX[c]}">${t(`c.${c}`)}</button>`).join("")}</div>
      <div class="fix-cards">${codes.map((c) => `<button class="card-btn" data-card="${c}">${cardSVG(c, { mini: true })}</button>`).join("")}</div>`
      : `<p>${t("fix.none")}</p>`}
      <button class="btn big" data-close>${t("fix.close")}</button></div>`;
    dialog.querySelector("[data-close]").addEventListener("click", closeFix);
    dialog.querySelectorAll("[data-colour]").forEach((b) => b.addEventListener("click", () => {
      colour = b.dataset.colour;
      draw();
    }));
    dialog.querySelectorAll("[data-by]").forEach((b) => b.addEventListener("click", () => send({ by: Number(b.dataset.by) })));
    dialog.querySelectorAll("[data-card]").forEach((b) => b.addEventListener("click", () => send({ card: b.dataset.card })));
  };
  const send = async (body) => {
    if (await act("/api/fix", { index: last.index, ...body })) {
      toast(t("fix.ok"));
      closeFix();
    }
  };
  draw();
}
