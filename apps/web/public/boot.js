// Loads the app's scripts for a page the server already rendered, once that page has painted
// and its images have loaded: on a slow phone the stylesheet and the product images get the
// connection first, the scripts (which only make the page interactive) come after (issue 7).
// An external file, not an inline script: the Content-Security-Policy allows only 'self'.
(function () {
  var me = document.currentScript;
  var entry = me.getAttribute("data-entry");
  var preload = (me.getAttribute("data-preload") || "").split(" ").filter(Boolean);
  function start() {
    preload.forEach(function (href) {
      var link = document.createElement("link");
      link.rel = "modulepreload";
      link.fetchPriority = "low";
      link.crossOrigin = "";
      link.href = href;
      document.head.appendChild(link);
    });
    var script = document.createElement("script");
    script.type = "module";
    script.fetchPriority = "low";
    script.crossOrigin = "";
    script.src = entry;
    document.head.appendChild(script);
  }
  // after the load event AND a frame painted after it: on a fast connection the load event can
  // come before the first paint, and the scripts would then compete with it after all
  function afterPaint() {
    requestAnimationFrame(function () {
      setTimeout(start, 0);
    });
  }
  if (document.readyState === "complete") afterPaint();
  else window.addEventListener("load", afterPaint, { once: true });
})();
