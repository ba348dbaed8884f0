// Draws the report's charts from the embedded run data, as the report's chart plan lists them per
// load step, each under the id a claim links to: c-<experiment>-<load>-<kind>[-<variant>]. The body
// records what was drawn, so that a headless browser can check the page: data-charts-drawn,
// data-empty-charts, data-errors.
(function () {
  var errors = [];
  window.addEventListener('error', function (event) { errors.push(String(event.message)); });
  var palette = ['#1f77b4', '#d62728', '#2ca02c', '#ff7f0e', '#9467bd', '#8c564b', '#e377c2', '#7f7f7f',
                 '#bcbd22', '#17becf', '#393b79', '#637939', '#8c6d31', '#843c39', '#7b4173'];
  var drawn = 0, empty = 0;

  function id(e, l, kind, variant) { return 'c-' + e + '-' + l + '-' + kind + (variant ? '-' + variant : ''); }

  function figure(container, caption, anchor) {
    var fig = document.createElement('figure');
    if (anchor) { fig.id = anchor; }
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
    for (var i = 0; i < at.length; i++) { if (values[i] !== null && values[i] !== undefined) { out.push({ x: at[i], y: values[i] }); } }
    return out;
  }

  function line(label, data, i, axis) {
    return { label: label, data: data, borderColor: palette[i % palette.length], yAxisID: axis || 'y',
             backgroundColor: palette[i % palette.length], pointRadius: 0, borderWidth: 1.5, showLine: true };
  }

  function lines(variants, values) {
    return variants.map(function (v, i) { return line(v.name, xy(v.at, values(v)), i); });
  }

  var data = { experiments: [], sweeps: [] };
  // an article's experiment runs on its time scale, and its charts count the article's seconds; a study its own
  function second(e) { return data.experiments[e].second; }
  function axisX(e) { return { type: 'linear', title: { display: true, text: "time since the step's start (" + second(e) + 's)' } }; }
  var logMs = { type: 'logarithmic', title: { display: true, text: 'ms' } };
  function count(text) { return { beginAtZero: true, title: { display: true, text: text } }; }

  // HdrHistogram's percentile plot: x is 1 / (1 - p), so that every further nine gets the same width
  var nines = { 1: '0 %', 2: '50 %', 10: '90 %', 100: '99 %', 1000: '99.9 %', 10000: '99.99 %', 100000: '99.999 %' };
  var percentileAxis = { type: 'logarithmic', min: 1, title: { display: true, text: 'percentile' },
                         ticks: { callback: function (value) { return nines[value] || ''; } } };
  function percentilePoints(points) {
    return points.map(function (p) { return { x: 1 / (1 - p[0] / 100), y: p[1] }; });
  }

  var stepCharts = {
    'latency-over-time': function (c, e, l, variants) {
      chart(figure(c, 'p95 latency over time, per ' + second(e) + ' (ms, log scale)', id(e, l, 'latency-over-time')), {
        type: 'scatter', data: { datasets: lines(variants, function (v) { return v.p95; }) },
        options: { scales: { x: axisX(e), y: logMs } } });
    },
    'answered-over-time': function (c, e, l, variants) {
      chart(figure(c, 'answered per ' + second(e), id(e, l, 'answered-over-time')), {
        type: 'scatter', data: { datasets: lines(variants, function (v) { return v.completed; }) },
        options: { scales: { x: axisX(e), y: count('requests') } } });
    },
    'failed-over-time': function (c, e, l, variants) {
      chart(figure(c, 'failed per ' + second(e), id(e, l, 'failed-over-time')), {
        type: 'scatter', data: { datasets: lines(variants, function (v) { return v.failed; }) },
        options: { scales: { x: axisX(e), y: count('requests') } } });
    },
    'percentiles': function (c, e, l, variants) {
      var sets = variants.filter(function (v) { return v.percentiles.length > 0; }).map(function (v, i) {
        return line(v.name, percentilePoints(v.percentiles), i);
      });
      chart(figure(c, 'latency by percentile of the answered requests (ms, log scale)', id(e, l, 'percentiles')), {
        type: 'scatter', data: { datasets: sets }, options: { scales: { x: percentileAxis, y: logMs } } });
    },
    'database-locks': function (c, e, l, variants) {
      var sets = variants.filter(function (v) { return v.lockWaits; }).map(function (v, i) {
        return line(v.name, xy(v.lockAt, v.lockWaits), i);
      });
      chart(figure(c, "the database's sessions waiting on a lock, per " + second(e), id(e, l, 'database-locks')), {
        type: 'scatter', data: { datasets: sets }, options: { scales: { x: axisX(e), y: count('sessions') } } });
    },
    'variants-in-turn': function (c, e, l, variants) {
      chart(figure(c, 'each variant in turn: throughput, mean latency and share failed', id(e, l, 'variants-in-turn')), {
        type: 'bar',
        data: { labels: variants.map(function (v) { return v.name; }), datasets: [
          { label: 'requests/s', data: variants.map(function (v) { return v.throughput; }), backgroundColor: '#1f77b4', yAxisID: 'y' },
          { label: 'mean ms', data: variants.map(function (v) { return v.mean; }), backgroundColor: '#ff7f0e', yAxisID: 'ms' },
          { label: '% failed', data: variants.map(function (v) { return 100 * v.errorShare; }), backgroundColor: '#d62728', yAxisID: 'share' }] },
        options: { scales: { y: { beginAtZero: true, position: 'left', title: { display: true, text: 'requests/s' } },
                             ms: { beginAtZero: true, position: 'right', title: { display: true, text: 'ms' } },
                             share: { beginAtZero: true, max: 100, position: 'right', title: { display: true, text: '% failed' } } } }
      });
    },
    'throughput-against-bound': function (c, e, l, variants) {
      chart(figure(c, "throughput against the Little's-law bound (requests/s, as run)", id(e, l, 'throughput-against-bound')), {
        type: 'bar',
        data: { labels: variants.map(function (v) { return v.name; }), datasets: [
          { label: 'measured', data: variants.map(function (v) { return v.throughput; }), backgroundColor: '#1f77b4' },
          { label: "Little's law", data: variants.map(function (v) { return v.bound; }), backgroundColor: '#c7c9d6' }] },
        options: { scales: { y: { beginAtZero: true } } }
      });
    },
    'requests': function (c, e, l, variants) {
      variants.filter(function (v) { return v.answered; }).forEach(function (v) {
        var shown = v.answered.length + v.failures.length;
        var caption = v.name + ': every request, its latency against when it was due' +
          (shown < v.requests ? ' (' + shown + ' of ' + v.requests + ' shown)' : '') + '; failures in red';
        chart(figure(c, caption, id(e, l, 'requests', v.id)), {
          type: 'scatter',
          data: { datasets: [
            { label: 'answered', data: v.answered.map(function (p) { return { x: p[0], y: p[1] }; }), pointRadius: 1.5,
              borderColor: '#1f77b4', backgroundColor: '#1f77b4' },
            { label: 'failed (at the time it failed)', data: v.failures.map(function (p) { return { x: p[0], y: p[1] }; }),
              pointRadius: 2, borderColor: '#d62728', backgroundColor: '#d62728' }] },
          options: { scales: { x: axisX(e), y: logMs } }
        });
      });
    }
  };

  var gaugeNames = { tomcatBusyThreads: "Tomcat's busy workers", dbConnectionsPending: 'waiting for a database connection',
                     dbConnectionsActive: 'database connections in use', clientConnectionsPending: 'waiting for an HTTP connection',
                     clientConnectionsLeased: 'HTTP connections in use' };

  function chain(container, e, l, v) {
    var details = document.createElement('details');
    details.id = id(e, l, 'along-the-chain', v.id);
    var summary = document.createElement('summary');
    summary.textContent = v.name;
    details.appendChild(summary);
    container.appendChild(details);
    var latency = [line('client (the gateway)', xy(v.at, v.p95), 0)];
    v.services.forEach(function (s, i) { latency.push(line(s.name, xy(s.at, s.p95), i + 1)); });
    chart(figure(details, v.name + ': p95 latency of each service over time (ms, log scale)'), {
      type: 'scatter', data: { datasets: latency }, options: { scales: { x: axisX(e), y: logMs } } });
    var errors = [line('failed at the client', xy(v.at, v.failed), 0)];
    v.services.forEach(function (s, i) { errors.push(line(s.name + ' 5xx', xy(s.at, s.errors), i + 1)); });
    if (errors.some(function (set) { return set.data.some(function (p) { return p.y > 0; }); })) {
      chart(figure(details, v.name + ': errors per ' + second(e)), {
        type: 'scatter', data: { datasets: errors }, options: { scales: { x: axisX(e), y: count('requests') } } });
    }
    var waits = [], n = 0, open = false;
    if (v.lockWaits) { waits.push(line('sessions waiting on a lock', xy(v.lockAt, v.lockWaits), n++)); }
    v.services.forEach(function (s) {
      Object.keys(s.gauges).forEach(function (key) {
        if (key === 'circuitOpen') {
          open = true;
          waits.push(line(s.name + ': circuit open (share of the second)', xy(s.at, s.gauges[key]), n++, 'share'));
        } else if (gaugeNames[key]) {
          waits.push(line(s.name + ': ' + gaugeNames[key], xy(s.at, s.gauges[key]), n++));
        }
      });
    });
    var scales = { x: axisX(e), y: count('sessions, requests, threads') };
    if (open) { scales.share = { beginAtZero: true, max: 1, position: 'right', title: { display: true, text: 'share open' } }; }
    chart(figure(details, v.name + ': what waited, per ' + second(e)), { type: 'scatter', data: { datasets: waits }, options: { scales: scales } });
    if (v.autoscaled) { autoscaled(details, e, v); }
  }

  // an autoscaler's account: the instances answering (stepped) and their CPU against its target, and each decision
  function autoscaled(details, e, v) {
    var a = v.autoscaled;
    var sets = [
      Object.assign(line('instances answering', a.readings.map(function (r) { return { x: r[0], y: r[1] }; }), 0), { stepped: true, borderWidth: 2 }),
      line('CPU, share of the request', a.readings.map(function (r) { return { x: r[0], y: r[2] }; }), 1, 'share'),
      Object.assign(line('target', [{ x: 0, y: a.target }, { x: v.at[v.at.length - 1] || 1, y: a.target }], 1, 'share'), { borderDash: [4, 4] })
    ];
    a.decisions.forEach(function (d, i) {
      var at = d.atSeconds, answered = d.answeredAtSeconds;
      sets.push(Object.assign(line('asked for ' + d.to + ' at ' + at.toFixed(1) + ' s' + (answered === null ? ', none answered in the step'
        : ', answering at ' + answered.toFixed(1) + ' s'), [{ x: at, y: d.from }, { x: answered === null ? at : answered, y: d.to }], 3 + i),
        { borderDash: [2, 2], pointRadius: 4 }));
    });
    chart(figure(details, v.name + ': the autoscaler (' + a.rule + ')'), { type: 'scatter', data: { datasets: sets }, options: { scales: {
      x: axisX(e), y: Object.assign(count('instances'), { ticks: { stepSize: 1 } }),
      share: { beginAtZero: true, position: 'right', title: { display: true, text: 'CPU / request' } } } } });
  }

  function threads(container, e, l, v) {
    var pools = Object.keys(v.pools);
    // the probe's last sample can fall after the service stopped answering: no pool is then seen at all
    var last = v.at.length;
    while (last > 0 && pools.every(function (pool) { return v.pools[pool][last - 1] === 0; })) { last--; }
    var rest = [];
    if (v.liveBefore !== undefined) { rest.push(v.liveBefore + ' live when the load came'); }
    if (v.liveAfter !== undefined) { rest.push(v.liveAfter + ' kept ' + v.afterSeconds.toFixed(1) + ' s (at S = 1) after its last answer'); }
    chart(figure(container, v.name + ': live threads by pool (stacked)' + (rest.length ? '; ' + rest.join(', ') : ''),
        id(e, l, 'threads-by-pool', v.id)), {
      type: 'line',
      data: { datasets: pools.map(function (pool, i) {
        return { label: pool, data: xy(v.at.slice(0, last), v.pools[pool].slice(0, last)), fill: i === 0 ? 'origin' : '-1', pointRadius: 0,
                 borderWidth: 1, borderColor: palette[i % palette.length], backgroundColor: palette[i % palette.length] + '88' };
      }) },
      options: { scales: { x: axisX(e), y: { stacked: true, beginAtZero: true, title: { display: true, text: 'threads' } } } }
    });
  }

  // a sweep: throughput (left), p95 and the failed share (right) against the knob, the better model's line, the bounds, the knee
  function sweep(container, index, s) {
    function at(select, filter) {
      return s.points.filter(filter || function () { return true; }).map(function (p) { return { x: p.x, y: select(p) }; })
        .filter(function (p) { return p.y !== null && p.y !== undefined; });
    }
    var sets = [
      { label: s.modelName ? 'measured, fitted (req/s)' : 'measured, clean (req/s)', data: at(function (p) { return p.throughput; }, function (p) { return p.clean; }),
        backgroundColor: palette[0], borderColor: palette[0], pointRadius: 4, showLine: false },
      { label: s.modelName ? 'measured, left out (req/s)' : 'measured, failing or machine-bound (req/s)', data: at(function (p) { return p.throughput; }, function (p) { return !p.clean; }),
        backgroundColor: '#ffffff', borderColor: palette[1], pointRadius: 5, pointStyle: 'rectRot', borderWidth: 2, showLine: false },
      line(s.modelName + ' fit', s.model.map(function (p) { return { x: p[0], y: p[1] }; }), 2),
      Object.assign(line("Little's-law bound", at(function (p) { return p.bound > 0 ? p.bound : null; }), 7), { borderDash: [4, 4] }),
      Object.assign(line("this machine's CPU bound", at(function (p) { return p.cpuBound; }), 3), { borderDash: [2, 2] }),
      Object.assign(line('p95 (ms)', at(function (p) { return p.p95; }), 4, 'ms'), { pointRadius: 2 })
    ];
    // where requests failed, the failed share is part of the curve (along a client's timeout it is the curve)
    var failing = s.points.some(function (p) { return p.failed > 0; });
    if (failing) {
      sets.push(Object.assign(line('failed (%)', at(function (p) { return p.failed; }), 1, 'share'), { pointRadius: 3, borderWidth: 2 }));
    }
    if (s.knee !== null && s.knee !== undefined) {
      var top = Math.max.apply(null, s.points.map(function (p) { return p.throughput; }));
      sets.push(Object.assign(line('knee: ' + s.knob + ' = ' + (Math.round(s.knee * 10) / 10), [{ x: s.knee, y: 0 }, { x: s.knee, y: top * 1.1 }], 5),
        { borderDash: [6, 3] }));
    }
    // a bound this run could not give (the CPU's, where the work is CPU itself) has no line and no legend
    sets = sets.filter(function (set) { return set.data.length > 0; });
    chart(figure(container, (failing ? 'throughput, p95 and the failed share' : 'throughput and p95') + ' against ' + s.knob, 's-' + index + '-chart'), {
      type: 'scatter', data: { datasets: sets },
      options: { scales: { x: { type: 'linear', title: { display: true, text: s.knob } }, y: count('requests/s'),
                           ms: { beginAtZero: true, position: 'right', title: { display: true, text: 'p95 ms' }, grid: { drawOnChartArea: false } },
                           share: { display: failing, min: 0, max: 100, position: 'right', title: { display: true, text: 'failed %' },
                                    grid: { drawOnChartArea: false } } } }
    });
  }

  // a link to a chart inside a closed section opens the section
  function reveal() {
    var target = location.hash ? document.getElementById(location.hash.slice(1)) : null;
    if (!target) { return; }
    var section = target.tagName === 'DETAILS' ? target : target.closest('details');
    if (section) { section.open = true; }
    target.scrollIntoView();
  }

  try {
    data = JSON.parse(document.getElementById('lab-data').textContent);
    document.querySelectorAll('.charts[data-kind]').forEach(function (container) {
      var e = Number(container.dataset.experiment), l = Number(container.dataset.load);
      if (container.dataset.kind === 'sweep') { sweep(container, e, data.sweeps[e]); return; }
      var load = data.experiments[e].loads[l];
      var variants = load.variants;
      if (container.dataset.kind === 'step') {
        load.charts.forEach(function (kind) { stepCharts[kind](container, e, l, variants); });
      } else if (container.dataset.kind === 'chain') {
        variants.filter(function (v) { return v.services; }).forEach(function (v) { chain(container, e, l, v); });
      } else if (container.dataset.kind === 'threads') {
        variants.forEach(function (v) { threads(container, e, l, v); });
      }
    });
    window.addEventListener('hashchange', reveal);
    reveal();
  } catch (e) {
    errors.push(String(e && e.stack || e));
  }
  document.body.setAttribute('data-charts-drawn', String(drawn));
  document.body.setAttribute('data-empty-charts', String(empty));
  document.body.setAttribute('data-errors', JSON.stringify(errors));
})();
