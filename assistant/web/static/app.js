// The phone page: one card per photo, each read on the computer as soon as it arrives.
// Every address is relative, so the session's code in the page's address goes with each request.
"use strict";

const ARROW_TURN = { "^": 0, ">": 90, "v": 180, "<": 270 };
const FACE_NAMES = { U: "up", R: "right", F: "front", D: "down", L: "left", B: "back" };
let chosen = null;        // the kind the person picked (null: the server's)
let busy = false;         // an upload is on its way
let shown = "";           // the status last drawn (the cards are redrawn only when it changes)
let last = null;          // the status last drawn, as data

function el(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
}

async function api(path, options) {
  const res = await fetch("api/" + path, options);
  let body = null;
  try { body = await res.json(); } catch (e) { body = { error: "the computer gave no answer" }; }
  if (!res.ok) throw new Error(body.error || ("error " + res.status));
  return body;
}

function faceGrid(letter, view) {
  const fig = el("figure", "face");
  fig.dataset.face = letter;
  const grid = el("div", "grid");
  view.tokens.forEach((token, i) => {
    const cell = el("div", "cell");
    const digit = el("span", "", token.slice(0, -1));
    if (view.blank.includes(i)) { cell.classList.add("blank"); digit.textContent = "?"; }
    else {
      digit.style.transform = `rotate(${ARROW_TURN[token.slice(-1)] || 0}deg)`;
      if (digit.textContent === "6" || digit.textContent === "9")
        digit.style.textDecoration = "underline";
    }
    if (view.doubtful.includes(i)) cell.classList.add("doubtful");
    cell.title = token;
    cell.appendChild(digit);
    grid.appendChild(cell);
  });
  fig.appendChild(grid);
  fig.appendChild(el("figcaption", "", view.centre === null
    ? `${letter}: no digit seen on the centre` : `${letter}: centre ${view.centre}`));
  return fig;
}

function title(kind, name) {
  return kind === "corners" ? `Corner photo ${name}` : `Face ${name} (${FACE_NAMES[name]})`;
}

// While the computer reviews the reading (and plans) it takes no photo of the set.
const REVIEW_STAGES = ["reviewing", "inconsistent"];

function card(kind, photo, isNext, check, locked) {
  const li = document.getElementById("photo-card").content.firstElementChild.cloneNode(true);
  li.dataset.photo = photo.name;
  li.querySelector("h2").textContent = check ? `Check: ${title(kind, photo.name)}`
                                             : title(kind, photo.name);
  li.querySelector(".hold").textContent = photo.hold;
  const faces = li.querySelector(".faces");
  for (const [letter, view] of Object.entries(photo.faces)) faces.appendChild(faceGrid(letter, view));
  // A corner photo held with no face on top: kept, named when the other photo arrives.
  const read = Object.keys(photo.faces).length > 0 || Boolean(photo.unnamed);
  if (photo.unnamed) {
    const p = li.querySelector(".unnamed");
    p.hidden = false;
    p.textContent = photo.unnamed;
  }
  // A photo saved mirrored (a front camera's), read flipped back: said where it was taken.
  if (photo.note) {
    const p = li.querySelector(".note");
    p.hidden = false;
    p.textContent = photo.note;
  }
  if (photo.refused) {
    const p = li.querySelector(".refused");
    p.hidden = false;
    p.textContent = photo.refused;
  }
  li.classList.toggle("done", read);
  li.classList.toggle("next", isNext);
  li.querySelector(".take span").textContent = read || photo.refused ? "Retake photo" : "Take photo";
  li.querySelector(".take").hidden = Boolean(locked);
  const input = li.querySelector("input");
  input.setAttribute("aria-label", `${check ? "check " : ""}photo ${photo.name}`);
  const where = check ? "check" : kind === "corners" ? "corner" : "face";
  input.addEventListener("change", () => send(where, photo.name, input.files[0], li));
  return li;
}

async function send(where, name, file, li) {
  if (!file || busy) return;
  busy = true;
  li.classList.add("busy");
  // said on the card too: the message is at the top, off screen below the first cards
  li.querySelector(".take span").textContent = "Reading...";
  setMessage(`Reading ${where === "corner" ? "corner photo" : "photo"} ${name}...`);
  try {
    await api(`${where}/${name}`, { method: "POST", body: file });
  } catch (e) {
    setMessage(e.message);
  } finally {
    busy = false;
    await refresh();
  }
}

function setMessage(text) { document.getElementById("message").textContent = text; }

