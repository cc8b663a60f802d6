// In-page instrumentation for the page benchmarks, injected before any page script (addInitScript).
// Plain JavaScript on purpose: it is sent to the browser as text. Parameters: window.__benchParams.
(() => {
  const params = window.__benchParams || {};
  const bench = { loaf: [], longtasks: [], marks: {}, ready: null, data: null, steps: {} };
  window.__bench = bench;

  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) {
        bench.loaf.push({
          start: e.startTime,
          duration: e.duration,
          blocking: e.blockingDuration,
          // Time spent after the frame's scripts: style, layout, paint (what no script entry names).
          render: e.renderStart ? e.startTime + e.duration - e.renderStart : 0,
          scripts: e.scripts.map((s) => ({
            url: s.sourceURL,
            fn: s.sourceFunctionName,
            pos: s.sourceCharPosition,
            duration: s.duration,
            invoker: s.invoker,
            type: s.invokerType,
            forcedLayout: s.forcedStyleAndLayoutDuration,
          })),
        });
      }
    }).observe({ type: 'long-animation-frame', buffered: true });
  } catch {}
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) bench.longtasks.push({ start: e.startTime, duration: e.duration });
    }).observe({ type: 'longtask', buffered: true });
  } catch {}

  const featureCount = (map, id) => {
    const source = map.getSource(id);
    if (source?.type !== 'geojson') return 0;
    const data = source.serialize().data;
    return data && Array.isArray(data.features) ? data.features.length : 0;
  };
  const mostFeatures = (map) => Math.max(0, ...Object.keys(map.getStyle().sources).map((id) => featureCount(map, id)));

  const onMap = (map) => {
    bench.map = map;
    const check = () => {
      if (bench.ready !== null || map.isMoving() || !map.areTilesLoaded()) return;
      if (params.mode === 'open') {
        const preview = map.getSource('survey-preview');
        // Imagery is drawn from the viewer's lowest imagery zoom (picking a survey frames it there, no hint shown).
        const minZoom = params.imageryMinZoom ?? 13;
        if (!preview || map.getZoom() < minZoom || !map.isSourceLoaded('survey-preview')) return;
        if (featureCount(map, 'footprints') < (params.minFootprints || 1)) return;
        bench.footprints = featureCount(map, 'footprints');
      } else if (params.mode === 'many') {
        const n = mostFeatures(map);
        if (n < params.minFootprints) return;
        bench.footprints = n;
        const entry = performance
          .getEntriesByType('resource')
          .filter((r) => r.name.includes('/surveys/coverage'))
          .pop();
        bench.data = entry ? entry.responseEnd : null;
      } else {
        return;
      }
      bench.ready = performance.now();
      bench.camera = { lng: map.getCenter().lng, lat: map.getCenter().lat, zoom: map.getZoom() };
    };
    // A tile answering 404 (no imagery there) is followed by no frame, so when it is the last one
    // loading MapLibre never fires idle: look once a frame while tiles load, as the viewer does.
    let frame = 0;
    let lastFrameSawLoading = false;
    const look = () => {
      frame = 0;
      if (!map.loaded()) frame = requestAnimationFrame(look);
      else if (lastFrameSawLoading && !map.isMoving()) check();
    };
    map.on('render', () => {
      lastFrameSawLoading = !map.loaded();
      if (lastFrameSawLoading && !frame) frame = requestAnimationFrame(look);
    });
    map.on('idle', check);
  };

  let viewer;
  Object.defineProperty(window, '__surveyViewer', {
    configurable: true,
    get: () => viewer,
    set: (value) => {
      viewer = value;
      if (value?.map) onMap(value.map);
    },
  });

  // The open-to-ready path through the viewer, as fast as a script can click: sign in with the
  // pre-filled demo credentials, select the first survey, then "Zoom to imagery" if the viewer offers it (picking a
  // survey usually frames its imagery itself).
  if (params.automate) {
    const buttonNamed = (name) =>
      [...document.querySelectorAll('button')].find((b) => b.textContent.trim() === name && !b.disabled);
    const steps = [
      ['signIn', () => buttonNamed('Sign in')],
      ['select', () => document.querySelector('[role="listbox"][aria-label="Surveys"] [role="option"]')],
      ['zoom', () => buttonNamed('Zoom to imagery')],
    ].slice(0, params.automate === 'signIn' ? 1 : 3);
    let step = 0;
    const advance = () => {
      while (step < steps.length) {
        const [name, find] = steps[step];
        const target = find();
        if (!target) return;
        bench.steps[name] = performance.now();
        step++;
        target.click();
      }
      observer.disconnect();
    };
    const observer = new MutationObserver(advance);
    document.addEventListener('DOMContentLoaded', () => {
      observer.observe(document.body, {
        childList: true,
        subtree: true,
        attributes: true,
        attributeFilter: ['disabled', 'aria-busy'],
      });
      advance();
    });
  }

  const frameRecorder = () => {
    const frames = [];
    let last = 0;
    let running = true;
    const tick = (t) => {
      if (last) frames.push(t - last);
      last = t;
      if (running) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
    return { frames, stop: () => (running = false) };
  };

  /** Jumps to a camera and resolves at the next idle. */
  bench.jump = (camera) =>
    new Promise((resolve) => {
      bench.map.once('idle', () => resolve(performance.now()));
      bench.map.jumpTo(camera);
      bench.map.triggerRepaint();
    });

  /** A scripted flyTo (animated even under reduced motion); frame intervals until the map is idle again. */
  bench.fly = (target) =>
    new Promise((resolve) => {
      const map = bench.map;
      const recorder = frameRecorder();
      const start = performance.now();
      map.once('moveend', () =>
        map.once('idle', () => {
          recorder.stop();
          resolve({ frames: recorder.frames, start, end: performance.now() });
        }),
      );
      map.flyTo({ ...target, essential: true });
    });

  /**
   * Scrolls the "Surveys" listbox `step` px a frame until the row at position `total` is drawn, or `timeoutMs` passes.
   */
  bench.scroll = ({ step, total, timeoutMs }) =>
    new Promise((resolve) => {
      const el = document.querySelector('[role="listbox"][aria-label="Surveys"]');
      const frames = [];
      let maxRows = 0;
      let reached = 0;
      let last = 0;
      const start = performance.now();
      const tick = (t) => {
        if (last) frames.push(t - last);
        last = t;
        const rows = el.querySelectorAll('[role="option"]');
        if (rows.length > maxRows) maxRows = rows.length;
        for (const row of rows) reached = Math.max(reached, Number(row.getAttribute('aria-posinset')) || 0);
        const done = reached >= total;
        if (done || t - start > timeoutMs) {
          resolve({ frames, maxRows, reached, done, start, end: performance.now() });
          return;
        }
        el.scrollTop = Math.min(el.scrollTop + step, el.scrollHeight);
        requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
    });
})();
