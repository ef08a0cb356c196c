// Calibration: the camera's snapshot with the zones over it (draggable corners), auto-calibration,
// and what the camera reads in each zone right now, with its confidence.
import { act, api, app, toast, withToken } from "./app.js";
import { cardChip, esc } from "./cards.js";
import { t } from "./i18n.js";

const ZONE_COLOURS = { discard: "#e5487b", deck: "#555", pirates: "#1c64d8", ghosts: "#8e44ad", aliens: "#14923f" };
let root = null;
let zones = null; // {"frame": [w, h], "zones": {name: [[x, y], …]}} as the server keeps it
let frameSize = null;
let snapTimer = null;
let dragging = null;
let drawnGeometry = null; // what the zones' SVG was last drawn from

export function mount(el, view) {
  root = el;
  zones = null;
  drawnGeometry = null;
  root.innerHTML = `<section class="camera-screen">
    <div class="cam-main">
      <div class="cam-frame" id="cam-frame">
        <img id="snapshot" alt="">
        <svg id="zones-svg" class="zones-svg"></svg>
        <p class="cam-none" id="cam-none" hidden>${t("cam.noimage")}</p>
      </div>
      <p class="cam-help">${t("cam.help")}</p>
    </div>
    <aside class="cam-side">
      <div class="cam-tools">
        <button class="btn big primary" id="cam-auto">${t("cam.auto")}</button>
        <button class="btn big" id="cam-save">${t("cam.save")}</button>
        <button class="btn" id="cam-reset">${t("cam.reset")}</button>
      </div>
      <div class="panel readings" id="readings"></div>
    </aside></section>`;
  const img = root.querySelector("#snapshot");
  img.addEventListener("load", () => {
    root?.querySelector("#cam-none")?.setAttribute("hidden", "");
    img.hidden = false;
    if (!frameSize) frameSize = [img.naturalWidth, img.naturalHeight];
    drawZones();
    snapTimer = setTimeout(refreshSnapshot, 1200);
  });
  img.addEventListener("error", () => {
    img.hidden = true;
    root?.querySelector("#cam-none")?.removeAttribute("hidden");
    snapTimer = setTimeout(refreshSnapshot, 3000);
  });
  root.querySelector("#cam-auto").addEventListener("click", autoCalibrate);
  root.querySelector("#cam-save").addEventListener("click", saveZones);
  root.querySelector("#cam-reset").addEventListener("click", loadZones);
  refreshSnapshot();
  loadZones();
  camera(view?.camera);
}

export function leave() {
  clearTimeout(snapTimer);
  root = null;
}

export function update(view) {
  camera(view?.camera);
}

function refreshSnapshot() {
  if (!root) return;
  root.querySelector("#snapshot").src = withToken(`/api/camera/snapshot.jpg?t=${Date.now()}`);
}

function normalise(data) {
  if (!data || typeof data !== "object") return { zones: {} };
  if (data.zones && typeof data.zones === "object") return { frame: data.frame, zones: data.zones };
  return { zones: data }; // the bare mapping form
}

async function loadZones() {
  try {
    zones = normalise(await api("GET", "/api/zones"));
  } catch {
    zones = { zones: {} };
  }
  if (zones.frame) frameSize = zones.frame;
  drawZones();
  if (!Object.keys(zones.zones).length) toast(t("cam.nozones"));
}

async function autoCalibrate() {
  const data = await act("/api/zones/auto", {});
  if (data) {
    zones = normalise(data);
    if (zones.frame) frameSize = zones.frame;
    drawZones();
    toast(t("cam.auto.ok"));
  }
}

async function saveZones() {
  if (!zones) return;
  const body = { ...(frameSize ? { frame: frameSize } : {}), zones: zones.zones };
  try {
    zones = normalise(await api("PUT", "/api/zones", body));
    drawZones();
    toast(t("cam.saved"));
  } catch (err) {
    toast(t("err.generic", { msg: err.message }), "error");
  }
}

const topLeft = (points) => points.reduce(([ax, ay], [x, y]) => [Math.min(ax, x), Math.min(ay, y)], [Infinity, Infinity]);

// A zone's name (when there is room for it) and how sure the camera is of the card it reads.
function zoneLabel(name, points, reading, scale) {
  const percent = reading?.card ? `${Math.round((reading.confidence ?? 0) * 100)}%` : "";
  const wide = (Math.max(...points.map((p) => p[0])) - topLeft(points)[0]) / scale > 130;
  return wide ? `${t(`zone.${name}`)} ${percent}` : percent;
}

