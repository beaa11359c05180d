// Small comforts: a rules selector applies itself when changed (its Show
// button stays for browsers without scripts).
(function () {
  "use strict";
  document.documentElement.classList.add("js");
  document.querySelectorAll("select[data-autosubmit]").forEach(function (s) {
    s.addEventListener("change", function () { s.form.submit(); });
  });
})();
