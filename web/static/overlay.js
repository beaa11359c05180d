// The overlay board (the server's Config.Overlay): play.js's tiles laid
// over the table's picture, each a clear region on its place (the
// rectangles the renderer reports with the board), lit as the tiles are.
// They stay the same buttons, so clicks, drags and keys work as on the
// tiles; their labels stay for screen readers.
(function () {
  "use strict";
  var root = document.getElementById("play");
  var places = document.getElementById("places");
  var picture = document.getElementById("picture");
  if (!root || !places || !picture) return;
  var figure = picture.parentNode;
  figure.classList.add("overlaid");
  places.classList.add("overlay");
  figure.appendChild(places);

  // lay puts each tile on its place, in percent of the picture: the
  // regions follow the picture as it scales.
  function lay(board) {
    var m = board.rects;
    if (!m) return;
    places.querySelectorAll(".tile").forEach(function (t) {
      var r = t.dataset.place && m.rects[t.dataset.place];
      t.hidden = !r; // the drop zone: a place's own move is a click on it
      if (!r) return;
      t.setAttribute("aria-label", t.getAttribute("aria-label") || t.textContent);
      t.style.left = (100 * r[0] / m.w) + "%";
      t.style.top = (100 * r[1] / m.h) + "%";
      t.style.width = (100 * r[2] / m.w) + "%";
      t.style.height = (100 * r[3] / m.h) + "%";
    });
  }
  root.addEventListener("dealer:drawn", function (e) { lay(e.detail); });
  lay(JSON.parse(root.dataset.board));
})();
