// Values under the pointer: for each series of a chart, the point nearest to the pointer's x.
(function () {
  "use strict";
  var tip = document.createElement("div");
  tip.className = "tip";
  document.body.appendChild(tip);
  function fmt(v) {
    var a = Math.abs(v);
    if (a >= 1000) { return Math.round(v).toLocaleString("en-US"); }
    if (a === 0) { return "0"; }
    return Number(v.toPrecision(3)).toString();
  }
  function parse(svg) {
    var series = [];
    svg.querySelectorAll("g.series").forEach(function (g) {
      var pts = [];
      g.querySelectorAll("polyline.data").forEach(function (pl) {
        pl.getAttribute("points").trim().split(/\s+/).forEach(function (p) {
          var xy = p.split(",");
          if (xy.length === 2) { pts.push([parseFloat(xy[0]), parseFloat(xy[1])]); }
        });
      });
      if (pts.length > 0) { series.push({ name: g.dataset.name, color: g.dataset.color, pts: pts }); }
    });
    return series;
  }
  document.querySelectorAll("svg.chart").forEach(function (svg) {
    var box = svg.dataset.plot.split(" ").map(Number);
    var x0 = +svg.dataset.x0, x1 = +svg.dataset.x1, y0 = +svg.dataset.y0, y1 = +svg.dataset.y1;
    var cursor = svg.querySelector(".cursor");
    var series = null;
    svg.addEventListener("mousemove", function (ev) {
      if (series === null) { series = parse(svg); }
      var m = svg.getScreenCTM();
      if (!m) { return; }
      var pt = svg.createSVGPoint();
      pt.x = ev.clientX; pt.y = ev.clientY;
      var p = pt.matrixTransform(m.inverse());
      if (p.x < box[0] || p.x > box[0] + box[2]) { tip.style.display = "none"; cursor.setAttribute("visibility", "hidden"); return; }
      var xv = x0 + (p.x - box[0]) / box[2] * (x1 - x0);
      var html = "<b>" + fmt(xv) + "</b>";
      series.forEach(function (s) {
        var best = null;
        s.pts.forEach(function (q) { if (best === null || Math.abs(q[0] - p.x) < Math.abs(best[0] - p.x)) { best = q; } });
        if (best !== null && Math.abs(best[0] - p.x) < box[2] / 20) {
          var yv = y0 + (1 - (best[1] - box[1]) / box[3]) * (y1 - y0);
          html += "<br><i style=\"background:" + s.color + "\"></i>" + s.name.replace(/</g, "&lt;") + ": " + fmt(yv);
        }
      });
      cursor.setAttribute("x1", p.x); cursor.setAttribute("x2", p.x); cursor.setAttribute("visibility", "visible");
      tip.innerHTML = html;
      tip.style.display = "block";
      tip.style.left = Math.min(ev.clientX + 14, window.innerWidth - tip.offsetWidth - 8) + "px";
      tip.style.top = (ev.clientY + 14) + "px";
    });
    svg.addEventListener("mouseleave", function () { tip.style.display = "none"; cursor.setAttribute("visibility", "hidden"); });
  });
})();
