"use strict";
// The game page: polls the server for the game as this page's seat knows it, draws it, and sends decisions.
const $ = (id) => document.getElementById(id);
const esc = (s) => String(s).replace(/[&<>"']/g, (c) => ({"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;"})[c]);
const GID = location.pathname.split("/").pop();
const SVGNS = "http://www.w3.org/2000/svg";
let META = null, V = null, shown = null, busy = false, lastVersion = -1, resultSeen = false;
let narrow = null, narrowAt = -1;  // the options one click matched, shown alone (at that version)

async function api(path, body) {
  const r = await fetch(path, body === undefined ? {cache: "no-store"} : {method: "POST", headers: {"Content-Type": "application/json"}, body: JSON.stringify(body)});
  const d = await r.json();
  if (!r.ok) { const e = new Error(d.error || r.statusText); e.status = r.status; throw e; }
  return d;
}
const say = (t) => { $("msg").textContent = t || ""; };
const humans = () => V ? V.seats.filter((s) => s.player === "human").map((s) => s.faction) : [];
const titleOf = (f) => { const s = V.seats.find((x) => x.faction === f); return s ? s.title : f; };

// Which seat this page shows: the one human seat; in hot seat the human deciding (after the cover), else the last shown.
function wanted() {
  const h = humans();
  if (h.length === 0) return null;
  if (h.length === 1) return h[0];
  if (V.decider && h.includes(V.decider)) return V.decider;
  return h.includes(shown) ? shown : null;
}
async function poll(force) {
  if (busy && !force) return;
  try {
    const q = [shown ? "seat=" + shown : "", force || !V ? "" : "since=" + lastVersion].filter((x) => x).join("&");
    const d = await api("/api/game/" + GID + (q ? "?" + q : ""));
    if (d.unchanged) { Object.assign(V, d); return drawHeader(); }
    V = d;
    const w = wanted();
    if (w !== shown) {
      if (w !== null && humans().length > 1) return cover(w);
      shown = w;
      return poll(true);
    }
    if (d.version !== lastVersion || force) { lastVersion = d.version; draw(); } else drawHeader();
  } catch (e) {
    if (e.status === 400 && shown) { shown = null; return poll(true); }  // the seat is no longer played here
    say(e.message);
  }
}
function cover(f) {
  $("covertext").textContent = titleOf(f) + " to play: pass the screen to the " + titleOf(f) + " player.";
  $("cover").classList.remove("hidden");
  $("map").querySelector("#pieces").innerHTML = "";  // nothing of the last seat's view stays visible behind it
  $("hand").innerHTML = ""; $("mine").innerHTML = ""; $("options").innerHTML = ""; $("narrow").innerHTML = ""; $("hint").classList.add("hidden"); $("log").textContent = ""; $("boards").innerHTML = "";
  $("covergo").onclick = () => { $("cover").classList.add("hidden"); shown = f; lastVersion = -1; poll(true); };
}
async function send(what, body) {
  busy = true;
  say("");
  try {
    await api("/api/game/" + GID + "/" + what, Object.assign({version: V.version}, body));
    if (what === "player") shown = null;  // the seats played here changed: the next view says which to show
  } catch (e) {
    say(e.status === 409 ? "This page was out of date (" + e.message + "); it has been redrawn." : e.message);
  } finally {
    busy = false;
    await poll(true);
  }
}
const decide = (a) => send("decide", {seat: shown, action: a});

function drawHeader() {
  $("status").textContent = V.status + (V.thinking ? " · " + titleOf(V.thinking) + " is thinking..." : "") + (V.paused ? " · paused" : "");
  if (V.error) say(V.error);
  const me = shown && humans().includes(shown);
  $("who").textContent = me ? "You play " + titleOf(shown) : humans().length ? "" : "Watching (spectator)";
  $("undo").disabled = !V.can_undo;
  $("resign").disabled = !me || V.over;
  $("autobox").classList.toggle("hidden", !me || V.over);
  $("watchbox").classList.toggle("hidden", V.over || humans().length > 0);  // take over: for a spectator
  $("pause").classList.toggle("hidden", V.over || (humans().length > 0 && !V.paused));
  $("pause").textContent = V.paused ? "Run" : "Pause";
  $("pace").value = String(V.delay);
}
function draw() {
  drawHeader();
  const g = V.geometry || META.geometry;  // the game's map (a Winter game's clearings are not the Autumn map's)
  const map = $("map");
  map.setAttribute("viewBox", "0 0 " + g.width + " " + g.height);
  map.querySelector("#static").innerHTML = V.map;
  // under the pieces, a ring on every clearing and forest (a click on a piece no option names falls through to it)
  let s = "";
  g.clearings.forEach((p, i) => { s += ring("clearing", i, p, g.r_clearing + 4); });
  g.forests.forEach((p, i) => { s += ring("forest", i, p, 32); });
  map.querySelector("#targets").innerHTML = s;
  map.querySelector("#pieces").innerHTML = V.pieces;
  // the decision
  const mine = V.options.length > 0;
  $("dtitle").textContent = V.over ? "The game is over" : mine ? "Your decision: " + V.decision
    : V.decider ? "Waiting for " + titleOf(V.decider) : "Waiting";
  $("hint").classList.toggle("hidden", !mine);
  if (V.version !== narrowAt) narrow = null;
  // the hand and the seat's own board: cards, items, quests, board spaces, each clickable where an option names it
  $("hand").innerHTML = V.hand.length ? V.hand.map((c) => chip(c.label, {kind: "card", card: c.card}, "card")).join("")
    : (shown ? "no cards" : "(spectator: hands are hidden)");
  $("mine").innerHTML = V.board.map((r) => '<div class="row"><span class="rowtitle">' + esc(r.title) + "</span> "
    + (r.chips.length ? r.chips.map((c) => chip(c.label, c, c.kind === "card" ? "card" : "")).join("") : "none") + "</div>").join("");
  $("minebox").classList.toggle("hidden", !V.board.length);
  // VP, chart, boards, log
  const last = V.vp_history[V.vp_history.length - 1];
  $("vp").innerHTML = V.seats.map((x, k) => '<span class="vpentry" data-kind="faction" data-faction="' + x.faction + '"><span class="key" style="background:'
    + x.color + '"></span>' + esc(x.title) + " <b>" + last[k] + "</b></span>").join(" ");
  chart();
  $("boards").innerHTML = V.boards;
  drawOptions();
  $("log").textContent = V.log.join("\n");
  $("log").scrollTop = $("log").scrollHeight;
  $("takeseat").innerHTML = V.seats.filter((x) => x.player !== "human" && x.player !== "bot").map((x) => '<option value="' + x.faction + '">' + esc(x.title) + "</option>").join("");
  $("takeover").disabled = !$("takeseat").options.length;
  if (V.over && !resultSeen) showResult();
}
// A thing drawn on the page (data-kind and its fields) and the options naming it (targets.py: every field of a target
// matches); a clearing's or forest's ring also stands for every option with a target in it.
const things = () => document.querySelectorAll("#map [data-kind], #side [data-kind]");
const fits = (t, el) => Object.keys(t).every((k) => el.dataset[k] === String(t[k]));
function optionsOf(el) {
  const k = el.dataset.kind;
  if (el.classList.contains("target")) return V.options.filter((o) => o.targets.some((t) => String(t[k]) === el.dataset[k]));
  return V.options.filter((o) => o.targets.some((t) => fits(t, el)));
}
function thingName(el) {
  const t = el.querySelector(":scope > title");
  return t ? t.textContent : el.dataset.label || el.textContent;
}
function markThings() {
  for (const el of things()) {
    const os = optionsOf(el);
    el.classList.toggle("opt", os.length > 0);
    if (!os.length) { el.removeAttribute("tabindex"); el.removeAttribute("role"); el.onclick = el.onkeydown = null; continue; }
    const name = thingName(el);
    el.setAttribute("tabindex", "0");
    el.setAttribute("role", "button");
    el.setAttribute("aria-label", name + ": " + (os.length === 1 ? os[0].text : os.length + " options"));
    el.onclick = (ev) => { ev.stopPropagation(); choose(os, name); };
    el.onkeydown = (ev) => { if (ev.key === "Enter" || ev.key === " ") { ev.preventDefault(); choose(os, name); } };
  }
}
// One option: chosen. Several: the list shows just those (and a way back to all of them).
function choose(os, name) {
  if (os.length === 1) return decide(os[0].action);
  narrow = {name: name, actions: os.map((o) => o.action)};
  narrowAt = V.version;
  drawOptions();
  const first = $("options").querySelector("button.option");
  if (first) first.focus();
}
function drawOptions() {
  const list = narrow ? V.options.filter((o) => narrow.actions.includes(o.action)) : V.options;
  $("narrow").innerHTML = narrow ? "Options for " + esc(narrow.name) + " (" + list.length + ' of ' + V.options.length
    + ') <button id="showall">Show all options</button>' : "";
  $("narrow").classList.toggle("hidden", !narrow);
  if (narrow) $("showall").onclick = () => { narrow = null; drawOptions(); };
  $("options").innerHTML = list.map((o) => '<button class="option" data-action="' + o.action + '">' + esc(o.text) + "</button>").join("");
  const byAction = new Map(V.options.map((o) => [o.action, o]));
  for (const b of $("options").querySelectorAll("button.option")) {
    const o = byAction.get(parseInt(b.dataset.action, 10));
    b.onclick = () => decide(o.action);
    b.onmouseenter = b.onfocus = () => mark(o, true);
    b.onmouseleave = b.onblur = () => mark(o, false);
  }
  markThings();
}
function ring(kind, i, p, r) {
  return '<circle class="target" data-kind="' + kind + '" data-' + kind + '="' + i + '" cx="' + p[0] + '" cy="' + p[1] + '" r="' + r
    + '"><title>' + kind + " " + (i + 1) + "</title></circle>";
}
function chip(label, fields, cls) {
  const data = Object.keys(fields).filter((k) => k !== "label").map((k) => " data-" + k + '="' + esc(fields[k]) + '"').join("");
  return '<span class="chip ' + (cls || "") + '"' + data + ' data-label="' + esc(label) + '">' + esc(label) + "</span>";
}
function mark(o, on) {
  for (const el of things()) if (o.targets.some((t) => fits(t, el))) el.classList.toggle("hover", on);
}
function chart() {
  const H = V.vp_history, W = 560, HH = 150, L = 26, B = 16, n = H.length;
  const top = Math.max(30, ...H.map((r) => Math.max(...r)));
  const x = (i) => L + (W - L - 6) * i / Math.max(1, n - 1), y = (v) => HH - B - (HH - B - 8) * v / top;
  let s = '<line x1="' + L + '" y1="' + y(30) + '" x2="' + W + '" y2="' + y(30) + '" stroke="#bbb" stroke-dasharray="4,3"/>'
    + '<text x="2" y="' + (y(30) + 4) + '" font-size="11">30</text><text x="2" y="' + (HH - B + 4) + '" font-size="11">0</text>'
    + '<text x="' + L + '" y="' + (HH - 3) + '" font-size="11">VP after each decision</text>';
  const stride = Math.max(1, Math.floor(n / 500));
  V.seats.forEach((f, k) => {
    let pts = "";
    for (let i = 0; i < n; i += stride) pts += x(i).toFixed(1) + "," + y(H[i][k]).toFixed(1) + " ";
    pts += x(n - 1).toFixed(1) + "," + y(H[n - 1][k]).toFixed(1);
    s += '<polyline fill="none" stroke-width="2.5" stroke="' + f.color + '" points="' + pts + '"/>';
  });
  $("vpchart").innerHTML = s;
}
function showResult() {
  const r = V.result;
  resultSeen = true;
  $("rtitle").textContent = r.resigned ? titleOf(r.resigned) + " resigned" : r.truncated ? "Game over at the turn cap (turn " + r.turn + "): no winner"
    : "Game over: " + r.winners.map(titleOf).join(", ") + " win" + (r.winners.length === 1 ? "s" : "");
  $("rtable").innerHTML = V.seats.map((x) => "<tr><td>" + esc(x.title) + (r.winners.includes(x.faction) ? " ★" : "") + "</td><td>" + esc(x.player) + "</td><td><b>" + r.vp[x.faction] + "</b> VP</td></tr>").join("");
  $("result").classList.remove("hidden");
}
async function save() {
  const rec = await api("/api/game/" + GID + "/record");
  const a = document.createElement("a");
  a.href = URL.createObjectURL(new Blob([JSON.stringify(rec)], {type: "application/json"}));
  a.download = "root_game_" + GID + ".json";
  document.body.appendChild(a);
  a.click();
  a.remove();
}
function loadFile(ev) {
  const file = ev.target.files[0];
  if (!file) return;
  const reader = new FileReader();
  reader.onload = () => {
    let rec;
    try { rec = JSON.parse(reader.result); } catch (e) { say("not a saved game: " + e.message); return; }
    resultSeen = false;
    $("result").classList.add("hidden");
    send("load", {record: rec});
  };
  reader.readAsText(file);
  ev.target.value = "";
}
(async function init() {
  META = await api("/api/meta");
  $("autospec").innerHTML = META.agents.map((a) => "<option>" + a + "</option>").join("");
  $("undo").onclick = () => send("undo", {seat: shown});
  $("resign").onclick = () => { if (confirm("Resign this game?")) send("resign", {seat: shown}); };
  $("save").onclick = save;
  $("rsave").onclick = save;
  $("rboard").onclick = () => $("result").classList.add("hidden");
  $("loadbtn").onclick = () => $("loadfile").click();
  $("loadfile").onchange = loadFile;
  $("autoplay").onclick = () => send("player", {seat: shown, player: $("autospec").value});
  $("takeover").onclick = () => send("player", {seat: $("takeseat").value, player: "human"});
  $("pause").onclick = () => api("/api/game/" + GID + "/control", {paused: !V.paused}).then(() => poll(true), (e) => say(e.message));
  $("pace").onchange = () => api("/api/game/" + GID + "/control", {delay: parseFloat($("pace").value)}).then(() => poll(true), (e) => say(e.message));
  await poll(true);
  setInterval(poll, 500);
})();
