// The page's shell: pairing, the API, the live connection, the screens and the language switch.
import { getLang, setLang, t } from "./i18n.js";
import * as start from "./start.js";
import * as table from "./table.js";
import * as calibrate from "./calibrate.js";
import * as score from "./score.js";

const SCREENS = { table, score, camera: calibrate, start };
const TOKEN_KEY = "svintus.token";

export const app = {
  token: null,
  view: null, // the server's view (docs/API.md); the page shows only what it holds
  conn: "connecting",
  screen: null,
  busy: false,
};

// ---- the API -------------------------------------------------------------------------------

export class ApiError extends Error {
  constructor(status, code, message) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

export async function api(method, path, body) {
  let res;
  try {
    res = await fetch(path, {
      method,
      headers: { "X-Token": app.token ?? "", ...(body === undefined ? {} : { "Content-Type": "application/json" }) },
      body: body === undefined ? undefined : JSON.stringify(body),
      cache: "no-store",
    });
  } catch {
    throw new ApiError(0, "network", t("conn.lost"));
  }
  let data = null;
  try {
    data = await res.json();
  } catch {
    data = null;
  }
  if (!res.ok) {
    if (res.status === 401 || res.status === 403) showPairing(true);
    throw new ApiError(res.status, data?.error?.code ?? "http", data?.error?.message ?? `${res.status} ${res.statusText}`);
  }
  return data;
}

// A POST whose answer is the new view; errors are shown as a toast, the state stays as the server holds it.
export async function act(path, body = {}) {
  try {
    const view = await api("POST", path, body);
    if (view && typeof view === "object" && "version" in view) applyView(view);
    return view;
  } catch (err) {
    toast(t("err.generic", { msg: err.message }), "error");
    return null;
  }
}

export function withToken(url) {
  return `${url}${url.includes("?") ? "&" : "?"}token=${encodeURIComponent(app.token ?? "")}`;
}

// ---- the view ------------------------------------------------------------------------------

export function applyView(view) {
  if (!view || typeof view !== "object") return;
  // SSE and POST answers may cross: never step back to an older version.
  if (app.view && typeof view.version === "number" && typeof app.view.version === "number" &&
      view.version < app.view.version && view.match?.id === app.view.match?.id) return;
  app.view = view;
  document.body.dataset.version = String(view.version ?? "");
  // The table was asked for before any match was known, and the start screen stood in for it.
  if (view.match && app.screen === "start" && location.hash.replace(/^#\/?/, "") === "table") {
    route();
    return;
  }
  const screen = SCREENS[app.screen];
  if (screen?.update) screen.update(app.view);
  renderHeader();
}

async function refetch() {
  try {
    applyView(await api("GET", "/api/state"));
    return true;
  } catch {
    return false;
  }
}

// ---- the live connection: EventSource with a growing back-off, then a fresh GET of the state ----

let source = null;
let retryTimer = null;
let backoff = 500;
const BACKOFF_MAX = 8000;

function setConn(state) {
  app.conn = state;
  document.body.dataset.conn = state;
  renderHeader();
}

function connect() {
  clearTimeout(retryTimer);
  if (source) source.close();
  source = new EventSource(withToken("/api/events"));
  source.addEventListener("open", async () => {
    backoff = 500;
    // Events sent while we were away are gone: the state is fetched afresh.
    if (await refetch()) setConn("ok");
  });
  source.addEventListener("state", (ev) => {
    try {
      applyView(JSON.parse(ev.data));
      if (app.conn !== "ok") setConn("ok");
    } catch {
      /* a malformed event: the next one or the re-fetch will correct the page */
    }
  });
  source.addEventListener("camera", (ev) => {
    try {
      const camera = JSON.parse(ev.data);
      if (!app.view) return;
      app.view = { ...app.view, camera };
      SCREENS[app.screen]?.camera?.(camera);
    } catch {
      /* ignored: the next state event carries the camera too */
    }
  });
  source.addEventListener("error", () => {
    source.close();
    source = null;
    setConn("lost");
    retryTimer = setTimeout(connect, backoff);
    backoff = Math.min(backoff * 2, BACKOFF_MAX);
  });
}

// ---- the shell -----------------------------------------------------------------------------

const main = () => document.getElementById("main");

function renderHeader() {
  const nav = document.getElementById("tabs");
  if (!nav) return;
  for (const a of nav.querySelectorAll("a[data-screen]")) {
    a.textContent = t(`tab.${a.dataset.screen}`);
    a.classList.toggle("active", a.dataset.screen === app.screen);
    a.setAttribute("aria-current", a.dataset.screen === app.screen ? "page" : "false");
  }
  const conn = document.getElementById("conn");
  conn.title = t(`conn.${app.conn}`);
  conn.querySelector("span").textContent = t(`conn.${app.conn}`);
  document.getElementById("lang").textContent = t("lang");
  document.getElementById("banner").hidden = app.conn !== "lost";
  document.getElementById("banner").textContent = t("conn.lost");
}

function route() {
  if (!app.token) return showPairing(false);
  let name = location.hash.replace(/^#\/?/, "") || "";
  if (!SCREENS[name]) name = app.view && !app.view.match ? "start" : "table";
  if (name === "table" && app.view && !app.view.match) name = "start";
  if (app.screen && SCREENS[app.screen].leave) SCREENS[app.screen].leave();
  app.screen = name;
  document.body.dataset.screen = name;
  const root = main();
  root.innerHTML = "";
  SCREENS[name].mount(root, app.view);
  renderHeader();
}

export function go(name) {
  if (location.hash === `#/${name}`) route();
  else location.hash = `#/${name}`;
}

function showPairing(failed) {
  if (source) source.close();
  document.body.dataset.screen = "pair";
  const root = main();
  root.innerHTML = `<section class="pair panel">
      <h1>${t("pair.title")}</h1><p>${t("pair.text")}</p>
      ${failed ? `<p class="error">${t("pair.bad")}</p>` : ""}
      <form id="pair-form"><label>${t("pair.field")}
        <input id="pair-token" name="token" autocomplete="off" autocapitalize="off" spellcheck="false" required></label>
        <button class="btn primary big" type="submit">${t("pair.go")}</button></form></section>`;
  root.querySelector("#pair-form").addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const value = root.querySelector("#pair-token").value.trim();
    if (!value) return;
    await pair(value);
  });
}

async function pair(token) {
  app.token = token;
  localStorage.setItem(TOKEN_KEY, token);
  try {
    applyView(await api("GET", "/api/state"));
  } catch (err) {
    if (err.status === 401 || err.status === 403) {
      localStorage.removeItem(TOKEN_KEY);
      app.token = null;
      return showPairing(true);
    }
    setConn("lost");
  }
  route();
  connect();
}

let toastTimer = null;
export function toast(text, kind = "info") {
  const el = document.getElementById("toast");
  el.textContent = text;
  el.className = `toast ${kind}`;
  el.hidden = false;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => (el.hidden = true), kind === "error" ? 6000 : 2500);
}

function boot() {
  setLang(getLang());
  const params = new URLSearchParams(location.search);
  const fromUrl = params.get("token");
  if (fromUrl) localStorage.setItem(TOKEN_KEY, fromUrl);
  app.token = fromUrl || localStorage.getItem(TOKEN_KEY);
  document.getElementById("lang").addEventListener("click", () => {
    setLang(getLang() === "ru" ? "en" : "ru");
    if (app.token) route();
    else showPairing(false);
  });
  window.addEventListener("hashchange", route);
  // A tablet waking up or back on the Wi-Fi: its stream may be dead without an error, so reconnect.
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible" && app.token) connect();
  });
  window.addEventListener("online", () => app.token && connect());
  if (!app.token) return showPairing(false);
  pair(app.token);
}

boot();
