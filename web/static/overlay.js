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
  // The overlay's style, its own (the tiles' pages load none of it): clear
  // regions over the places, outlined when they can move, lit as the
  // tiles are. A constructed sheet: the pages' CSP allows no inline style.
  var sheet = new CSSStyleSheet();
  sheet.replaceSync([
    ".table-picture.overlaid { position: relative; width: fit-content; max-width: 100%; margin-left: auto; margin-right: auto; }",
    ".places.overlay { position: absolute; inset: 0; display: block; }",
    ".places.overlay .row { display: contents; }",
    ".places.overlay .tile { position: absolute; min-height: 0; padding: 0; border-radius: 6px; border: 2px solid transparent;" +
      " background: transparent; color: transparent; font-size: 0; }",
    ".places.overlay .tile.can { border-color: rgba(255, 255, 255, .45); }",
    ".places.overlay .tile.sel { border-color: #5865f2; background: rgba(88, 101, 242, .25); }",
    ".places.overlay .tile.dest { border-color: #3ddc84; background: rgba(61, 220, 132, .3); }",
    '.places.overlay .tile[aria-disabled="true"] { background: transparent; }'
  ].join("\n"));
  document.adoptedStyleSheets = document.adoptedStyleSheets.concat(sheet);
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
      t.style.left = (100 * r[0] / m.w) + "%";
      t.style.top = (100 * r[1] / m.h) + "%";
      t.style.width = (100 * r[2] / m.w) + "%";
      t.style.height = (100 * r[3] / m.h) + "%";
    });
  }
  root.addEventListener("dealer:drawn", function (e) { lay(e.detail); });
  lay(JSON.parse(root.dataset.board));
})();
