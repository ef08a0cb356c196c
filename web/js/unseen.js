// "Other cards…" of a question about cards the camera missed (wrong-or-misread, missed-before): the
// cards laid unseen, in turn from the seat asked, and, when the camera misread it too, the card that
// landed; sent as one answer "unseen:CODE,CODE…[=CODE]" (docs/API.md).
import { act, toast } from "./app.js";
import { cardName, cardSVG, EDITION_COLOURS, esc } from "./cards.js";
import { t } from "./i18n.js";
import { openModal } from "./modal.js";
import { bindPicker, pickerHTML } from "./picker.js";

export const UNSEEN_KINDS = ["wrong-or-misread", "missed-before"];
const MAX_UNSEEN = 4; // as many as the tracker takes in one answer (UNSEEN_CHAIN_MAX)

let dialog = null;

export function closeUnseen() {
  dialog?.remove();
  dialog = null;
}

export function openUnseen(view, question) {
  closeUnseen();
  const edition = view.match.edition;
  const names = view.game?.players ?? view.match.players;
  const first = names[question.seat] ?? "?";
  const drawn = question.card === "back"; // asked of a reach into the deck: no card landed
  let colour = EDITION_COLOURS[edition][0];
  const laid = [];
  let landed = null;
  let picking = "laid"; // what a card tapped is: one more card laid unseen, or the card that landed
  dialog = openModal({ className: "unseen", label: t("unseen.title"), onClose: closeUnseen });
  const chip = (code) => `<span class="unseen-card" data-code="${esc(code)}">${cardSVG(code, { mini: true })}</span>`;
  const draw = () => {
    dialog.innerHTML = `<div class="modal-box">
      <h2>${t("unseen.title")}</h2>
      <p>${esc(t("unseen.text", { name: first }))}</p>
      <div class="unseen-laid">${laid.length ? laid.map(chip).join("") : `<span>${t("unseen.none")}</span>`}</div>
      ${drawn ? "" : `<div class="unseen-landed"><span>${esc(t("unseen.landed", { card: cardName(question.card) }))}</span>
        ${landed ? chip(landed) : `<span>${t("unseen.landed.same")}</span>`}</div>`}
      <div class="fix-seats">
        <button class="btn ${picking === "laid" ? "on" : ""}" data-picking="laid">${t("unseen.pick.laid")}</button>
        ${drawn ? "" : `<button class="btn ${picking === "landed" ? "on" : ""}" data-picking="landed">${t("unseen.pick.landed")}</button>`}
        <button class="btn" data-undo ${laid.length || landed ? "" : "disabled"}>${t("unseen.undo")}</button>
      </div>
      ${pickerHTML(edition, colour)}
      <div class="fix-seats">
        <button class="btn big" data-send ${laid.length ? "" : "disabled"}>${t("unseen.send")}</button>
        <button class="btn big" data-close>${t("fix.close")}</button>
      </div></div>`;
    dialog.querySelector("[data-close]").addEventListener("click", closeUnseen);
    dialog.querySelectorAll("[data-picking]").forEach((b) => b.addEventListener("click", () => {
      picking = b.dataset.picking;
      draw();
    }));
    dialog.querySelector("[data-undo]").addEventListener("click", () => {
      if (picking === "landed" && landed) landed = null;
      else laid.pop();
      draw();
    });
    dialog.querySelector("[data-send]").addEventListener("click", send);
    bindPicker(dialog, {
      onColour: (c) => {
        colour = c;
        draw();
      },
      onCard: (code) => {
        if (picking === "landed") {
          landed = code === question.card ? null : code;
        } else if (laid.length >= MAX_UNSEEN) {
          toast(t("unseen.max", { n: MAX_UNSEEN }), "error");
          return;
        } else {
          laid.push(code);
        }
        draw();
      },
    });
  };
  const send = async () => {
    const value = `unseen:${laid.join(",")}${landed ? `=${landed}` : ""}`;
    if (await act("/api/answers", { question: question.id, value })) {
      toast(t("unseen.ok"));
      closeUnseen();
    }
  };
  draw();
}
