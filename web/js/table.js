// The table screen: the top card, the seats around a ring, what may be played, questions, villains, log.
import { act, app, go } from "./app.js";
import { cardName, cardSVG, colourSwatch, COLOUR_HEX, EDITION_COLOURS, EDITION_KINDS, esc } from "./cards.js";
import { cardsWord, pick, t } from "./i18n.js";
import { describeBeaten, describeHints } from "./hints.js";
import { openFix } from "./fix.js";
import { openRoundEnd } from "./roundend.js";
import { openUnseen, UNSEEN_KINDS } from "./unseen.js";

const PILES = ["pirates", "ghosts", "aliens"];
let root = null;

export function mount(el, view) {
  root = el;
  update(view);
}

export function update(view) {
  if (!root) return;
  if (!view) {
    root.innerHTML = `<p class="loading">…</p>`;
    return;
  }
  if (view.match && !view.game) {
    root.innerHTML = waiting(view);
    root.querySelectorAll("[data-start]").forEach((b) => b.addEventListener("click", () =>
      act("/api/actions", { action: { start: b.dataset.start } })));
    return;
  }
  if (!view.match) {
    root.innerHTML = `<section class="empty panel"><p>${t("table.none")}</p>
      <button class="btn primary big" id="new-game">${t("table.new")}</button></section>`;
    root.querySelector("#new-game").addEventListener("click", () => go("start"));
    return;
  }
  root.innerHTML = render(view);
  bind(view);
}

export function leave() {
  root = null;
}

// A round without its starting card: the camera shows it, or the table picks it here (no camera).
function waiting(view) {
  const edition = view.match.edition;
  const rows = EDITION_COLOURS[edition].map((c) => [
    ...[0, 1, 2, 3, 4, 5, 6, 7].map((v) => `${c}${v}`), ...EDITION_KINDS[edition].map((k) => `${c}-${k}`)]);
  rows[rows.length - 1].push("poly");
  return `<section class="waiting panel"><h1>${t("table.waiting")}</h1><p>${t("table.waiting.camera")}</p>
    <h3>${t("table.waiting.pick")}</h3>
    ${rows.map((codes) => `<div class="start-cards">${codes.map((c) =>
      `<button class="card-btn" data-start="${c}" aria-label="${esc(cardName(c))}">${cardSVG(c, { mini: true })}</button>`).join("")}</div>`).join("")}
  </section>`;
}

const players = (view) => view.game.players ?? view.match.players ?? [];
const nameOf = (view, seat) => players(view)[seat] ?? `#${seat}`;

function handCount(game, seat) {
  if (Array.isArray(game.hand_counts)) return game.hand_counts[seat];
  if (Array.isArray(game.hands?.[seat])) return game.hands[seat].length;
  return null;
}

const villainTop = (game, pile) => game.villain_tops?.[pile] ?? null;
const villainSize = (game, pile) => game.villain_sizes?.[pile] ?? 0;

