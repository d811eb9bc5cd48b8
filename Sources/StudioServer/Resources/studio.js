// treeanim studio: the page's player and its calls to the studio's API.
// Every text the server or the user gives is shown with textContent,
// never parsed as markup. State for tests: document.body.dataset.state
// ("empty", "start", "playing", "end"), .step (from 1), .steps, .busy;
// window.treeanimStudio has the session, the steps and the latency of the
// last run (from pressing Run to its first frame on the screen).
(() => {
  'use strict';
  const token = new URLSearchParams(location.search).get('token') || '';
  const $ = (id) => document.getElementById(id);
  const body = document.body;
  const videos = [$('video'), $('video2')];
  const still = $('still');
  const structures = (body.dataset.structures || '').split(' ').filter(Boolean);
  const studio = {
    session: null, steps: [], runs: [], step: -1, state: 'empty',
    playUntil: -1, latency: null, generation: 0, errors: 0,
  };
  window.treeanimStudio = studio;
  const clips = new Map();
  let runStarted = null;

  function api(path, params) {
    const query = new URLSearchParams(Object.assign({ token }, params || {}));
    if (studio.session) query.set('session', studio.session);
    return '/api/' + path + '?' + query.toString();
  }

  async function call(path, params, payload) {
    const response = await fetch(api(path, params), { method: 'POST', body: payload === undefined ? '' : payload });
    let answer = null;
    try { answer = await response.json(); } catch (e) { answer = null; }
    if (!response.ok) throw new Error((answer && answer.error) || ('the studio answered ' + response.status));
    return answer;
  }

  function say(error) {
    $('error').textContent = error ? String(error.message || error) : '';
    if (error) studio.errors += 1;
  }

  function setState(state) {
    studio.state = state;
    body.dataset.state = state;
    body.dataset.step = String(studio.step + 1);
    body.dataset.steps = String(studio.steps.length);
    $('counter').textContent = (studio.step + 1) + ' / ' + studio.steps.length;
    const caption = studio.step >= 0 && studio.steps[studio.step] ? studio.steps[studio.step].caption : '';
    if ($('caption').textContent !== caption) $('caption').textContent = caption;
    document.querySelectorAll('#runs li').forEach((li, k) => {
      const current = studio.step >= 0 && studio.steps[studio.step] && studio.steps[studio.step].run === k;
      li.classList.toggle('current', current);
    });
  }

  function busy(yes) {
    body.dataset.busy = yes ? 'yes' : 'no';
    for (const id of ['run', 'undo', 'start']) $(id).disabled = yes;
  }

  function showStill(k, end) {
    return new Promise((resolve) => {
      still.onload = () => { still.hidden = false; resolve(true); };
      still.onerror = () => resolve(false);
      still.src = api('still', { step: String(k), end: end ? '1' : '0', g: String(studio.generation) });
    });
  }

  async function clipURL(k, part) {
    const key = studio.generation + ':' + k + ':' + part;
    if (!clips.has(key)) {
      clips.set(key, fetch(api('clip', { step: String(k), part: String(part) })).then(async (response) => {
        if (!response.ok) {
          let message = 'the clip could not be made';
          try { message = (await response.json()).error || message; } catch (e) { /* not JSON */ }
          throw new Error(message);
        }
        return URL.createObjectURL(await response.blob());
      }));
    }
    return clips.get(key);
  }

  function forgetClips() {
    for (const promise of clips.values()) promise.then((url) => URL.revokeObjectURL(url), () => {});
    clips.clear();
    studio.generation += 1;
  }

  // Loads `url` into `video` and resolves once its first frame is decoded.
  function load(video, url) {
    return new Promise((resolve, reject) => {
      video.onloadeddata = () => resolve(video);
      video.onerror = () => reject(new Error('the clip could not be played'));
      video.src = url;
    });
  }

  function stopVideos() {
    for (const video of videos) { video.pause(); video.onended = null; }
  }

  // Plays step k: its first frame at once (a still), then its clip's
  // parts one after another, each loaded into one video while the other
  // plays, so that the step starts once its first part is drawn.
  let playToken = 0;
  async function play(k) {
    if (k < 0 || k >= studio.steps.length) return;
    const mine = ++playToken;
    studio.step = k;
    setState('playing');
    stopVideos();
    const shown = showStill(k, false).then((ok) => {
      if (ok && runStarted !== null && mine === playToken && studio.latency && studio.latency.firstFrame === null) {
        studio.latency.firstFrame = performance.now() - runStarted;
      }
    });
    const parts = Math.max(1, studio.steps[k].parts || 1);
    const prepare = (p, video) => clipURL(k, p).then((url) => (mine === playToken ? load(video, url) : null));
    let next = prepare(0, videos[0]);
    for (let p = 0; p < parts; p++) {
      let video;
      try { video = await next; } catch (error) { if (mine === playToken) { say(error); await showEnd(k); } return; }
      if (mine !== playToken || !video) return;
      const other = videos[(p + 1) % 2];
      video.playbackRate = Number($('speed').value) || 1;
      video.hidden = false;
      other.hidden = true;
      if (p === 0) {
        const presented = () => {
          if (mine !== playToken) return;
          still.hidden = true;
          if (runStarted !== null && studio.latency && studio.latency.clipPlaying === null) {
            studio.latency.clipPlaying = performance.now() - runStarted;
            runStarted = null;
          }
        };
        if (video.requestVideoFrameCallback) video.requestVideoFrameCallback(presented); else video.onplaying = presented;
      }
      const ended = new Promise((resolve) => { video.onended = resolve; });
      try { await video.play(); } catch (error) { if (mine === playToken) await showEnd(k); return; }
      if (p + 1 < parts) next = prepare(p + 1, other);
      else if (k + 1 <= studio.playUntil) clipURL(k + 1, 0).catch(() => {});
      await ended;
      if (mine !== playToken) return;
    }
    await shown;
    if (mine !== playToken) return;
    if (k < studio.playUntil) { play(k + 1); return; }
    studio.playUntil = -1;
    setState('end');
  }

  async function showEnd(k) {
    if (k < 0 || k >= studio.steps.length) return;
    const mine = ++playToken;
    studio.playUntil = -1;
    studio.step = k;
    stopVideos();
    await showStill(k, true);
    if (mine !== playToken) return;
    for (const video of videos) video.hidden = true;
    setState('end');
  }

  async function showStart(k) {
    if (k < 0 || k >= studio.steps.length) return;
    const mine = ++playToken;
    studio.playUntil = -1;
    studio.step = k;
    stopVideos();
    await showStill(k, false);
    if (mine !== playToken) return;
    for (const video of videos) video.hidden = true;
    setState('start');
  }

  function forward() {
    if (studio.state === 'playing') { showEnd(studio.step); return; }
    if (studio.state === 'start') { studio.playUntil = studio.step; play(studio.step); return; }
    if (studio.step + 1 < studio.steps.length) { studio.playUntil = studio.step + 1; play(studio.step + 1); }
  }
  function back() { if (studio.step > 0) showEnd(studio.step - 1); else if (studio.step === 0) showStart(0); }
  function replay() { if (studio.step >= 0) { studio.playUntil = studio.step; play(studio.step); } }
  function playAll() { if (studio.steps.length) { studio.playUntil = studio.steps.length - 1; play(0); } }

  function showRuns() {
    const list = $('runs');
    list.replaceChildren();
    studio.runs.forEach((text, k) => {
      const item = document.createElement('li');
      const button = document.createElement('button');
      button.type = 'button';
      button.textContent = text;
      button.addEventListener('click', () => {
        const first = studio.steps.findIndex((s) => s.run === k);
        if (first < 0) return;
        let last = first;
        while (last + 1 < studio.steps.length && studio.steps[last + 1].run === k) last += 1;
        studio.playUntil = last;
        play(first);
      });
      item.append(button);
      list.append(item);
    });
  }

  function adopt(answer) {
    studio.session = answer.session;
    studio.steps = answer.state.steps;
    studio.runs = answer.state.runs;
    showRuns();
    document.querySelectorAll('#exports a').forEach((a) => {
      a.href = api('export', { format: a.dataset.format });
    });
  }

  async function start() {
    say(null);
    busy(true);
    try {
      const structure = $('structure').value;
      const params = { structure, theme: $('theme').value, options: $('options').value, code: $('code').checked ? 'true' : 'false' };
      let graph = '';
      if (structure === 'graph') {
        const file = $('graph-file').files[0];
        if (file) { params.name = file.name; graph = file; } else { params.name = 'graph.dot'; graph = $('graph-text').value; }
      }
      studio.session = null;
      forgetClips();
      const answer = await call('session', params, graph);
      adopt(answer);
      studio.step = -1;
      stopVideos();
      for (const video of videos) video.hidden = true;
      still.hidden = true;
      setState('empty');
      $('status').textContent = structure + ': type operations and press Run';
    } catch (error) {
      say(error);
    } finally {
      busy(false);
    }
  }

  async function run() {
    const text = $('operations').value;
    say(null);
    if (!studio.session) await start();
    if (!studio.session) return;
    busy(true);
    runStarted = performance.now();
    studio.latency = { firstFrame: null, clipPlaying: null };
    try {
      const answer = await call('run', {}, text);
      forgetClips();
      adopt(answer);
      $('operations').value = '';
      // The run's steps: from the first it changed (a closing summary
      // step moves to the end with each run).
      const first = studio.steps.findIndex((s) => s.run === studio.runs.length - 1);
      if (first >= 0) {
        studio.playUntil = studio.steps.length - 1;
        play(first);
      } else {
        runStarted = null;
        showEnd(studio.steps.length - 1);
      }
    } catch (error) {
      runStarted = null;
      say(error);
    } finally {
      busy(false);
    }
  }

  async function undo() {
    say(null);
    if (!studio.session) return;
    busy(true);
    try {
      const answer = await call('undo', {});
      forgetClips();
      adopt(answer);
      if (studio.steps.length) { await showEnd(studio.steps.length - 1); } else {
        ++playToken;
        studio.step = -1;
        stopVideos();
        for (const video of videos) video.hidden = true;
        still.hidden = true;
        setState('empty');
      }
    } catch (error) {
      say(error);
    } finally {
      busy(false);
    }
  }

  for (const name of structures) {
    const option = document.createElement('option');
    option.value = name;
    option.textContent = name;
    $('structure').append(option);
  }
  $('structure').addEventListener('change', () => {
    $('graph').hidden = $('structure').value !== 'graph';
    $('operations').placeholder = {
      sort: '5 3 8 1 9 2 (each run sorts its values)', graph: 'dijkstra A F', heap: 'insert 9 4 7 1; extract',
      stack: 'push 3 4; pop', queue: 'enqueue 3 4; dequeue', list: 'append 3 4; reverse', trie: 'insert tea ten; prefix te',
    }[$('structure').value] || 'insert 50 30 70';
    if ($('structure').value !== 'graph') start();
  });
  $('start').addEventListener('click', start);
  $('run').addEventListener('click', run);
  $('undo').addEventListener('click', undo);
  $('first').addEventListener('click', () => showStart(0));
  $('back').addEventListener('click', back);
  $('forward').addEventListener('click', forward);
  $('replay').addEventListener('click', replay);
  $('all').addEventListener('click', playAll);
  $('speed').addEventListener('change', () => { for (const video of videos) video.playbackRate = Number($('speed').value) || 1; });
  $('operations').addEventListener('keydown', (event) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) { event.preventDefault(); run(); }
  });
  document.addEventListener('keydown', (event) => {
    const target = event.target;
    if (target && (target.tagName === 'TEXTAREA' || target.tagName === 'INPUT' || target.tagName === 'SELECT')) return;
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    switch (event.key) {
      case 'ArrowRight': case ' ': case 'PageDown': case 'ArrowDown': forward(); break;
      case 'ArrowLeft': case 'PageUp': case 'ArrowUp': back(); break;
      case 'r': case 'R': replay(); break;
      case 'a': case 'A': playAll(); break;
      case 'Home': showStart(0); break;
      case 'End': showEnd(studio.steps.length - 1); break;
      default: return;
    }
    event.preventDefault();
  });
  Object.assign(studio, { play, showEnd, showStart, forward, back, replay, playAll, run, undo, start });
  start();
})();
