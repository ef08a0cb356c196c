// Card faces drawn from their codes (RULES.md §1.1) as inline SVG: no images, readable across a table.
import { SUPER_NAMES, getLang, t } from "./i18n.js";

export const COLOUR_HEX = { b: "#1c64d8", g: "#14923f", r: "#e0262b", y: "#f2b705", o: "#f47b0c" };
const DARK = { b: "#0d3b8a", g: "#0a5a25", r: "#8c1014", y: "#9a6b00", o: "#9c4300" };
// Each edition's colours and coloured super kinds (RULES.md §1).
export const EDITION_COLOURS = { junior: ["b", "g", "r", "y"], adventure: ["b", "g", "r", "y"], svintus2: ["b", "g", "r", "o"] };
export const EDITION_KINDS = {
  junior: ["grab", "snore", "hush", "slap", "flip", "decree"],
  adventure: ["grab", "snore", "slap", "steal", "omni", "shake"],
  svintus2: ["grab", "snore", "hush", "slap", "flip"],
};
const SUPER_KINDS = ["grab", "snore", "hush", "slap", "flip", "decree", "steal", "omni", "shake"];
const VILLAIN_NAMES_RU = {
  "pirate-small": "Пиратики", "pirate-big": "Пиратища", "pirate-super": "Суперпираты",
  ghost: "Привидения", alien: "Пришельцы",
};

// The same parsing as companion/cards.py, for display only.
export function parseCard(code) {
  if (typeof code !== "string") return null;
  if (code === "poly") return { code, colour: null, value: null, kind: "poly" };
  if (code === "back") return { code, colour: null, value: null, kind: "back" };
  if (["pirate-small", "pirate-big", "pirate-super", "alien"].includes(code)) {
    return { code, colour: null, value: null, kind: code };
  }
  let m = /^ghost-([bgryo])$/.exec(code);
  if (m) return { code, colour: m[1], value: null, kind: "ghost" };
  m = /^([bgryo])([0-7])$/.exec(code);
  if (m) return { code, colour: m[1], value: Number(m[2]), kind: "number" };
  m = /^([bgryo])-(\w+)$/.exec(code);
  if (m && SUPER_KINDS.includes(m[2])) return { code, colour: m[1], value: null, kind: m[2] };
  return null;
}

export function isVillain(card) {
  return card && ["pirate-small", "pirate-big", "pirate-super", "ghost", "alien"].includes(card.kind);
}

// A person's name for a card: "синяя 3", "красный Хапёж", "Полисвин", "Пиратики".
export function cardName(code) {
  const card = parseCard(code);
  if (!card) return code ?? "";
  const lang = getLang();
  if (card.kind === "number") return `${t(`cfa.${card.colour}`)} ${card.value}`;
  if (card.kind === "poly") return SUPER_NAMES[lang].poly;
  if (card.kind === "back") return t("card.back");
  if (card.kind === "ghost") return `${t("villain.ghost")} (${t(`c.${card.colour}`)})`;
  if (isVillain(card)) return t(`villain.${card.kind}`);
  return `${SUPER_NAMES[lang][card.kind]} (${t(`c.${card.colour}`)})`;
}

const esc = (s) => String(s).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