function drawZones() {
  if (!root) return;
  const svg = root.querySelector("#zones-svg");
  const [w, h] = frameSize ?? [640, 480];
  svg.setAttribute("viewBox", `0 0 ${w} ${h}`);
  root.querySelector("#cam-frame").style.aspectRatio = `${w} / ${h}`;
  const shown = svg.getBoundingClientRect().width || w;
  const scale = w / shown; // frame pixels per screen pixel: handles stay finger-sized
  const entries = Object.entries(zones?.zones ?? {});
  const readings = app.view?.camera?.readings ?? {};
  const labels = entries.map(([name, points]) => zoneLabel(name, points, readings[name], scale));
  // Only the labels changed (the readings come several times a second): the corners stay the same
  // elements, so a finger that has just touched one keeps it.
  const geometry = JSON.stringify([w, h, Math.round(scale * 1000), entries]);
  if (geometry === drawnGeometry) {
    svg.querySelectorAll("text.zone-label").forEach((text, i) => (text.textContent = labels[i]));
    return;
  }
  drawnGeometry = geometry;
  svg.innerHTML = entries.map(([name, points], i) => {
    const colour = ZONE_COLOURS[name] ?? "#f39c12";
    const [lx, ly] = topLeft(points);
    return `<g class="zone" data-zone="${esc(name)}">
      <polygon points="${points.map((p) => p.join(",")).join(" ")}" fill="${colour}22" stroke="${colour}" stroke-width="${3 * scale}"/>
      <text class="zone-label" x="${lx + 16 * scale}" y="${ly + 34 * scale}" font-size="${15 * scale}" fill="#fff" stroke="#000"
        stroke-width="${3 * scale}" paint-order="stroke" font-weight="700">${esc(labels[i])}</text>
      ${points.map(([x, y], k) => `<circle class="corner" data-zone="${esc(name)}" data-k="${k}" cx="${x}" cy="${y}"
        r="${26 * scale}" fill="transparent"/>
        <circle cx="${x}" cy="${y}" r="${11 * scale}" fill="${colour}" stroke="#fff" stroke-width="${3 * scale}" pointer-events="none"/>`).join("")}
    </g>`;
  }).join("");
  svg.querySelectorAll("circle.corner").forEach((c) => c.addEventListener("pointerdown", startDrag));
}

function startDrag(ev) {
  ev.preventDefault();
  const svg = root.querySelector("#zones-svg");
  const circle = ev.target;
  circle.setPointerCapture(ev.pointerId);
  dragging = { zone: circle.dataset.zone, k: Number(circle.dataset.k) };
  const [w, h] = frameSize ?? [640, 480];
  const move = (e) => {
    const pt = new DOMPoint(e.clientX, e.clientY).matrixTransform(svg.getScreenCTM().inverse());
    const x = Math.round(Math.min(Math.max(pt.x, 0), w - 1) * 10) / 10;
    const y = Math.round(Math.min(Math.max(pt.y, 0), h - 1) * 10) / 10;
    zones.zones[dragging.zone][dragging.k] = [x, y];
    const poly = svg.querySelector(`g[data-zone="${dragging.zone}"] polygon`);
    poly.setAttribute("points", zones.zones[dragging.zone].map((p) => p.join(",")).join(" "));
    circle.setAttribute("cx", x);
    circle.setAttribute("cy", y);
    circle.nextElementSibling.setAttribute("cx", x);
    circle.nextElementSibling.setAttribute("cy", y);
  };
  const end = () => {
    circle.removeEventListener("pointermove", move);
    circle.removeEventListener("pointerup", end);
    circle.removeEventListener("pointercancel", end);
    dragging = null;
    drawZones();
  };
  circle.addEventListener("pointermove", move);
  circle.addEventListener("pointerup", end);
  circle.addEventListener("pointercancel", end);
}

// The live readings: beside the picture, and in the zone labels.
export function camera(cam) {
  if (!root) return;
  const box = root.querySelector("#readings");
  const readings = cam?.readings ?? {};
  const status = cam?.status ?? "none";
  box.innerHTML = `<h3>${t("cam.reads")} <small class="cam-status ${esc(status)}">${status === "ok" ? t("cam.status.ok") : status === "lost" ? t("cam.status.lost") : esc(status)}</small></h3>
    <ul>${Object.entries(readings).map(([zone, r]) => {
      const conf = r?.card ? Math.round((r.confidence ?? 0) * 100) : 0; // no card read: no bar
      return `<li data-zone="${esc(zone)}" data-card="${esc(r?.card ?? "")}">
        <span class="zone-name">${t(`zone.${zone}`)}</span>
        ${r?.card ? cardChip(r.card) : `<span class="nothing">${t("cam.nothing")}</span>`}
        <span class="conf"><i style="width:${conf}%" class="${conf >= 80 ? "hi" : conf >= 50 ? "mid" : "lo"}"></i><b>${r?.card ? `${conf}%` : ""}</b></span>
      </li>`;
    }).join("")}</ul>`;
  if (!dragging && zones) drawZones();
}
