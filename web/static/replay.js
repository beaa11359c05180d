// A replay: the step buttons (links that work without this script too)
// show each move's picture in place, with the arrow keys as well.
(function () {
  "use strict";
  var root = document.querySelector("[data-replay]");
  if (!root) return;
  var last = Number(root.dataset.last);
  var step = Number(root.dataset.step);
  var picture = document.getElementById("picture");
  var hands = root.querySelectorAll("img[data-seat]");
  var moves = document.getElementById("moves");

  function url(n) { return root.dataset.base + "?step=" + n; }

  // keepInView scrolls the move list (not the page) to the current move.
  function keepInView() {
    var cur = moves && moves.querySelector("li.current");
    if (!cur) return;
    var top = cur.offsetTop; // .moves is positioned: from its top
    if (top < moves.scrollTop || top > moves.scrollTop + moves.clientHeight - cur.offsetHeight) {
      moves.scrollTop = top - moves.clientHeight / 2;
    }
  }

  function show(n) {
    n = Math.max(0, Math.min(last, n));
    step = n;
    root.dataset.step = n;
    picture.src = root.dataset.picture.replace("{n}", n);
    picture.alt = "The table after move " + n;
    hands.forEach(function (img) {
      img.src = root.dataset.hand.replace("{n}", n).replace("{s}", img.dataset.seat);
    });
    document.getElementById("step").textContent = n;
    var go = { first: 0, prev: n - 1, next: n + 1, last: last };
    root.querySelectorAll("[data-go]").forEach(function (a) {
      var to = Math.max(0, Math.min(last, go[a.dataset.go]));
      a.href = url(to);
      a.setAttribute("aria-disabled", to === n ? "true" : "false");
    });
    if (moves) {
      var old = moves.querySelector("li.current");
      if (old) old.classList.remove("current");
      var cur = document.getElementById("m" + n);
      if (cur) cur.classList.add("current");
      keepInView();
    }
    history.replaceState(null, "", url(n));
  }

  root.querySelectorAll("[data-go]").forEach(function (a) {
    a.addEventListener("click", function (e) {
      e.preventDefault();
      var go = { first: 0, prev: step - 1, next: step + 1, last: last };
      show(go[a.dataset.go]);
    });
  });
  if (moves) {
    moves.addEventListener("click", function (e) {
      var a = e.target.closest("a[data-n]");
      if (!a) return;
      e.preventDefault();
      show(Number(a.dataset.n));
    });
  }
  document.addEventListener("keydown", function (e) {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    var to = { ArrowLeft: step - 1, ArrowRight: step + 1, Home: 0, End: last }[e.key];
    if (to === undefined) return;
    e.preventDefault();
    show(to);
  });
  window.addEventListener("resize", keepInView);
  show(step);
})();