// Pictograms in a 100×100 box centred on (0, 0); `ink` is the card's colour.
function pictogram(kind, ink) {
  switch (kind) {
    case "grab": // a grabbing paw and +3
      return `<text x="0" y="22" font-size="64" font-weight="900" text-anchor="middle" fill="${ink}">+3</text>
        <path d="M-34-38 q10-14 20 0 q10-14 20 0 q10-14 20 0 l0 10 h-60z" fill="${ink}"/>`;
    case "snore":
      return `<text x="-14" y="26" font-size="70" font-weight="900" text-anchor="middle" fill="${ink}">Z</text>
        <text x="22" y="-4" font-size="44" font-weight="900" text-anchor="middle" fill="${ink}">z</text>
        <text x="38" y="-28" font-size="26" font-weight="900" text-anchor="middle" fill="${ink}">z</text>`;
    case "hush": // a speech bubble, crossed out: nobody speaks
      return `<path d="M-40 -6 a40 30 0 1 1 18 25 l-16 14 4 -20 a40 30 0 0 1 -6 -19z" fill="none" stroke="${ink}" stroke-width="8"
        stroke-linejoin="round"/>
        <circle cx="-14" cy="-6" r="5" fill="${ink}"/><circle cx="2" cy="-6" r="5" fill="${ink}"/><circle cx="18" cy="-6" r="5" fill="${ink}"/>
        <path d="M-42 38 L42 -46" stroke="#fff" stroke-width="16" stroke-linecap="round"/>
        <path d="M-42 38 L42 -46" stroke="${ink}" stroke-width="8" stroke-linecap="round"/>`;
    case "slap": // a hand on the deck
      return `<rect x="-40" y="18" width="80" height="22" rx="5" fill="${ink}" opacity=".45"/>
        <path d="M-26 18 v-34 a6 6 0 0 1 12 0 v-10 a6 6 0 0 1 12 0 v-4 a6 6 0 0 1 12 0 v8 a6 6 0 0 1 12 0 v30
          l10-10 a6 6 0 0 1 9 8 l-22 26 h-35z" fill="${ink}"/>`;
    case "flip": // two arrows chasing each other
      return `<path d="M-30 -8 a32 32 0 0 1 56 -14" fill="none" stroke="${ink}" stroke-width="10" stroke-linecap="round"/>
        <path d="M34 -40 l-2 26 -24 -8z" fill="${ink}"/>
        <path d="M30 8 a32 32 0 0 1 -56 14" fill="none" stroke="${ink}" stroke-width="10" stroke-linecap="round"/>
        <path d="M-34 40 l2 -26 24 8z" fill="${ink}"/>`;
    case "decree": // a scroll with an exclamation mark
      return `<rect x="-30" y="-40" width="60" height="80" rx="8" fill="#fff" stroke="${ink}" stroke-width="6"/>
        <rect x="-6" y="-28" width="12" height="38" rx="6" fill="${ink}"/><circle cx="0" cy="25" r="7" fill="${ink}"/>`;
    case "steal": // a robber's mask
      return `<path d="M-46 -14 q46 -20 92 0 q4 26 -10 30 q-20 4 -36 -8 q-16 12 -36 8 q-14 -4 -10 -30z" fill="${ink}"/>
        <ellipse cx="-20" cy="0" rx="10" ry="7" fill="#fff"/><ellipse cx="20" cy="0" rx="10" ry="7" fill="#fff"/>`;
    case "omni": // a mouth that eats anything
      return `<path d="M0 0 L42 -26 A48 48 0 1 0 42 26z" fill="${ink}"/><circle cx="-4" cy="-24" r="7" fill="#fff"/>
        <path d="M12 -8 l8 -8 8 6z M12 8 l8 8 8 -6z" fill="#fff"/>`;
    case "shake": // one pile onto another
      return `<rect x="-44" y="8" width="30" height="40" rx="5" fill="${ink}" opacity=".5"/>
        <rect x="14" y="8" width="30" height="40" rx="5" fill="${ink}"/>
        <path d="M-28 0 q0 -44 48 -36" fill="none" stroke="${ink}" stroke-width="8" stroke-linecap="round"/>
        <path d="M12 -50 l22 14 -24 10z" fill="${ink}"/>`;
    default:
      return "";
  }
}

function snout(x, y, s, fill, hole) {
  return `<ellipse cx="${x}" cy="${y}" rx="${26 * s}" ry="${18 * s}" fill="${fill}"/>
    <ellipse cx="${x - 9 * s}" cy="${y}" rx="${4.5 * s}" ry="${7 * s}" fill="${hole}"/>
    <ellipse cx="${x + 9 * s}" cy="${y}" rx="${4.5 * s}" ry="${7 * s}" fill="${hole}"/>`;
}

