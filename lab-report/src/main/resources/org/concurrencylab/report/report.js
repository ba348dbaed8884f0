// Draws the report's charts from the embedded run data. The body records what was drawn, so that
// a headless browser can check the page: data-charts-drawn, data-empty-charts, data-errors.
(function () {
  var errors = [];
  window.addEventListener('error', function (event) { errors.push(String(event.message)); });
  var palette = ['#1f77b4', '#d62728', '#2ca02c', '#ff7f0e', '#9467bd', '#8c564b', '#e377c2', '#7f7f7f',
                 '#bcbd22', '#17becf', '#393b79', '#637939'];
  var drawn = 0, empty = 0;

  function figure(container, caption) {
    var fig = document.createElement('figure');
    var cap = document.createElement('figcaption');
    cap.textContent = caption;
    var canvas = document.createElement('canvas');
    canvas.width = 560; canvas.height = 300;
    fig.appendChild(cap); fig.appendChild(canvas); container.appendChild(fig);
    return canvas;
  }

  function chart(canvas, config) {
    var points = 0;
    config.data.datasets.forEach(function (set) {
      set.data.forEach(function (value) {
        var y = (value !== null && typeof value === 'object') ? value.y : value;
        if (y !== null && y !== undefined && !isNaN(y)) { points++; }
      });
    });
    config.options = Object.assign({ animation: false, responsive: false, plugins: { legend: { labels: { boxWidth: 10, font: { size: 10 } } } } }, config.options || {});
    new Chart(canvas, config);
    drawn++;
    if (points === 0) { empty++; canvas.parentNode.setAttribute('data-empty', 'true'); }
  }

  function xy(at, values) {
    var out = [];
    for (var i = 0; i < at.length; i++) { if (values[i] !== null) { out.push({ x: at[i], y: values[i] }); } }
    return out;
  }

  function lines(variants, values) {
    return variants.map(function (v, i) {
      return { label: v.name, data: xy(v.at, values(v)), borderColor: palette[i % palette.length],
               backgroundColor: palette[i % palette.length], pointRadius: 0, borderWidth: 1.5, showLine: true };
    });
  }

  var axisX = { type: 'linear', title: { display: true, text: "time since the step's start (article seconds)" } };

  try {
    var data = JSON.parse(document.getElementById('lab-data').textContent);
    document.querySelectorAll('.charts[data-load]').forEach(function (container) {
      var experiment = data.experiments[Number(container.dataset.experiment)];
      var load = experiment.loads[Number(container.dataset.load)];
      var variants = load.variants;
      chart(figure(container, 'p95 latency over time, per article second (ms, log scale)'), {
        type: 'scatter', data: { datasets: lines(variants, function (v) { return v.p95; }) },
        options: { scales: { x: axisX, y: { type: 'logarithmic', title: { display: true, text: 'ms' } } } }
      });
      chart(figure(container, 'answered per article second'), {
        type: 'scatter', data: { datasets: lines(variants, function (v) { return v.completed; }) },
        options: { scales: { x: axisX, y: { beginAtZero: true, title: { display: true, text: 'requests' } } } }
      });
      if (variants.some(function (v) { return v.failed.some(function (n) { return n > 0; }); })) {
        chart(figure(container, 'failed per article second'), {
          type: 'scatter', data: { datasets: lines(variants, function (v) { return v.failed; }) },
          options: { scales: { x: axisX, y: { beginAtZero: true, title: { display: true, text: 'requests' } } } }
        });
      }
      var withDatabase = variants.filter(function (v) { return v.lockWaits; });
      if (withDatabase.length > 0) {
        chart(figure(container, "the database's sessions waiting on a lock, per article second"), {
          type: 'scatter',
          data: { datasets: withDatabase.map(function (v, i) {
            return { label: v.name, data: xy(v.lockAt, v.lockWaits), borderColor: palette[i % palette.length],
                     backgroundColor: palette[i % palette.length], pointRadius: 0, borderWidth: 1.5, showLine: true };
          }) },
          options: { scales: { x: axisX, y: { beginAtZero: true, title: { display: true, text: 'sessions' } } } }
        });
        chart(figure(container, 'each variant in turn: throughput, mean latency and share failed'), {
          type: 'bar',
          data: { labels: variants.map(function (v) { return v.name; }), datasets: [
            { label: 'requests/s', data: variants.map(function (v) { return v.throughput; }), backgroundColor: '#1f77b4', yAxisID: 'y' },
            { label: 'mean ms', data: variants.map(function (v) { return v.mean; }), backgroundColor: '#ff7f0e', yAxisID: 'ms' },
            { label: '% failed', data: variants.map(function (v) { return 100 * v.errorShare; }), backgroundColor: '#d62728', yAxisID: 'share' }] },
          options: { scales: { y: { beginAtZero: true, position: 'left', title: { display: true, text: 'requests/s' } },
                               ms: { beginAtZero: true, position: 'right', title: { display: true, text: 'ms' } },
                               share: { beginAtZero: true, max: 100, position: 'right', title: { display: true, text: '% failed' } } } }
        });
      }
      chart(figure(container, "throughput against the Little's-law bound (requests/s, as run)"), {
        type: 'bar',
        data: { labels: variants.map(function (v) { return v.name; }), datasets: [
          { label: 'measured', data: variants.map(function (v) { return v.throughput; }), backgroundColor: '#1f77b4' },
          { label: "Little's law", data: variants.map(function (v) { return v.bound; }), backgroundColor: '#c7c9d6' }] },
        options: { scales: { y: { beginAtZero: true } } }
      });
    });
    var gaugeNames = { tomcatBusyThreads: "Tomcat's busy workers", dbConnectionsPending: 'waiting for a database connection',
                       dbConnectionsActive: 'database connections in use', clientConnectionsPending: 'waiting for an HTTP connection',
                       clientConnectionsLeased: 'HTTP connections in use' };
    function line(label, at, values, i, axis) {
      return { label: label, data: xy(at, values), borderColor: palette[i % palette.length], yAxisID: axis || 'y',
               backgroundColor: palette[i % palette.length], pointRadius: 0, borderWidth: 1.5, showLine: true };
    }
    document.querySelectorAll('.charts.chain').forEach(function (container) {
      var experiment = data.experiments[Number(container.dataset.experiment)];
      var last = experiment.loads[experiment.loads.length - 1];
      (last ? last.variants : []).filter(function (v) { return v.services; }).forEach(function (v) {
        var details = document.createElement('details');
        var summary = document.createElement('summary');
        summary.textContent = v.name;
        details.appendChild(summary);
        container.appendChild(details);
        var latency = [line('client (the gateway)', v.at, v.p95, 0)];
        v.services.forEach(function (s, i) { latency.push(line(s.name, s.at, s.p95, i + 1)); });
        chart(figure(details, v.name + ': p95 latency of each service over time (ms, log scale)'), {
          type: 'scatter', data: { datasets: latency },
          options: { scales: { x: axisX, y: { type: 'logarithmic', title: { display: true, text: 'ms' } } } }
        });
        var errors = [line('failed at the client', v.at, v.failed, 0)];
        v.services.forEach(function (s, i) { errors.push(line(s.name + ' 5xx', s.at, s.errors, i + 1)); });
        var anyError = errors.some(function (set) { return set.data.some(function (p) { return p.y > 0; }); });
        if (anyError) {
          chart(figure(details, v.name + ': errors per article second'), {
            type: 'scatter', data: { datasets: errors },
            options: { scales: { x: axisX, y: { beginAtZero: true, title: { display: true, text: 'requests' } } } }
          });
        }
        var waits = [], n = 0;
        if (v.lockWaits) { waits.push(line('sessions waiting on a lock', v.lockAt, v.lockWaits, n++)); }
        var open = false;
        v.services.forEach(function (s) {
          Object.keys(s.gauges).forEach(function (key) {
            if (key === 'circuitOpen') {
              open = true;
              waits.push(line(s.name + ': circuit open (share of the second)', s.at, s.gauges[key], n++, 'share'));
            } else if (gaugeNames[key]) {
              waits.push(line(s.name + ': ' + gaugeNames[key], s.at, s.gauges[key], n++));
            }
          });
        });
        var scales = { x: axisX, y: { beginAtZero: true, title: { display: true, text: 'sessions, requests, threads' } } };
        if (open) { scales.share = { beginAtZero: true, max: 1, position: 'right', title: { display: true, text: 'share open' } }; }
        chart(figure(details, v.name + ': what waited, per article second'), {
          type: 'scatter', data: { datasets: waits }, options: { scales: scales }
        });
      });
    });
    document.querySelectorAll('.charts.threads').forEach(function (container) {
      var experiment = data.experiments[Number(container.dataset.experiment)];
      var last = experiment.loads[experiment.loads.length - 1];
      (last ? last.variants : []).forEach(function (v) {
        var pools = Object.keys(v.pools);
        chart(figure(container, v.name + ': live threads by pool (stacked)'), {
          type: 'line',
          data: { datasets: pools.map(function (pool, i) {
            return { label: pool, data: xy(v.at, v.pools[pool]), fill: i === 0 ? 'origin' : '-1', pointRadius: 0,
                     borderWidth: 1, borderColor: palette[i % palette.length], backgroundColor: palette[i % palette.length] + '88' };
          }) },
          options: { scales: { x: axisX, y: { stacked: true, beginAtZero: true, title: { display: true, text: 'threads' } } } }
        });
      });
    });
  } catch (e) {
    errors.push(String(e && e.stack || e));
  }
  document.body.setAttribute('data-charts-drawn', String(drawn));
  document.body.setAttribute('data-empty-charts', String(empty));
  document.body.setAttribute('data-errors', JSON.stringify(errors));
})();
