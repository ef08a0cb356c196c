// Words and card chips for the engine's hints (game.hints(), documented in companion/rules).
import { parseCard } from "./cards.js";
import { SUPER_NAMES, getLang, t } from "./i18n.js";

const kindName = (kind) => SUPER_NAMES[getLang()][kind] ?? kind;

// {seat, words: [..], chips: [codes], extra: [lines]} for the seat to move, or null.
export function describeHints(view) {
  const hints = view.hints;
  const game = view.game;
  if (!hints || game.finished) return null;
  const words = [];
  const chips = [];
  const extra = [];
  const seat = hints.seat ?? game.turn ?? null;
  if (hints.colour) {
    words.push(t("hint.colour", { colour: t(`cf.${hints.colour}`) }));
  }
  if (hints.value !== null && hints.value !== undefined) words.push(t("hint.value", { v: hints.value }));
  for (const kind of hints.kinds ?? []) words.push(t("hint.kind", { kind: kindName(kind) }));
  if (hints.poly) words.push(t("hint.poly"));
  for (const code of hints.cards ?? []) if (parseCard(code)) chips.push(code);
  if (hints.transfer) extra.push(t("hint.transfer", { kind: kindName(hints.transfer) }));
  if (hints.intercept) extra.push(t("table.hint.intercept"));
  return { seat, words, chips, extra };
}

// What beats a top villain (R-ADV-2, R-ADV-3, R-ADV-4), in words.
export function villainBeats(code) {
  const card = parseCard(code);
  if (!card) return "";
  if (card.kind === "ghost") return t("beats.ghost", { colour: t(`cf.${card.colour}`) });
  return t(`beats.${card.kind}`);
}
