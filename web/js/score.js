// The scoreboard: round by round, the totals against the target, a chart of the totals, finished matches.
import { api, app } from "./app.js";
import { COLOUR_HEX, esc } from "./cards.js";
import { t } from "./i18n.js";

const LINE_COLOURS = [COLOUR_HEX.b, COLOUR_HEX.r, COLOUR_HEX.g, "#b8860b", "#8e44ad", "#e5487b", "#16a085", "#555", COLOUR_HEX.o, "#2c3e50"];
let root = null;
let matches = null;
let opened = null; // a finished match's scoreboard, when one is opened from the list

export function mount(el, view) {
  root = el;
  opened = null;
  update(view);
  loadMatches();
}

export function leave() {
  root = null;
}

export function update(view) {
  if (!root) return;
  const board = opened ?? (view?.match ? { match: view.match, score: view.score } : null);
  root.innerHTML = `<section class="score-screen">
    ${board ? scoreboard(board.match, board.score) : `<p class="panel">${t("score.none")}</p>`}
    ${matchList()}
  </section>`;
  root.querySelectorAll("[data-match]").forEach((b) => b.addEventListener("click", () => openMatch(b.dataset.match)));
  root.querySelector("[data-current]")?.addEventListener("click", () => {
    opened = null;
    update(app.view);
  });
}

async function loadMatches() {
  try {
    const data = await api("GET", "/api/matches");
    matches = Array.isArray(data) ? data : data?.matches ?? [];
  } catch {
    matches = matches ?? [];
  }
  update(app.view);
}

async function openMatch(id) {
  try {
    const data = await api("GET", `/api/matches/${encodeURIComponent(id)}`);
    opened = { match: data.match ?? data, score: data.score ?? data };
  } catch {
    return;
  }
  update(app.view);
}

// Points of each seat in each round: in the adventure a round won counts one (docs/API.md), else
// R-TOUR-1: the winner scores the cards left in the opponents' hands.
export function roundPoints(round, n, edition) {
  if (Array.isArray(round.points)) return round.points;
  const points = new Array(n).fill(0);
  if (edition === "adventure") {
    if (round.winner !== null && round.winner !== undefined) points[round.winner] = 1;
    return points;
  }
  if (typeof round.points === "number" && round.winner !== null && round.winner !== undefined) {
    points[round.winner] = round.points;
    return points;
  }
  if (round.winner !== null && round.winner !== undefined && Array.isArray(round.left)) {
    points[round.winner] = round.left.reduce((sum, left, i) => (i === round.winner ? sum : sum + left), 0);
  }
  return points;
}

function scoreboard(match, score) {
  const names = match.players ?? [];
  const n = names.length;
  const rounds = score?.rounds ?? [];
  const totals = score?.totals ?? new Array(n).fill(0);
  const target = score?.target ?? match.target ?? null;
  const perRound = rounds.map((r) => roundPoints(r, n, match.edition));
  const winner = score?.winner;
  const live = !opened;
  return `<div class="panel board" data-match-id="${esc(match.id ?? "")}">
    ${!live ? `<button class="btn" data-current>← ${t("tab.score")}</button>` : ""}
    <h1>${t("score.title")} <small>${t(`ed.${match.edition}`)}</small></h1>
    ${target ? `<p class="target-line">${t("score.target", { n: target })}</p>` : ""}
    ${winner !== null && winner !== undefined ? `<div class="winner-banner" data-winner="${winner}">★ ${esc(t("score.winner", { name: names[winner] }))}</div>` : ""}
    ${rounds.length ? "" : `<p>${t("score.none")}</p>`}
    <div class="table-wrap"><table class="scores">
      <thead><tr><th>${t("score.round")}</th>${names.map((nm, i) => `<th style="--c:${LINE_COLOURS[i % 10]}">${esc(nm)}</th>`).join("")}</tr></thead>
      <tbody>${perRound.map((pts, r) => `<tr data-round="${r + 1}"><td>${r + 1}</td>${pts.map((p, i) => `<td class="${rounds[r].winner === i ? "won" : ""}">${p ? (match.edition === "adventure" ? "★" : p) : "·"}</td>`).join("")}</tr>`).join("")}</tbody>
      <tfoot><tr class="totals"><th>${t("score.total")}</th>${totals.map((v, i) => `<td data-total="${i}" class="${winner === i ? "won" : ""}">${v}
        ${target ? `<div class="bar"><i style="width:${Math.min(100, (100 * v) / target)}%;background:${LINE_COLOURS[i % 10]}"></i></div>` : ""}</td>`).join("")}</tr></tfoot>
    </table></div>
    ${rounds.length ? chart(names, perRound, target) : ""}
  </div>`;
}