function villainArt(card) {
  const kind = card.kind;
  if (kind.startsWith("pirate")) {
    const label = { "pirate-small": "0–3", "pirate-big": "4–7", "pirate-super": "★" }[kind];
    return `<path d="M-52 -28 q52 -46 104 0 l-8 12 h-88z" fill="#222"/>
      <circle cx="0" cy="-40" r="9" fill="#fff"/>
      <circle cx="0" cy="8" r="36" fill="#f3c9a5"/>
      <path d="M-40 -4 h80" stroke="#222" stroke-width="5"/><ellipse cx="-14" cy="6" rx="10" ry="9" fill="#222"/>
      <circle cx="14" cy="6" r="6" fill="#222"/>${snout(0, 24, 0.7, "#e89a8a", "#7a3b33")}
      <text x="0" y="82" font-size="30" font-weight="900" text-anchor="middle" fill="#fff">${label}</text>`;
  }
  if (kind === "ghost") {
    const ink = COLOUR_HEX[card.colour];
    return `<path d="M-40 50 v-54 a40 40 0 0 1 80 0 v54 l-13 -12 -14 12 -13 -12 -13 12 -14 -12z" fill="${ink}"
        stroke="#fff" stroke-width="5"/>
      <ellipse cx="-14" cy="-6" rx="8" ry="11" fill="#fff"/><ellipse cx="14" cy="-6" rx="8" ry="11" fill="#fff"/>
      <circle cx="-12" cy="-3" r="4" fill="#111"/><circle cx="16" cy="-3" r="4" fill="#111"/>`;
  }
  // alien
  return `<path d="M-20 -46 l-12 -20 M20 -46 l12 -20" stroke="#7bd14a" stroke-width="6" stroke-linecap="round"/>
    <circle cx="-32" cy="-66" r="7" fill="#c6ff8a"/><circle cx="32" cy="-66" r="7" fill="#c6ff8a"/>
    <ellipse cx="0" cy="0" rx="44" ry="50" fill="#7bd14a"/>
    <ellipse cx="-17" cy="-8" rx="13" ry="18" fill="#111"/><ellipse cx="17" cy="-8" rx="13" ry="18" fill="#111"/>
    <circle cx="-13" cy="-14" r="4" fill="#fff"/><circle cx="21" cy="-14" r="4" fill="#fff"/>
    <path d="M-14 28 q14 10 28 0" stroke="#111" stroke-width="5" fill="none" stroke-linecap="round"/>`;
}

/**
 * The SVG of one card. Options: mini (no name band, for chips), title (tooltip).
 * viewBox 200×300, portrait; size it with CSS.
 */
