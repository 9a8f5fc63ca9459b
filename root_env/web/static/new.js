"use strict";
// The new-game page: seats, options, start; or load a saved record and choose who plays each faction.
const $ = (id) => document.getElementById(id);
const esc = (s) => String(s).replace(/[&<>"']/g, (c) => ({"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;"})[c]);
let META = null, RECORD = null;
const DEFAULTS = {marquise: "human", eyrie: "heuristic", alliance: "bot", vagabond: "heuristic"};

async function api(path, body) {
  const r = await fetch(path, body === undefined ? {} : {method: "POST", headers: {"Content-Type": "application/json"}, body: JSON.stringify(body)});
  const d = await r.json();
  if (!r.ok) throw new Error(d.error || r.statusText);
  return d;
}
function playerSelect(f, value, withBot, withOther = true) {
  const opts = ["human"].concat(META.agents).concat(f.pretrained ? ["pretrained:" + f.faction] : []).concat(withBot ? ["bot"] : [])
    .concat(withOther ? ["other"] : []);
  return '<select class="player" data-f="' + f.faction + '">' + opts.map((o) => '<option value="' + o + '"' + (o === value ? " selected" : "") + ">"
    + (o === "human" ? "you (human)" : o === "bot" ? "Clockwork bot: " + f.bot.replace("_", " ") : o === "other" ? "other agent spec..." : "agent: " + o) + "</option>").join("") + "</select>";
}
function seatRow(f) {
  const on = f.faction in DEFAULTS;
  const traits = f.traits.map((t) => '<label><input type="checkbox" class="trait" value="' + t + '">' + t.replace("_", " ") + "</label>").join("");
  return '<tr data-f="' + f.faction + '"><td><input type="checkbox" class="on"' + (on ? " checked" : "") + '></td>'
    + '<td><span class="key" style="background:' + f.color + '"></span>' + esc(f.title) + "</td><td>" + playerSelect(f, DEFAULTS[f.faction] || "heuristic", !!f.bot) + "</td>"
    + '<td><span class="botopts hidden"><select class="level">' + META.levels.map((l) => '<option' + (l === "normal" ? " selected" : "") + ">" + l + "</option>").join("")
    + '</select> <span class="traits">' + traits + '</span></span><input class="spec hidden" placeholder="e.g. ismcts:400 or ppo:runs/x/last.pt" size="30"></td></tr>';
}
function refreshRow(tr) {
  const p = tr.querySelector(".player").value;
  tr.querySelector(".botopts").classList.toggle("hidden", p !== "bot");
  tr.querySelector(".spec").classList.toggle("hidden", p !== "other");
}
function seats() {
  const out = [];
  for (const tr of document.querySelectorAll("#seats tbody tr")) {
    if (!tr.querySelector(".on").checked) continue;
    let p = tr.querySelector(".player").value;
    const s = {faction: tr.dataset.f, player: p};
    if (p === "other") s.player = tr.querySelector(".spec").value.trim();
    if (p === "bot") { s.level = tr.querySelector(".level").value; s.traits = [...tr.querySelectorAll(".trait:checked")].map((x) => x.value); }
    out.push(s);
  }
  return out;
}
function options() {
  const o = {max_turns: parseInt($("max_turns").value, 10) || 300};
  for (const k of ["random_seating", "auto_forced", "cooperative"]) if ($(k).checked) o[k] = true;
  if ($("advanced_setup").checked) o.setup = "advanced";
  if ($("lizard_draw_bonus").value !== META.lizard_draw_bonus[0]) o.lizard_draw_bonus = $("lizard_draw_bonus").value;
  if ($("bot_rules").value !== META.bot_rules[0]) o.bot_rules = $("bot_rules").value;
  if ($("map").value !== META.maps[0]) o.map = $("map").value;
  const bo = {};
  for (const sel of document.querySelectorAll(".botopt")) if (sel.value !== META.bot_options[sel.dataset.k][0]) bo[sel.dataset.k] = sel.value;
  if (Object.keys(bo).length) o.bot_options = bo;
  const ch = [...document.querySelectorAll(".character:checked")].map((x) => x.value);
  if (ch.length !== META.characters.length) o.vagabond_characters = ch;
  return o;
}
async function start() {
  $("msg").textContent = "";
  const body = {seats: seats(), options: options(), delay: parseFloat($("delay").value)};
  if ($("seed").value !== "") body.seed = parseInt($("seed").value, 10);
  try {
    const d = await api("/api/new", body);
    location.href = "/play/" + d.gid;
  } catch (e) { $("msg").textContent = e.message; }
}
function loadFile(ev) {
  const file = ev.target.files[0];
  if (!file) return;
  const reader = new FileReader();
  reader.onload = () => {
    try { RECORD = JSON.parse(reader.result); } catch (e) { $("msg").textContent = "not a saved game: " + e.message; return; }
    const facs = ((RECORD.options || {}).factions || []).map(String);
    $("loadseats").innerHTML = facs.map((s, k) => {
      const name = s.startsWith("bot:") ? null : s;
      return '<div class="row">' + esc(s) + (name ? ": " + playerSelect(Object.assign({faction: name}, META.factions.find((x) => x.faction === name), {bot: null}), k === 0 ? "human" : "heuristic", false, false) : " (the engine plays the bot)") + "</div>";
    }).join("");
    $("loadstart").disabled = false;
  };
  reader.readAsText(file);
}
async function loadStart() {
  const players = {};
  for (const s of document.querySelectorAll("#loadseats select.player")) players[s.dataset.f] = s.value;
  try {
    const d = await api("/api/load", {record: RECORD, players: players, delay: parseFloat($("delay").value)});
    location.href = "/play/" + d.gid;
  } catch (e) { $("msg").textContent = e.message; }
}
(async function init() {
  META = await api("/api/meta");
  $("seats").querySelector("tbody").innerHTML = META.factions.map(seatRow).join("");
  for (const tr of document.querySelectorAll("#seats tbody tr")) {
    tr.querySelector(".player").onchange = () => refreshRow(tr);
    refreshRow(tr);
  }
  $("lizard_draw_bonus").innerHTML = META.lizard_draw_bonus.map((x) => "<option>" + x + "</option>").join("");
  $("bot_rules").innerHTML = META.bot_rules.map((x) => "<option>" + x + "</option>").join("");
  $("map").innerHTML = META.maps.map((x) => "<option>" + x + "</option>").join("");
  $("bot_options").innerHTML = Object.entries(META.bot_options).map(([k, v]) => "<label>" + k.replace("aa_", "").replace("_", " ")
    + ' <select class="botopt" data-k="' + k + '">' + v.map((x) => "<option>" + x + "</option>").join("") + "</select></label> ").join("");
  $("characters").innerHTML = META.characters.map((c) => '<label><input type="checkbox" class="character" value="' + c + '" checked>' + c + "</label> ").join("");
  $("start").onclick = start;
  $("loadfile").onchange = loadFile;
  $("loadstart").onclick = loadStart;
})();