function stageMessage(s) {
  // A check the guide asks for comes first: the person is waiting at the guide for it.
  if (s.check) return "The guide checks the cube: take the photo it asks for.";
  if (s.stage === "photos") return s.next ? `Next: ${title(s.kind, s.next)}.` : "";
  if (s.stage === "reading") return "All photos are in: reading the whole cube...";
  // The set refused as a whole: why, then how to go on where the refusal does not say it
  // (the computer decides which, where the refusal is made).
  if (s.stage === "refused") return s.retake ? `${s.message} ${s.retake}` : s.message;
  // The terminal reviews the reading (not consistent: why, and the photos to retake after).
  if (REVIEW_STAGES.includes(s.stage)) return s.message;
  // q stopped the review at the computer: the photos misread are retaken here.
  if (s.stage === "read" && s.message) return s.message;
  return s.step ? "" : "The cube is read. Check the reading on the computer; the steps appear " +
                       "here when the guide starts.";
}

function showStep(step) {
  const box = document.getElementById("step");
  box.hidden = !step;
  if (!step) return;
  // what the guide's check said at this step, as the terminal says it
  const said = document.getElementById("step-said");
  said.textContent = step.said || "";
  said.hidden = !step.said;
  document.getElementById("step-count").textContent =
    step.done ? `All ${step.total} steps done` : `Step ${step.number} of ${step.total}`;
  document.getElementById("step-move").textContent = step.move;
  document.getElementById("step-words").textContent = step.words;
  document.getElementById("step-hold").textContent = step.hold;
  document.getElementById("step-picture").innerHTML = step.picture;
  // Next and Back only where nobody steps the guide at the computer (serve --plain)
  document.getElementById("step-turns").hidden = !step.own;
  document.getElementById("step-back").disabled = step.number <= 1 && !step.done;
  document.getElementById("step-next").disabled = step.done;
}

async function turn(way) {
  try {
    showStep(await api(`step/${way}`, { method: "POST" }));
  } catch (e) {
    setMessage(e.message);
  }
}

function render(s) {
  const text = JSON.stringify(s);
  if (text === shown) return;  // a redraw would reset a photo being chosen
  shown = text;
  last = s;
  const kind = s.kind;
  for (const b of document.querySelectorAll(".kinds button"))
    b.setAttribute("aria-pressed", String(b.dataset.kind === kind));
  const list = document.getElementById("photos");
  // no photo of the set is taken while the terminal reviews it or guides the plan made from it
  const locked = REVIEW_STAGES.includes(s.stage) || Boolean(s.guiding);
  // Which kind of photos is asked only while photos are taken (after q at the review too):
  // not while the set is read, reviewed or guided, when a switch would drop the photos read.
  const taking = ["photos", "refused"].includes(s.stage) || (s.stage === "read" && !!s.message);
  document.querySelector(".kinds").hidden = !taking || Boolean(s.step);
  // once the guide shows its steps, the photos are taken and the lead says no more
  document.getElementById("lead").hidden = Boolean(s.step);
  list.replaceChildren(...s.photos.map(p => card(kind, p, p.name === s.next, false, locked)));
  // A check the guide asks for goes above the step, and is brought into view when it comes:
  // on a phone the step's picture fills the screen, and the person waits at the guide.
  const check = document.getElementById("check");
  const asked = Boolean(s.check) && !check.children.length;
  check.replaceChildren(...(s.check ? [card(s.check.corner ? "corners" : "faces", s.check,
                                             true, true, false)] : []));
  if (asked) check.scrollIntoView({block: "start"});
  if (!busy) setMessage(stageMessage(s));
  // What the whole reading says (how a photo held with no face on top was named).
  document.getElementById("notes").replaceChildren(...(s.notes || []).map(n => el("li", "", n)));
  showStep(s.step);
}

async function refresh() {
  try {
    render(await api("status" + (chosen ? `?kind=${chosen}` : "")));
  } catch (e) {
    setMessage(`The computer cannot be reached (${e.message}); is sudoku-cube serve still running?`);
  }
}

// A set is of one kind: the photos of the other kind taken so far are set aside by the
// computer when the first photo of the new kind arrives, so the person is asked first.
function switchAllowed(kind) {
  if (!last || last.kind === kind) return true;
  const taken = last.photos.filter(p => Object.keys(p.faces).length || p.unnamed).length;
  if (!taken) return true;
  const what = last.kind === "faces" ? "face photo" : "corner photo";
  const next = kind === "faces" ? "face photo" : "corner photo";
  return confirm(`The ${taken} ${what}${taken > 1 ? "s" : ""} taken will be set aside when ` +
                 `the first ${next} is taken (a set is of one kind). Switch?`);
}

for (const b of document.querySelectorAll(".kinds button"))
  b.addEventListener("click", () => {
    if (!switchAllowed(b.dataset.kind)) return;
    chosen = b.dataset.kind;
    refresh();
  });
document.getElementById("step-back").addEventListener("click", () => turn("back"));
document.getElementById("step-next").addEventListener("click", () => turn("next"));
refresh();
setInterval(() => { if (!busy) refresh(); }, 1500);