export function cardSVG(code, { mini = false, cls = "" } = {}) {
  const card = parseCard(code);
  const label = esc(cardName(code));
  const open = `<svg class="card ${cls}" viewBox="0 0 200 300" role="img" aria-label="${label}" data-code="${esc(code ?? "")}">`;
  const frame = (fill) => `<rect x="2" y="2" width="196" height="296" rx="22" fill="#fff" stroke="#0002" stroke-width="2"/>
    <rect x="12" y="12" width="176" height="276" rx="14" fill="${fill}"/>`;
  if (!card || card.kind === "back") {
    return `${open}${frame("#e5487b")}
      <rect x="26" y="26" width="148" height="248" rx="10" fill="none" stroke="#fff7" stroke-width="4"/>
      ${snout(100, 150, 1.6, "#ffb3c8", "#a3234f")}
      ${card ? "" : `<text x="100" y="250" font-size="44" font-weight="900" text-anchor="middle" fill="#fff">?</text>`}</svg>`;
  }
  if (isVillain(card)) {
    const bg = card.kind === "alien" ? "#24123f" : card.kind === "ghost" ? "#2c2f3a" : "#16324f";
    const name = VILLAIN_NAMES_RU[card.kind];
    return `${open}${frame(bg)}<g transform="translate(100 ${mini ? 150 : 135})">${villainArt(card)}</g>
      ${mini ? "" : `<text x="100" y="270" font-size="24" font-weight="800" text-anchor="middle" fill="#fff">${name}</text>`}</svg>`;
  }
  if (card.kind === "poly") {
    const q = (c, a) => `<path d="M0 0 L${60 * Math.cos(a)} ${60 * Math.sin(a)} A60 60 0 0 1 ${60 * Math.cos(a + Math.PI / 2)} ${60 * Math.sin(a + Math.PI / 2)}z" fill="${COLOUR_HEX[c]}"/>`;
    return `${open}${frame("#3a3d45")}
      <g transform="translate(100 ${mini ? 150 : 136})">${q("b", -Math.PI)}${q("g", -Math.PI / 2)}${q("r", 0)}${q("y", Math.PI / 2)}
      <circle r="34" fill="#f7a8bf"/>${snout(0, 4, 1, "#e5487b", "#6d1632")}</g>
      ${mini ? "" : `<text x="100" y="262" font-size="30" font-weight="900" text-anchor="middle" fill="#fff">${SUPER_NAMES.ru.poly}</text>`}
    </svg>`;
  }
  const fill = COLOUR_HEX[card.colour];
  const ink = card.colour === "y" ? DARK.y : fill;
  const oval = (cy, ry) => `<ellipse cx="100" cy="${cy}" rx="74" ry="${ry}" transform="rotate(-18 100 ${cy})" fill="#fff"/>`;
  if (card.kind === "number") {
    const v = card.value;
    const corner = (x, y, rot) => `<text x="${x}" y="${y}" font-size="40" font-weight="900" text-anchor="middle" fill="#fff"
      transform="rotate(${rot} ${x} ${y - 14})">${v}</text>`;
    return `${open}${frame(fill)}${oval(150, 110)}
      <text x="100" y="${150 + 54}" font-size="160" font-weight="900" text-anchor="middle" fill="${ink}"
        stroke="${DARK[card.colour]}" stroke-width="4" paint-order="stroke">${v}</text>
      ${v === 6 || v === 0 ? `<rect x="70" y="222" width="60" height="8" rx="4" fill="${ink}"/>` : ""}
      ${mini ? "" : corner(40, 62, 0) + corner(160, 266, 180)}</svg>`;
  }
  // a coloured super card: the pictogram on the oval and its Russian name
  return `${open}${frame(fill)}${mini ? oval(150, 110) : oval(136, 96)}
    <g transform="translate(100 ${mini ? 150 : 138}) scale(${mini ? 1.35 : 1.15})">${pictogram(card.kind, ink)}</g>
    ${mini ? "" : `<rect x="12" y="238" width="176" height="50" fill="${DARK[card.colour]}"/>
    <text x="100" y="274" font-size="${SUPER_NAMES.ru[card.kind].length > 8 ? 26 : 30}" font-weight="900"
      text-anchor="middle" fill="#fff">${SUPER_NAMES.ru[card.kind]}</text>`}</svg>`;
}

// A small chip for a card: the mini face and, beside it, its name.
export function cardChip(code, { label = true } = {}) {
  return `<span class="chip" data-code="${esc(code)}">${cardSVG(code, { mini: true })}${label ? `<span>${esc(cardName(code))}</span>` : ""}</span>`;
}

export { esc };

// "Any card of this colour": a mini card in the colour with a star instead of a value.
export function colourSwatch(colour) {
  const fill = COLOUR_HEX[colour];
  return `<svg class="card swatch" viewBox="0 0 200 300" role="img" aria-label="${esc(t(`c.${colour}`))}">
    <rect x="2" y="2" width="196" height="296" rx="22" fill="#fff" stroke="#0002" stroke-width="2"/>
    <rect x="12" y="12" width="176" height="276" rx="14" fill="${fill}"/>
    <ellipse cx="100" cy="150" rx="74" ry="110" transform="rotate(-18 100 150)" fill="#fff"/>
    <text x="100" y="205" font-size="150" font-weight="900" text-anchor="middle" fill="${fill}">★</text></svg>`;
}