// Totals after each round as an SVG line chart, the target as a dashed line.
function chart(names, perRound, target) {
  const W = 600, H = 260, L = 40, R = 12, T = 14, B = 30;
  const series = names.map((_, i) => {
    let sum = 0;
    return [0, ...perRound.map((pts) => (sum += pts[i] ?? 0))];
  });
  const max = Math.max(target ?? 0, ...series.flat(), 1);
  const x = (k) => L + ((W - L - R) * k) / Math.max(1, perRound.length);
  const y = (v) => H - B - ((H - T - B) * v) / max;
  const lines = series.map((pts, i) => `<polyline fill="none" stroke="${LINE_COLOURS[i % 10]}" stroke-width="4" stroke-linejoin="round"
      points="${pts.map((v, k) => `${x(k).toFixed(1)},${y(v).toFixed(1)}`).join(" ")}"/>
      ${pts.map((v, k) => `<circle cx="${x(k).toFixed(1)}" cy="${y(v).toFixed(1)}" r="4.5" fill="${LINE_COLOURS[i % 10]}"/>`).join("")}`).join("");
  const ticks = perRound.map((_, k) => `<text x="${x(k + 1)}" y="${H - 10}" text-anchor="middle">${k + 1}</text>`).join("");
  return `<figure class="chart"><figcaption>${t("score.chart")}</figcaption>
    <svg viewBox="0 0 ${W} ${H}" role="img" aria-label="${t("score.chart")}">
      <line x1="${L}" y1="${H - B}" x2="${W - R}" y2="${H - B}" stroke="#999"/>
      <line x1="${L}" y1="${T}" x2="${L}" y2="${H - B}" stroke="#999"/>
      <text x="${L - 6}" y="${y(max) + 5}" text-anchor="end">${max}</text><text x="${L - 6}" y="${H - B + 5}" text-anchor="end">0</text>
      ${target ? `<line x1="${L}" x2="${W - R}" y1="${y(target)}" y2="${y(target)}" stroke="#e5487b" stroke-width="2" stroke-dasharray="8 6"/>` : ""}
      ${ticks}${lines}
    </svg>
    <div class="legend">${names.map((nm, i) => `<span><i style="background:${LINE_COLOURS[i % 10]}"></i>${esc(nm)}</span>`).join("")}</div>
  </figure>`;
}

function matchList() {
  // Every match but the one on the table: finished ones, and abandoned ones (still browsable).
  const current = app.view?.match?.id;
  const others = (matches ?? []).filter((m) => m.id !== current || m.status === "finished");
  return `<div class="panel matches"><h2>${t("score.matches")}</h2>
    ${others.length ? `<ul>${others.map((m) => `<li><button class="btn wide" data-match="${esc(m.id)}">
      <b>${t(`ed.${m.edition}`)}</b> · ${esc((m.players ?? []).join(", "))}
      ${m.winner !== null && m.winner !== undefined && m.players ? ` · ★ ${esc(m.players[m.winner])}` : ""}
      ${m.status !== "finished" ? ` · <small>${t(`score.status.${m.status}`)}</small>` : ""}</button></li>`).join("")}</ul>`
      : `<p>${t("score.nomatches")}</p>`}</div>`;
}