function seatsRing(view) {
  const game = view.game;
  const names = players(view);
  const n = names.length;
  const dealer = view.round?.dealer ?? view.match.dealer;
  const victim = game.pending?.victim;
  // Seat 0 at the bottom, then clockwise (R-SETUP-2: seat i+1 is the left neighbour of seat i).
  const seats = names.map((name, i) => {
    const angle = Math.PI / 2 + (2 * Math.PI * i) / n;
    const x = Math.cos(angle).toFixed(4);
    const y = Math.sin(angle).toFixed(4);
    const count = handCount(game, i);
    const trophies = game.trophies?.[i] ?? [];
    const turn = game.turn === i && !game.finished;
    const won = game.finished && (game.winners ?? []).includes(i);
    return `<div class="seat ${turn ? "turn" : ""} ${won ? "won" : ""} ${victim === i ? "victim" : ""}" data-seat="${i}"
        data-hand="${count ?? ""}" data-trophies="${esc(trophies.join(" "))}" style="--x:${x};--y:${y}">
      <div class="seat-name">${esc(name)}${i === dealer ? `<i class="dealer-mark" title="${t("table.dealer")}">${t("table.dealer.mark")}</i>` : ""}</div>
      <div class="seat-row">
        <span class="hand" title="${count === null ? "" : cardsWord(count)}"><b>${count ?? "?"}</b></span>
        ${view.match.edition === "adventure" ? `<span class="trophies" title="${t("table.trophies")}">
          ${trophies.slice(-4).map((c) => cardSVG(c, { mini: true, cls: "trophy" })).join("")}
          <b class="trophy-count">${trophies.length}</b></span>` : ""}
      </div>
      ${turn ? `<div class="seat-badge">${t("table.you")}</div>` : ""}
      ${victim === i ? `<div class="seat-badge pen">${game.pending.kind === "grab" ? `+${game.pending.cards}` : "⏸"}</div>` : ""}
    </div>`;
  }).join("");
  const dir = game.direction === -1 ? "ccw" : "cw";
  // Arrowheads half-way between neighbouring seats, pointing the way play goes.
  const arrows = names.map((_, i) => {
    const mid = Math.PI / 2 + (2 * Math.PI * (i + 0.5)) / n;
    const x = 50 + 44 * Math.cos(mid);
    const y = 50 + 44 * Math.sin(mid);
    const heading = ((mid + (dir === "cw" ? Math.PI / 2 : -Math.PI / 2)) * 180) / Math.PI;
    return `<path d="M-2.5 -3.2 L3.2 0 L-2.5 3.2 Z" transform="translate(${x.toFixed(2)} ${y.toFixed(2)}) rotate(${heading.toFixed(1)})"/>`;
  }).join("");
  return `<div class="ring ${n > 6 ? "many" : ""}" data-direction="${game.direction}">
    <svg class="dir-arrows ${dir}" viewBox="0 0 100 100" preserveAspectRatio="none" aria-hidden="true">
      <ellipse cx="50" cy="50" rx="44" ry="44" fill="none" stroke-width="0.8" stroke-dasharray="2 2.2"/>${arrows}
    </svg>
    ${seats}
    <div class="centre">${centre(view)}</div>
  </div>`;
}

function centre(view) {
  const game = view.game;
  const colour = game.colour;
  const dir = game.direction === -1 ? "ccw" : "cw";
  return `<div class="top-card" data-top="${esc(game.top ?? "")}">${cardSVG(game.top ?? "back", { cls: "big" })}</div>
    <div class="centre-info">
      <div class="colour-now" data-colour="${esc(colour ?? "")}">
        <span class="dot" style="background:${colour ? COLOUR_HEX[colour] : "conic-gradient(#1c64d8 0 25%, #14923f 0 50%, #e0262b 0 75%, #f2b705 0)"}"></span>
        <span>${t("table.colour")}: <b>${colour ? t(`c.${colour}`) : t("table.colour.any")}</b></span>
      </div>
      <div class="direction ${dir}"><span class="arrow">${dir === "cw" ? "↻" : "↺"}</span> ${t(`table.${dir}`)}</div>
      <div class="deck-count">${t("table.deck", { n: game.deck ?? "?" })}</div>
    </div>`;
}

