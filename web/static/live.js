// A live table: its page listens to the table's events and shows each new
// picture as the table moves on; a change the page cannot show (the game's
// end, a lobby's seats) reloads it.
(function () {
  "use strict";
  var live = document.querySelector("[data-events]");
  if (!live || !window.EventSource) return;
  var source = new EventSource(live.dataset.events + "?v=" + encodeURIComponent(live.dataset.version));
  source.addEventListener("open", function () { live.dataset.connected = "1"; });
  // A stream refused (too many watchers) or gone for good: say so, and
  // leave the table as it is. A dropped one is retried by the browser.
  source.addEventListener("error", function () {
    if (source.readyState !== EventSource.CLOSED) return;
    var off = document.getElementById("live-off");
    if (off) off.hidden = false;
    var pill = live.querySelector(".pill");
    if (pill) pill.hidden = true;
    var follows = document.getElementById("follows");
    if (follows) follows.hidden = true;
    live.dataset.closed = "1";
  });
  function text(id, value) {
    var el = document.getElementById(id);
    if (el) el.textContent = value;
  }
  source.addEventListener("table", function (e) {
    var t = JSON.parse(e.data);
    var img = document.getElementById("picture");
    if (img && img.getAttribute("src") !== t.picture) {
      img.src = t.picture;
      if (!document.getElementById("play")) img.alt = "The table after move " + t.moves + ", as the channel shows it";
    }
    text("moves", t.moves);
    text("turn", t.turn);
    text("totals", t.totals);
    var line = document.getElementById("turn-line");
    if (line) line.hidden = !t.turn;
    live.dataset.moves = t.moves;
    // The player's board (play.js) learns of a move made elsewhere.
    document.dispatchEvent(new CustomEvent("dealer:table", { detail: t }));
  });
  source.addEventListener("reload", function () {
    source.close();
    location.reload();
  });
})();
