// The edition's cards to tap, one colour at a time: the grid of the fix and of the missed-cards dialog.
import { cardSVG, COLOUR_HEX, EDITION_COLOURS, EDITION_KINDS } from "./cards.js";
import { t } from "./i18n.js";

function codesOf(edition, colour) {
  return [...[0, 1, 2, 3, 4, 5, 6, 7].map((v) => `${colour}${v}`),
    ...EDITION_KINDS[edition].map((k) => `${colour}-${k}`), "poly"];
}

export function pickerHTML(edition, colour) {
  return `<div class="fix-colours">${EDITION_COLOURS[edition].map((c) => `<button class="btn colour-btn ${c === colour ? "on" : ""}"
      data-colour="${c}" style="--c:${COLOUR_HEX[c]}">${t(`c.${c}`)}</button>`).join("")}</div>
    <div class="fix-cards">${codesOf(edition, colour).map((c) => `<button class="card-btn" data-card="${c}">${cardSVG(c, { mini: true })}</button>`).join("")}</div>`;
}

// onColour(colour) when a colour is tapped (draw the grid again with it), onCard(code) when a card is.
export function bindPicker(box, { onColour, onCard }) {
  box.querySelectorAll("[data-colour]").forEach((b) => b.addEventListener("click", () => onColour(b.dataset.colour)));
  box.querySelectorAll("[data-card]").forEach((b) => b.addEventListener("click", () => onCard(b.dataset.card)));
}
