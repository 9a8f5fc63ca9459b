"use strict";
// The game page: polls the server for the game as this page's seat knows it, draws it, and sends decisions.
const $ = (id) => document.getElementById(id);
const esc = (s) => String(s).replace(/[&<>"']/g, (c) => ({"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;"})[c]);
const GID = location.pathname.split("/").pop();
const SVGNS = "http://www.w3.org/2000/svg";
let META = null, V = null, shown = null, busy = false, lastVersion = -1, resultSeen = false;

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
  $("hand").innerHTML = ""; $("options").innerHTML = ""; $("log").textContent = ""; $("boards").innerHTML = "";
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
  const g = META.geometry;
  const map = $("map");
  map.setAttribute("viewBox", "0 0 " + g.width + " " + g.height);
  map.querySelector("#pieces").innerHTML = V.map;
  // click targets: every clearing and forest; those an option names are marked
  const opt = {};
  for (const o of V.options) if (o.target) opt[o.target.kind + o.target.index] = o;
  const t = map.querySelector("#targets");
  let s = "";
  g.clearings.forEach((p, i) => { s += circle("clearing", i, p, g.r_clearing + 4, opt); });
  g.forests.forEach((p, i) => { s += circle("forest", i, p, 32, opt); });
  t.innerHTML = s;
  for (const el of t.querySelectorAll(".target.opt")) el.onclick = () => decide(parseInt(el.dataset.action, 10));
  // the decision
  const mine = V.options.length > 0;
  $("dtitle").textContent = V.over ? "The game is over" : mine ? "Your decision: " + V.decision
    : V.decider ? "Waiting for " + titleOf(V.decider) : "Waiting";
  $("options").innerHTML = V.options.map((o) => '<button class="option" data-action="' + o.action + '"'
    + (o.target ? ' data-target="' + o.target.kind + o.target.index + '"' : "") + ">" + esc(o.text) + "</button>").join("");
  for (const b of $("options").querySelectorAll("button.option")) {
    b.onclick = () => decide(parseInt(b.dataset.action, 10));
    b.onmouseenter = () => mark(b.dataset.target, true);
    b.onmouseleave = () => mark(b.dataset.target, false);
  }
  // the hand: a card an option names is clicked to choose it
  $("hand").innerHTML = V.hand.length ? V.hand.map((c) => {
    const o = opt["card" + c.card];
    return '<span class="card' + (o ? " opt" : "") + '" data-card="' + c.card + '"' + (o ? ' data-action="' + o.action + '" title="' + esc(o.text) + '"' : "") + ">" + esc(c.label) + "</span>";
  }).join("") : (shown ? "no cards" : "(spectator: hands are hidden)");
  for (const el of $("hand").querySelectorAll(".card.opt")) el.onclick = () => decide(parseInt(el.dataset.action, 10));
  // VP, chart, boards, log
  const last = V.vp_history[V.vp_history.length - 1];
  $("vp").innerHTML = V.seats.map((x, k) => '<span class="key" style="background:' + x.color + '"></span>' + esc(x.title) + " <b>" + last[k] + "</b>").join(" ");
  chart();
  $("boards").innerHTML = V.boards;
  $("log").textContent = V.log.join("\n");
  $("log").scrollTop = $("log").scrollHeight;
  $("takeseat").innerHTML = V.seats.filter((x) => x.player !== "human" && x.player !== "bot").map((x) => '<option value="' + x.faction + '">' + esc(x.title) + "</option>").join("");
  $("takeover").disabled = !$("takeseat").options.length;
  if (V.over && !resultSeen) showResult();
}
function circle(kind, i, p, r, opt) {
  const o = opt[kind + i];
  return '<circle class="target' + (o ? " opt" : "") + '" data-kind="' + kind + '" data-index="' + i + '"' + (o ? ' data-action="' + o.action + '"' : "")
    + ' cx="' + p[0] + '" cy="' + p[1] + '" r="' + r + '"><title>' + esc(o ? o.text : kind + " " + (i + 1)) + "</title></circle>";
}
function mark(key, on) {
  if (!key) return;
  const [kind, idx] = [key.replace(/\d+$/, ""), key.match(/\d+$/)[0]];
  const el = $("map").querySelector('.target[data-kind="' + kind + '"][data-index="' + idx + '"]');
  if (el) el.classList.toggle("hover", on);
  const card = $("hand").querySelector('.card[data-card="' + idx + '"]');
  if (kind === "card" && card) card.style.outline = on ? "3px solid #d07a00" : "";
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