function statusBox(view) {
  const game = view.game;
  const items = [];
  if (game.pending) {
    const kind = game.pending.kind === "grab" ? t("table.pending.grab", { n: game.pending.cards }) : t("table.pending.snore");
    items.push(`<div class="flag pending">${esc(t("table.pending", { name: nameOf(view, game.pending.victim), kind }))}</div>`);
  }
  if (game.hush !== null && game.hush !== undefined) {
    items.push(`<div class="flag hush">${esc(t("table.hush", { name: nameOf(view, game.hush) }))}</div>`);
  }
  if (game.decree !== null && game.decree !== undefined) {
    const text = typeof game.decree === "string" ? game.decree : "";
    items.push(`<div class="flag decree">${esc(text ? t("table.decree", { text }) : t("table.decree.any"))}</div>`);
  }
  if (view.camera?.status === "lost") items.push(`<div class="flag pending">${esc(t("table.camera.lost"))}</div>`);
  const last = view.last_play;
  const asked = (view.questions ?? []).some((q) => q.index === last?.index);
  if (last?.inferred && !game.finished && !asked) {
    // The seat was inferred from turn order: one tap to say who it really was.
    items.push(`<button class="flag inferred" data-fix-last>${esc(t("table.inferred", { name: nameOf(view, last.by), card: cardName(last.card) }))}</button>`);
  }
  if (game.drawn && game.turn !== null && game.turn !== undefined) {
    items.push(`<div class="flag drawn">${esc(t("table.drawn", { name: nameOf(view, game.turn) }))}</div>`);
  }
  return items.join("");
}

function finishedBox(view) {
  const game = view.game;
  const score = view.score;
  if (score?.finished && score.winner !== null && score.winner !== undefined) {
    return `<a class="finished-banner match-over" href="#/score">★ ${esc(t("score.winner", { name: nameOf(view, score.winner) }))}</a>`;
  }
  if (!game.finished) return "";
  const winners = (game.winners ?? []).map((i) => nameOf(view, i));
  const text = winners.length > 1 ? t("table.winners", { names: winners.join(", ") }) : t("table.winner", { name: winners[0] ?? "?" });
  const points = game.score?.points;
  return `<div class="finished-banner"><b>${t("table.finished")}</b> ${esc(text)}
    ${points !== undefined && points !== null ? `<span>${t("table.points", { n: points })}</span>` : ""}</div>`;
}

// "a, b, c or d"
function alternatives(words) {
  if (words.length < 2) return words.join("");
  return `${words.slice(0, -1).join(", ")} ${t("or")} ${words[words.length - 1]}`;
}

function hintBox(view) {
  const model = describeHints(view.hints, view.match.edition, players(view));
  if (!model) return "";
  const chip = (c) => `<span class="chip" ${c.code ? `data-code="${esc(c.code)}"` : `data-colour="${esc(c.colour)}"`}>${
    c.code ? cardSVG(c.code, { mini: true }) : colourSwatch(c.colour)}</span>`;
  return `<div class="hint panel" data-seat="${esc(model.seat)}" data-hint="${esc(model.words.join("; "))}">
    <h3>${esc(t("table.hint.seat", { name: nameOf(view, model.seat) }))}</h3>
    <p class="hint-words">${esc(alternatives(model.words))}</p>
    ${model.chips.length ? `<div class="chips">${model.chips.map(chip).join("")}</div>` : ""}
    ${model.extra.map((line) => `<p class="hint-extra">${esc(line)}</p>`).join("")}
  </div>`;
}

function questionsBox(view) {
  const questions = view.questions ?? [];
  if (!questions.length) return "";
  return questions.map((q) => `<div class="question panel" data-question="${esc(q.id)}" data-kind="${esc(q.kind)}">
      <h3>${esc(pick(q))}</h3>
      <div class="answers">${(q.options ?? []).map((o, k) => {
        const colour = q.kind === "colour" && typeof o.value === "string" && COLOUR_HEX[o.value];
        const isDefault = q.default !== null && q.default !== undefined && q.default === o.value;
        return `<button class="btn answer ${colour ? "colour-btn" : ""} ${isDefault ? "default" : ""}" data-q="${esc(q.id)}" data-k="${k}"
          ${colour ? `style="--c:${colour}"` : ""}>${esc(pick(o, "label"))}</button>`;
      }).join("")}${UNSEEN_KINDS.includes(q.kind) ? `<button class="btn answer-other" data-q="${esc(q.id)}">${t("q.other")}</button>` : ""}</div></div>`).join("");
}

