// A player's board: the places of their solitaire as tiles. Click a tile,
// then a lit destination (or drag it there); a tile whose move needs no
// destination moves at once. Tab and the arrow keys go from tile to tile,
// Enter or Space clicks, Escape lets go. Every move is a POST with the
// session's CSRF token and the version the board shows; the server checks
// it all and answers the board as it now is. Without JavaScript the list
// of legal moves below is a form that does the same.
(function () {
  "use strict";
  var root = document.getElementById("play");
  if (!root || !window.fetch) return;
  var board = JSON.parse(root.dataset.board);
  // cursor is the tile Tab reaches (one stop for the board; the arrows
  // move within it).
  var selected = "", confirming = "", busy = false, cursor = "";
  var places = document.getElementById("places");
  var commands = document.getElementById("commands");
  var status = document.getElementById("play-status");
  var form = document.getElementById("move-form");
  var list = document.getElementById("move-list");
  var picture = document.getElementById("picture");
  places.hidden = false;
  commands.hidden = false;

  function say(text) { status.textContent = text; }

  function button(cls, label, name) {
    var b = document.createElement("button");
    b.type = "button";
    b.className = cls;
    b.textContent = label;
    if (name) b.dataset.place = name;
    return b;
  }

  // destinations: the places the selected one reaches, and the moves.
  function destinations() { return (selected && board.from[selected] && board.from[selected].to) || {}; }

  function hinted(name) {
    if (!board.hint) return false;
    var w = board.hint.split(" ");
    return w[0] === name || w[1] === name;
  }

  function draw() {
    var at = keyboardAt();
    root.dataset.version = board.version;
    root.dataset.board = JSON.stringify(board); // the board as shown, for tools and tests
    form.elements.version.value = board.version;
    places.textContent = "";
    var dests = destinations();
    board.places && board.places.forEach(function (row, r) {
      var line = document.createElement("div");
      line.className = "row";
      row.forEach(function (p, c) {
        var f = board.from[p.name];
        var t = button("tile", p.label, p.name);
        t.dataset.r = r;
        t.dataset.c = c;
        if (f) t.classList.add("can");
        if (p.name === selected) { t.classList.add("sel"); t.setAttribute("aria-pressed", "true"); }
        if (dests[p.name]) { t.classList.add("dest"); t.setAttribute("aria-label", p.label + ": move here (" + dests[p.name] + ")"); }
        if (hinted(p.name)) t.classList.add("hint");
        if (!f && !dests[p.name] && p.name !== selected) t.setAttribute("aria-disabled", "true");
        t.tabIndex = p.name === (cursor || selected || firstMovable()) ? 0 : -1;
        line.appendChild(t);
      });
      places.appendChild(line);
    });
    // A card whose move needs no destination (to the foundation) may be
    // dropped here, as well as clicked.
    if (Object.keys(board.from).some(function (k) { return board.from[k].direct; })) {
      var drop = button("tile drop", "Drop a card here to play it");
      drop.dataset.drop = "1";
      drop.tabIndex = -1;
      drop.setAttribute("aria-hidden", "true");
      if (selected && board.from[selected] && board.from[selected].direct) drop.classList.add("dest");
      places.appendChild(drop);
    }
    commands.textContent = "";
    (board.commands || []).forEach(function (c) {
      var b = button("cmd" + (c.confirm ? " danger" : ""), confirming === c.move ? "Sure? " + c.label : c.label);
      b.dataset.move = c.move;
      b.addEventListener("click", function () {
        if (c.confirm && confirming !== c.move) { confirming = c.move; draw(); return; }
        send(c.move);
      });
      commands.appendChild(b);
    });
    if (board.hints) {
      var h = button("cmd", "Hint");
      h.dataset.hint = "1";
      h.addEventListener("click", hint);
      commands.appendChild(h);
    }
    list.textContent = "";
    (board.legal || []).forEach(function (m) {
      var o = document.createElement("option");
      o.textContent = m;
      list.appendChild(o);
    });
    form.querySelector("button").disabled = !(board.legal && board.legal.length);
    if (picture && board.alt) picture.alt = board.alt;
    root.dispatchEvent(new CustomEvent("dealer:drawn", { detail: board })); // the overlay lays the tiles out
    focusAgain(at);
  }

  // keyboardAt is the board's tile or command the focus is on, to find
  // again once draw has made them anew (a keyboard's player stays where
  // they were after a move, a live update, a "Sure?").
  function keyboardAt() {
    var e = document.activeElement;
    if (!e || !(places.contains(e) || commands.contains(e))) return null;
    return { place: e.dataset.place, move: e.dataset.move, hint: e.dataset.hint };
  }

  // focusAgain puts the focus back on at's tile or command, or, when that
  // command is gone (no undo left), on the board's tab stop.
  function focusAgain(at) {
    if (!at || root.contains(document.activeElement)) return;
    var e = at.place ? places.querySelector('[data-place="' + CSS.escape(at.place) + '"]')
      : at.move ? commands.querySelector('[data-move="' + CSS.escape(at.move) + '"]')
      : at.hint ? commands.querySelector("[data-hint]") : null;
    (e || places.querySelector('.tile[tabindex="0"]') || document.body).focus();
  }

  function show(b, notice) {
    board = b;
    selected = "";
    confirming = "";
    if (picture && picture.getAttribute("src") !== b.picture) picture.src = b.picture;
    draw(); // the focus stays where it was (focusAgain)
    say(notice || b.notice || (b.over ? "Game over." : b.status + ": your move."));
  }

  function post(url, fields) {
    var body = new URLSearchParams(fields);
    body.set("csrf", root.dataset.csrf);
    body.set("version", board.version);
    return fetch(url, { method: "POST", body: body, credentials: "same-origin",
      headers: { "Accept": "application/json", "X-CSRF-Token": root.dataset.csrf } })
      .then(function (resp) { return resp.json().then(function (j) { return { ok: resp.ok, body: j }; }); });
  }

  function send(move) {
    if (busy) return;
    busy = true;
    root.dataset.busy = "1";
    say("Playing " + move + "…");
    post(root.dataset.move, { move: move }).then(function (a) {
      if (a.ok) { show(a.body); return; }
      say(a.body.error || "That move was not made.");
      return refresh(a.body.error);
    }).catch(function () { say("The move could not be sent: try again."); })
      .then(function () { busy = false; delete root.dataset.busy; });
  }

  function hint() {
    post(root.dataset.hint, {}).then(function (a) {
      if (a.ok) show(a.body, a.body.notice); else say(a.body.error);
    });
  }

  function refresh(notice) {
    return fetch(root.dataset.refresh, { credentials: "same-origin", headers: { "Accept": "application/json" } })
      .then(function (resp) { return resp.ok ? resp.json() : null; })
      .then(function (b) { if (b) show(b, notice); });
  }

  // A click on a tile: a destination takes the selected place's move; a
  // place with a move of its own makes it, else selects itself.
  function pick(name) {
    var dests = destinations();
    if (selected && dests[name]) { send(dests[name]); return; }
    var f = board.from[name];
    if (name === selected) {
      if (f && f.direct) send(f.direct);
      else { selected = ""; draw(); focusPlace(name); }
      return;
    }
    if (!f) { selected = ""; draw(); say("Nothing can move from there now."); focusPlace(name); return; }
    if (f.direct && !f.to) { send(f.direct); return; }
    selected = name;
    draw();
    focusPlace(name);
    say(f.direct ? "Pick where it goes, or click it again for " + f.direct + "." : "Pick where it goes.");
  }

  function focusPlace(name) {
    var t = places.querySelector('[data-place="' + CSS.escape(name) + '"]');
    if (t) t.focus();
  }

  // firstMovable is the first place with a move, where Tab first lands.
  function firstMovable() {
    var rows = board.places || [];
    for (var r = 0; r < rows.length; r++) {
      for (var c = 0; c < rows[r].length; c++) {
        if (board.from[rows[r][c].name]) return rows[r][c].name;
      }
    }
    return rows.length && rows[0].length ? rows[0][0].name : "";
  }

  places.addEventListener("focusin", function (e) {
    var t = e.target.closest(".tile");
    if (!t || !t.dataset.place) return;
    cursor = t.dataset.place;
    places.querySelectorAll(".tile").forEach(function (o) { o.tabIndex = o === t ? 0 : -1; });
  });

  places.addEventListener("click", function (e) {
    var t = e.target.closest(".tile");
    if (t && t.dataset.place && !dragged) pick(t.dataset.place);
  });

  // Arrow keys move between tiles; Escape lets go of the selection.
  places.addEventListener("keydown", function (e) {
    var t = e.target.closest(".tile");
    if (!t || !t.dataset.place) return;
    if (e.key === "Escape") { selected = ""; draw(); focusPlace(t.dataset.place); return; }
    var r = +t.dataset.r, c = +t.dataset.c;
    var moves = { ArrowLeft: [0, -1], ArrowRight: [0, 1], ArrowUp: [-1, 0], ArrowDown: [1, 0] }[e.key];
    if (!moves) return;
    e.preventDefault();
    var rows = places.querySelectorAll(".row");
    r = Math.max(0, Math.min(rows.length - 1, r + moves[0]));
    var tiles = rows[r].querySelectorAll(".tile");
    c = Math.max(0, Math.min(tiles.length - 1, c + moves[1]));
    tiles[c].focus();
  });

  // Drag and drop, by pointer (mouse, finger or pen): a tile that can
  // move follows the pointer; let go over a lit destination to move.
  var drag = null, dragged = false;
  places.addEventListener("pointerdown", function (e) {
    var t = e.target.closest(".tile");
    if (!t || !t.dataset.place || !board.from[t.dataset.place]) return;
    drag = { tile: t, x: e.clientX, y: e.clientY, ghost: null };
    dragged = false;
  });
  document.addEventListener("pointermove", function (e) {
    if (!drag) return;
    if (!drag.ghost) {
      if (Math.abs(e.clientX - drag.x) + Math.abs(e.clientY - drag.y) < 8) return;
      selected = drag.tile.dataset.place;
      draw();
      drag.ghost = button("tile ghost", drag.tile.textContent);
      drag.ghost.setAttribute("aria-hidden", "true");
      document.body.appendChild(drag.ghost);
      dragged = true;
      root.dataset.dragging = "1";
    }
    drag.ghost.style.left = (e.clientX - 30) + "px";
    drag.ghost.style.top = (e.clientY - 30) + "px";
    e.preventDefault();
  });
  document.addEventListener("pointerup", function (e) {
    if (!drag) return;
    var d = drag;
    drag = null;
    if (!d.ghost) return;
    d.ghost.remove();
    delete root.dataset.dragging;
    var over = document.elementFromPoint(e.clientX, e.clientY);
    var t = over && over.closest && over.closest(".tile");
    var f = board.from[d.tile.dataset.place] || {};
    var move = t && (t.dataset.drop ? f.direct : destinations()[t.dataset.place]);
    if (move) send(move); else { selected = ""; draw(); }
    setTimeout(function () { dragged = false; }, 0);
  });

  form.addEventListener("submit", function (e) {
    e.preventDefault();
    if (list.value) send(list.value);
  });

  // A move made elsewhere (Discord, another window): read the board again.
  document.addEventListener("dealer:table", function (e) {
    if (e.detail.moves !== board.version && !busy) refresh();
  });

  draw();
  root.dataset.ready = "1";
})();
