// A player's seat at a multiplayer table: its moves and its menu's steps
// are plain forms and links (they work without this script); here they
// are sent without leaving the page, and the seat's part (its hand, its
// controls) is fetched again after every move, this page's or another's
// (live.js tells of each: "dealer:table").
(function () {
  "use strict";
  var seat = document.getElementById("seat");
  if (!seat || !window.fetch) return;
  var part = seat.dataset.part;
  var busy = false;

  function version() {
    var now = seat.querySelector(".seat-now");
    return now ? Number(now.dataset.version) : -1;
  }
  function say(text) {
    var n = document.getElementById("seat-notice");
    if (!n) return;
    n.textContent = text;
    n.hidden = !text;
  }
  // show fetches the seat's part again, at the menu's step w.
  function show(w) {
    return fetch(part + "?words=" + encodeURIComponent(w), { credentials: "same-origin", cache: "no-store" })
      .then(function (res) {
        if (!res.ok) throw new Error("The page could not be brought up to date: reload it.");
        return res.text();
      })
      .then(function (html) { seat.innerHTML = html; })
      .catch(function (err) { say(err.message); });
  }
  seat.addEventListener("click", function (e) {
    var a = e.target.closest("a[data-words]");
    if (!a) return;
    e.preventDefault();
    show(a.dataset.words);
  });
  seat.addEventListener("submit", function (e) {
    var form = e.target.closest("form.seat-move");
    if (!form) return;
    e.preventDefault();
    if (busy) return;
    busy = true;
    Array.prototype.forEach.call(seat.querySelectorAll("form.seat-move button"), function (b) { b.disabled = true; });
    fetch(form.action, {
      method: "POST", credentials: "same-origin",
      headers: { "Accept": "application/json", "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(new FormData(form)).toString()
    }).then(function (res) {
      return res.json().then(function (body) { return { ok: res.ok, body: body }; });
    }).then(function (r) {
      return show("").then(function () { if (!r.ok) say(r.body.error || "That move was not made."); });
    }).catch(function () {
      return show("").then(function () { say("The move could not be sent: try again."); });
    }).then(function () { busy = false; });
  });
  document.addEventListener("dealer:table", function (e) {
    if (e.detail && e.detail.moves !== version() && !busy) show("");
  });
})();