function villainsBox(view) {
  if (view.match.edition !== "adventure") return "";
  const game = view.game;
  const fromHints = Object.fromEntries((view.hints?.villains ?? []).map((v) => [v.pile, v]));
  return `<div class="villains panel"><h3>${t("table.villains")}</h3><div class="piles">${PILES.map((pile) => {
    const top = fromHints[pile]?.top ?? villainTop(game, pile);
    const size = fromHints[pile]?.size ?? villainSize(game, pile);
    const beats = top === "back" ? t("table.villain.unknown") : describeBeaten(fromHints[pile]?.beaten_by);
    return `<div class="pile" data-pile="${pile}" data-top="${esc(top ?? "")}" data-size="${size}">
      <div class="pile-card">${top ? cardSVG(top, { cls: "villain" }) : `<div class="pile-empty">${t("table.empty")}</div>`}
        ${size > 1 ? `<span class="pile-size">${size}</span>` : ""}</div>
      <div class="pile-name">${t(`pile.${pile}`)}</div>
      ${beats ? `<div class="beats">${top === "back" ? "" : `<small>${t("table.beats")}</small> `}${esc(beats)}</div>` : ""}
    </div>`;
  }).join("")}</div>${canDefeat(view, fromHints)}</div>`;
}

// R-ADV-1: only a seat holding 6 cards or fewer defeats villains.
function canDefeat(view, fromHints) {
  const seats = Object.values(fromHints).find((v) => v.can_defeat?.length)?.can_defeat ?? [];
  const names = seats.map((i) => nameOf(view, i));
  return `<p class="can-defeat">${esc(names.length ? t("table.can.defeat", { names: names.join(", ") }) : t("table.can.defeat.none"))}</p>`;
}

function logBox(view) {
  const log = (view.log ?? []).slice(-6).reverse();
  return `<div class="log panel"><h3>${t("table.log")}</h3><ol>${log.map((e) => `<li data-i="${esc(e.i)}">${esc(pick(e))}</li>`).join("")}</ol></div>`;
}

function render(view) {
  // In the adventure the villains sit under the table, beside undo and fix, and the log moves aside.
  const adventure = view.match.edition === "adventure";
  return `<section class="table-screen ed-${esc(view.match.edition)}">
    <div class="play-area">${seatsRing(view)}</div>
    <aside class="side">
      ${questionsBox(view)}
      ${finishedBox(view)}
      <div class="flags">${statusBox(view)}</div>
      ${hintBox(view)}
      ${adventure ? logBox(view) : ""}
    </aside>
    <div class="bottom">
      <div class="tools">
        <button class="btn big undo" id="undo">↶ ${t("table.undo")}</button>
        <button class="btn big fix" id="fix">✎ ${t("table.fix")}</button>
      </div>
      ${adventure ? villainsBox(view) : logBox(view)}
    </div>
  </section>`;
}

function bind(view) {
  root.querySelector("#undo").addEventListener("click", () => act("/api/undo", {}));
  root.querySelector("#fix").addEventListener("click", () => openFix(app.view));
  root.querySelector("[data-fix-last]")?.addEventListener("click", () => openFix(app.view));
  root.querySelectorAll("button.answer-other").forEach((b) => b.addEventListener("click", () => {
    const q = (view.questions ?? []).find((x) => String(x.id) === b.dataset.q);
    if (q) openUnseen(app.view, q);
  }));
  root.querySelectorAll("button.answer").forEach((b) => b.addEventListener("click", async () => {
    const q = (view.questions ?? []).find((x) => String(x.id) === b.dataset.q);
    if (!q) return;
    b.disabled = true;
    const value = q.options[Number(b.dataset.k)].value;
    if (q.kind === "round-end") {
      // The table confirms the cards each seat still holds, proposed from the tracker's counts.
      const adventure = view.match.edition === "adventure";
      const left = players(view).map((_, i) => (i === value && !adventure ? 0 : handCount(view.game, i) ?? 0));
      openRoundEnd({ names: players(view), winner: value, left, adventure });
      b.disabled = false;
    } else {
      await act("/api/answers", { question: q.id, value });
    }
  }));
}

