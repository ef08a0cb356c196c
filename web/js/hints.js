// Words and card chips for the engine's hints (game.hints(); the shape is in companion/rules/hints.py).
import { cardName, EDITION_COLOURS } from "./cards.js";
import { SUPER_NAMES, getLang, t } from "./i18n.js";

const kindName = (kind) => SUPER_NAMES[getLang()][kind] ?? kind;

/**
 * What the seat to move may do, for people: {seat, words: [..], chips: [{code} | {colour}], extra: [lines]},
 * or null once the round is over. `names[i]` is seat i's name.
 */
export function describeHints(hints, edition, names) {
  const play = hints?.play;
  if (!play || hints.finished) return null;
  const colours = EDITION_COLOURS[edition] ?? EDITION_COLOURS.junior;
  const words = [];
  const chips = [];
  const extra = [];
  if (play.mode === "pending") {
    if (play.transfer) {
      words.push(t("hint.transfer", { kind: kindName(play.transfer) }));
      for (const c of colours) chips.push({ code: `${c}-${play.transfer}` });
    }
    if (play.accept) {
      words.push(play.accept.kind === "grab" ? t("hint.accept.grab", { n: play.accept.cards }) : t("hint.accept.snore"));
    }
  } else if (play.mode === "drawn") {
    words.push(play.drawn && play.drawn !== "back" ? t("hint.drawn.card", { card: cardName(play.drawn) }) : t("hint.drawn"));
    if (play.drawn && play.drawn !== "back") chips.push({ code: play.drawn });
    words.push(t("hint.keep"));
  } else {
    if (play.any) words.push(t("hint.any"));
    if (play.colour) {
      words.push(t("hint.colour", { colour: t(`cf.${play.colour}`) }));
      chips.push({ colour: play.colour });
    }
    if (play.value !== null && play.value !== undefined) {
      words.push(t("hint.value", { v: play.value }));
      for (const c of colours) if (c !== play.colour) chips.push({ code: `${c}${play.value}` });
    }
    if (play.kind) {
      words.push(t("hint.kind", { kind: kindName(play.kind) }));
      for (const c of colours) if (c !== play.colour) chips.push({ code: `${c}-${play.kind}` });
    }
    if (play.poly) {
      words.push(t("hint.poly"));
      chips.push({ code: "poly" });
    }
    if (play.draw) words.push(t("hint.draw"));
  }
  if (hints.intercept) extra.push(t("hint.intercept", { card: cardName(hints.intercept.card) }));
  if (hints.catch) extra.push(t("hint.catch", { name: names[hints.catch.seat] ?? "?" }));
  return { seat: play.seat, words, chips, extra };
}

// What beats a top villain (R-ADV-2…4), from the hints' beaten_by.
export function describeBeaten(beatenBy) {
  if (!beatenBy) return "";
  if (beatenBy.values) {
    const v = beatenBy.values;
    return t("beats.values", { from: Math.min(...v), to: Math.max(...v) });
  }
  if (beatenBy.super) return t("beats.super");
  if (beatenBy.colour) return t("beats.colour", { colour: t(`cfa.${beatenBy.colour}`) });
  if (beatenBy.interception) return t("beats.interception");
  return "";
}
