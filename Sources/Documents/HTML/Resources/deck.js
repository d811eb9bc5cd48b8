'use strict';
(() => {
  const body = document.body;
  const fps = Number(body.dataset.fps);
  const deck = document.getElementById('deck');
  const stage = document.getElementById('stage');
  const captionBox = document.getElementById('caption');
  const counter = document.getElementById('counter');
  const sectionBox = document.getElementById('section');
  const progress = document.getElementById('progress');
  const help = document.getElementById('help');
  const overviewBox = document.getElementById('overview');
  const overviewGrid = document.getElementById('overview-grid');
  const steps = Array.from(document.querySelectorAll('.step'), (element) => ({
    element,
    video: element.querySelector('video'),
    final: element.querySelector('.final'),
    // The clip's captions as a text track, or null when it shows none.
    track: element.querySelector('track')?.track ?? null,
    caption: element.querySelector('.step-caption').textContent,
    note: element.querySelector('.step-note').textContent,
    section: element.dataset.section || '',
    question: element.dataset.question,
    // A title or text slide: nothing on it moves.
    text: element.dataset.text === 'true',
    // Set when the browser cannot play the clip: the step then
    // shows its first and last frames as stills.
    still: false,
  }));
  let index = 0;
  let state = 'start';
  let autoplay = body.dataset.autoplay === 'true';
  let subtitles = body.dataset.subtitles === 'on';
  let generation = 0;
  let shown = steps[0];

  const frameCount = (step) => {
    const count = Math.round(step.video.duration * fps);
    return count >= 1 ? count : 1;
  };
  const firstFrameTime = () => 0;
  // The middle of the last frame: a seek to the very end may land
  // after it, on no frame, in some browsers.
  const lastFrameTime = (step) => (frameCount(step) - 0.5) / fps;
  const nextAnimationFrame = () => new Promise((resolve) => requestAnimationFrame(resolve));

  // Resolves when `video` fires one of `events`, or after `ms`: a
  // video that never answers must not freeze the deck.
  function when(video, events, ms) {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        events.forEach((name) => video.removeEventListener(name, done));
        resolve();
      };
      const timer = setTimeout(done, ms);
      events.forEach((name) => video.addEventListener(name, done));
    });
  }

  // Shows the frame of `step` at `timeOf(step)`, once it is decoded;
  // a function, as the time may depend on a duration not yet loaded.
  async function seek(step, timeOf) {
    const video = step.video;
    if (step.still) return;
    if (video.readyState < HTMLMediaElement.HAVE_METADATA) {
      await when(video, ['loadedmetadata', 'error'], 5000);
      if (step.still || video.readyState < HTMLMediaElement.HAVE_METADATA) return;
    }
    const time = timeOf(step);
    if (!video.seeking && video.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA
        && Math.abs(video.currentTime - time) < 1e-6) return;
    const seeked = when(video, ['seeked', 'error'], 3000);
    video.currentTime = time;
    await seeked;
  }

  // Makes `step` the one on the stage; the one before stops.
  function display(step) {
    if (shown !== step) {
      shown.video.pause();
      shown.element.classList.remove('current');
      step.element.classList.add('current');
      shown = step;
    }
  }

  function update() {
    const step = steps[index];
    body.dataset.step = String(index + 1);
    body.dataset.state = state;
    body.dataset.autoplay = String(autoplay);
    counter.textContent = `${index + 1} / ${steps.length}`;
    if (sectionBox.textContent !== step.section) sectionBox.textContent = step.section;
    sectionBox.hidden = !step.section;
    body.dataset.subtitles = subtitles ? 'on' : 'off';
    say(captionText(step));
    step.final.hidden = !(step.still && state === 'end');
    updateProgress(step);
    overview.mark();
    notes.update();
    remember();
  }

  // Puts `text` in the caption line, a live region: assigned only on
  // a change, as a screen reader reads every assignment.
  function say(text) {
    if (captionBox.textContent !== text) captionBox.textContent = text;
  }

  // What the caption line says: while a step plays, the caption its
  // clip shows at that moment (its track's active cue), so a screen
  // reader hears each caption as it appears; else, and between two
  // cues, the step's caption.
  function captionText(step) {
    const cues = state === 'playing' && step.track ? step.track.activeCues : null;
    if (!cues || cues.length === 0) return step.caption;
    // A cue's text is WebVTT (`&lt;` for <): its words are what it
    // shows as HTML.
    return Array.from(cues, (cue) => cue.getCueAsHTML().textContent).join('\n');
  }

  // The bar at the bottom: the share of the deck played. While a
  // step plays it glides to where the step ends, in the time left.
  function updateProgress(step) {
    const video = step.video;
    const left = step.still ? 0 : Math.max(0, (video.duration || 0) - video.currentTime);
    const share = (done) => `${(100 * (index + done)) / steps.length}%`;
    progress.style.transition = 'none';
    if (state === 'playing' || state === 'reversing') {
      const played = video.duration ? video.currentTime / video.duration : 0;
      progress.style.width = share(played);
      progress.getBoundingClientRect();
      const seconds = state === 'playing' ? left : video.currentTime;
      progress.style.transition = `width ${seconds}s linear`;
      progress.style.width = share(state === 'playing' ? 1 : 0);
    } else {
      progress.style.width = share(state === 'end' ? 1 : 0);
    }
  }

  // Shows step `i` still, at its start or its end.
  async function show(i, where) {
    const g = ++generation;
    const step = steps[i];
    shown.video.pause();
    await seek(step, where === 'end' ? lastFrameTime : firstFrameTime);
    if (g !== generation) return false;
    index = i;
    state = where;
    display(step);
    update();
    return true;
  }

  // Plays step `i` from where it stands, or from its start when it
  // is not on the stage yet.
  async function play(i) {
    const g = ++generation;
    const step = steps[i];
    if (shown !== step) {
      await seek(step, firstFrameTime);
      if (g !== generation) return;
    }
    // A slide of words that says nothing aloud has nothing to play: one
    // press shows it whole (a deck that plays by itself still holds it
    // for its clip's length, the time to read it).
    if (step.text && !sound && !autoplay) {
      await seek(step, lastFrameTime);
      if (g !== generation) return;
      index = i;
      display(step);
      finish();
      return;
    }
    index = i;
    state = 'playing';
    display(step);
    update();
    if (step.still) {
      finish();
      return;
    }
    step.video.play().catch((error) => {
      // Interrupted by a pause is no failure; refused (a browser
      // that blocks even muted autoplay) waits for a key press.
      if (g !== generation || error.name !== 'NotAllowedError') return;
      state = 'start';
      update();
    });
  }

  // The clip has played to its end: its last frame goes up (the
  // player may have dropped it as late), then the step is ended.
  async function settle() {
    const g = generation;
    await seek(steps[index], lastFrameTime);
    if (g === generation && state === 'playing') finish();
  }

  function finish() {
    state = 'end';
    update();
    if (autoplay && index < steps.length - 1) play(index + 1);
  }

  // A press during playback: the end, at once, as a clicker expects.
  async function skipToEnd() {
    const g = ++generation;
    const step = steps[index];
    step.video.pause();
    await seek(step, lastFrameTime);
    if (g === generation) finish();
  }

  async function reverse() {
    if (state === 'start') {
      // At a start, R rewinds the step before: repeated presses
      // walk the deck backwards.
      if (index === 0 || !(await show(index - 1, 'end'))) return;
    }
    const g = ++generation;
    const step = steps[index];
    const video = step.video;
    video.pause();
    state = 'reversing';
    update();
    if (!step.still) {
      const from = Math.min(frameCount(step) - 1, Math.floor(video.currentTime * fps + 1e-3));
      const began = performance.now();
      let frame = from;
      while (frame > 0) {
        await nextAnimationFrame();
        if (g !== generation) return;
        const due = Math.max(0, from - Math.floor(((performance.now() - began) * fps) / 1000));
        if (due >= frame) continue;
        frame = due;
        await seek(step, () => (frame === 0 ? 0 : (frame + 0.5) / fps));
        if (g !== generation) return;
      }
    }
    state = 'start';
    update();
  }

  function next() {
    if (state === 'playing') return skipToEnd();
    if (state !== 'end') return play(index);
    if (index < steps.length - 1) return play(index + 1);
  }

  function previous() {
    return index > 0 ? show(index - 1, 'end') : show(0, 'start');
  }

  function go(n, where = 'start') {
    const i = Math.min(steps.length, Math.max(1, Math.round(Number(n)) || 1)) - 1;
    return show(i, where === 'end' ? 'end' : 'start');
  }

  function toggleAutoplay() {
    autoplay = !autoplay;
    update();
    const atLastEnd = state === 'end' && index === steps.length - 1;
    if (autoplay && state !== 'playing' && !atLastEnd) next();
  }

  // Subtitles: every clip's captions track showing over it, or
  // hidden (its cues still timed, for the caption line).
  function toggleSubtitles() {
    subtitles = !subtitles;
    setTrackModes();
    update();
  }

  // A track that is hidden rather than disabled still loads its cues
  // and reports which are active, so the caption line can follow them.
  function setTrackModes() {
    steps.forEach((step) => {
      if (step.track) step.track.mode = subtitles ? 'showing' : 'hidden';
    });
  }

  function toggleFullscreen() {
    const exit = document.exitFullscreen || document.webkitExitFullscreen;
    const enter = deck.requestFullscreen || deck.webkitRequestFullscreen;
    const current = document.fullscreenElement || document.webkitFullscreenElement;
    // Safari before 16.4 knows only the prefixed calls, which
    // return no promise; a refusal is no error worth a message.
    Promise.resolve(current ? exit.call(document) : enter.call(deck)).catch(() => {});
  }

  function toggleHelp(open = help.hidden) {
    help.hidden = !open;
  }

  // The overview: every step's last frame, small, in a grid. Its
  // cells are made the first time it opens, from the stills the
  // steps already have, so the page holds each picture once.
  const overview = {
    cells: [],
    get isOpen() {
      return !overviewBox.hidden;
    },
    build() {
      if (this.cells.length) return;
      this.cells = steps.map((step, i) => {
        const item = document.createElement('li');
        const cell = document.createElement('button');
        cell.type = 'button';
        cell.className = step.question === undefined ? 'cell' : 'cell asks';
        cell.dataset.step = String(i + 1);
        const picture = document.createElement('img');
        picture.alt = '';
        picture.src = step.final.src;
        const number = document.createElement('span');
        number.className = 'cell-number';
        number.textContent = String(i + 1);
        const caption = document.createElement('span');
        caption.className = 'cell-caption';
        caption.textContent = step.question === undefined ? step.caption : step.question;
        const section = document.createElement('span');
        section.className = 'cell-section';
        section.textContent = step.section;
        cell.append(picture, number, caption, section);
        cell.addEventListener('click', () => this.choose(i));
        item.append(cell);
        overviewGrid.append(item);
        return cell;
      });
    },
    // Shows which cell is the step on the stage.
    mark() {
      this.cells.forEach((cell, i) => {
        if (i === index) cell.setAttribute('aria-current', 'step');
        else cell.removeAttribute('aria-current');
      });
    },
    toggle(open = !this.isOpen) {
      if (open === this.isOpen) return;
      if (open) {
        this.build();
        this.mark();
        overviewBox.hidden = false;
        this.focus(index);
      } else {
        overviewBox.hidden = true;
        if (overviewBox.contains(document.activeElement)) document.activeElement.blur();
      }
      body.dataset.overview = open ? 'open' : 'closed';
    },
    focus(i) {
      const cell = this.cells[Math.min(this.cells.length - 1, Math.max(0, i))];
      cell.focus({ preventScroll: true });
      cell.scrollIntoView({ block: 'nearest' });
    },
    // Goes to the end of step `i` and closes.
    choose(i) {
      this.toggle(false);
      show(i, 'end');
    },
    // The keys while it is open: arrows move between cells (up and
    // down by a row of the grid), Enter or Space goes to the focused
    // one, Escape or O closes. Returns false for a key it leaves alone.
    onKey(event, key) {
      const focused = this.cells.indexOf(document.activeElement);
      const at = focused < 0 ? index : focused;
      const columns = getComputedStyle(overviewGrid).gridTemplateColumns.split(' ').length || 1;
      const moves = { ArrowRight: 1, ArrowLeft: -1, ArrowDown: columns, ArrowUp: -columns };
      if (key === 'Escape' || key === 'o') this.toggle(false);
      else if (key === 'Enter' || key === ' ') this.choose(at);
      else if (key in moves) this.focus(at + moves[key]);
      else if (key === 'Home') this.focus(0);
      else if (key === 'End') this.focus(this.cells.length - 1);
      else return false;
      event.preventDefault();
      return true;
    },
  };

  // The speaker view: a window of the same origin (about:blank,
  // opened by this page) that this page writes and keeps in step.
  const notes = {
    window: null,
    began: 0,
    timer: 0,
    open() {
      if (this.window && !this.window.closed) {
        this.window.focus();
        return;
      }
      const w = window.open('', 'treeanim-notes', 'popup,width=1000,height=640');
      if (!w) return;
      w.document.open();
      w.document.write(notesPage);
      w.document.close();
      w.document.title = `Notes: ${document.title}`;
      w.document.addEventListener('keydown', onKey);
      w.document.getElementById('timer').addEventListener('click', () => {
        this.began = Date.now();
        this.tick();
      });
      this.window = w;
      this.began = Date.now();
      clearInterval(this.timer);
      this.timer = setInterval(() => this.tick(), 1000);
      this.update();
    },
    tick() {
      if (!this.window || this.window.closed) {
        clearInterval(this.timer);
        return;
      }
      const two = (n) => String(n).padStart(2, '0');
      const s = Math.floor((Date.now() - this.began) / 1000);
      const d = this.window.document;
      d.getElementById('timer').textContent = `${two(Math.floor(s / 3600))}:${two(Math.floor(s / 60) % 60)}:${two(s % 60)}`;
      const now = new Date();
      d.getElementById('clock').textContent = `${two(now.getHours())}:${two(now.getMinutes())}`;
    },
    update() {
      if (!this.window || this.window.closed) return;
      const d = this.window.document;
      const step = steps[index];
      const after = steps[index + 1];
      const where = step.section ? ` · ${step.section}` : '';
      d.getElementById('position').textContent = `Step ${index + 1} / ${steps.length} · ${state}${where}`;
      // A question's banner is not in the still: the view says it.
      d.getElementById('caption').textContent = step.question === undefined ? step.caption : `Question: ${step.question}`;
      d.getElementById('note').textContent = step.note;
      d.getElementById('now').src = step.final.src;
      d.getElementById('next-caption').textContent = after ? after.caption : 'End of the deck';
      const upcoming = d.getElementById('next');
      upcoming.hidden = !after;
      if (after) upcoming.src = after.final.src;
      this.tick();
    },
  };

  const notesPage = `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><style>
    :root { color-scheme: dark; }
    body { margin: 0; height: 100vh; display: grid; grid-template-rows: auto 1fr; background: #0e1014; color: #e9ecf1;
      font: 18px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
    header { display: flex; gap: 1.5em; align-items: baseline; padding: .7em 1.2em; background: #161a21; border-bottom: 1px solid #262c36; }
    #position { flex: 1; color: #8b93a1; }
    #timer { font-size: 1.6em; font-variant-numeric: tabular-nums; cursor: pointer; }
    #clock { color: #8b93a1; font-variant-numeric: tabular-nums; }
    main { display: grid; grid-template-columns: 3fr 2fr; gap: 1.2em; padding: 1.2em; min-height: 0; }
    section { min-height: 0; overflow: auto; }
    img { width: 100%; border-radius: 6px; background: #000; display: block; }
    h1 { font-size: 1.5em; margin: .6em 0 .3em; font-weight: 600; }
    #note { white-space: pre-wrap; font-size: 1.25em; }
    h2 { font-size: .8em; text-transform: uppercase; letter-spacing: .08em; color: #8b93a1; margin: 0 0 .5em; }
    #next-caption { margin: .6em 0; color: #c5cad3; }
    #next[hidden] { display: none; }
  </style></head><body>
    <header><span id="position"></span><span id="timer" title="Click to restart">00:00:00</span><span id="clock"></span></header>
    <main><section><img id="now" alt=""><h1 id="caption"></h1><div id="note"></div></section>
    <section><h2>Next</h2><img id="next" alt=""><p id="next-caption"></p></section></main>
  </body></html>`;

  const actions = {
    ArrowRight: next, ArrowDown: next, PageDown: next, ' ': next,
    ArrowLeft: previous, ArrowUp: previous, PageUp: previous,
    Home: () => show(0, 'start'),
    End: () => show(steps.length - 1, 'end'),
    r: reverse, a: toggleAutoplay, f: toggleFullscreen, s: () => notes.open(), c: toggleSubtitles,
    o: () => overview.toggle(),
    '?': () => toggleHelp(),
  };

  function onKey(event) {
    // Browser shortcuts (Ctrl+R, Cmd+F, …) are left to the browser.
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    if (event.key === 'Escape' && !help.hidden) {
      toggleHelp(false);
      return;
    }
    const key = event.key.length === 1 && event.key !== ' ' ? event.key.toLowerCase() : event.key;
    // Over the overview only the help and full screen reach past it
    // to the deck.
    if (overview.isOpen && help.hidden && (overview.onKey(event, key) || (key !== '?' && key !== 'f'))) return;
    const action = event.shiftKey && key === ' ' ? previous : actions[key];
    if (!action) return;
    event.preventDefault();
    if (key !== '?') toggleHelp(false);
    action();
  }

  steps.forEach((step) => {
    step.track?.addEventListener('cuechange', () => {
      if (steps[index] === step && state === 'playing') say(captionText(step));
    });
    // A cue the playback passed over between two of its time updates (a
    // short cue on a busy machine) is never among the active cues, but
    // it is still entered: the caption line says it then, so no caption
    // goes unsaid.
    const hear = () => {
      for (const cue of Array.from(step.track?.cues ?? [])) {
        cue.onenter = () => {
          if (steps[index] === step && state === 'playing') say(cue.getCueAsHTML().textContent);
        };
      }
    };
    step.element.querySelector('track')?.addEventListener('load', hear);
    hear();
    step.video.addEventListener('ended', () => {
      if (steps[index] === step && state === 'playing') settle();
    });
    step.video.addEventListener('error', () => {
      step.still = true;
      if (steps[index] !== step) return;
      if (state === 'playing') finish();
      else update();
    });
  });

  // Narrated clips start muted: a browser lets a page make sound only
  // once the viewer has pressed or clicked something. The first press
  // (in the capture phase, before it does what it does) turns the sound
  // on for this step and every other.
  const sound = body.dataset.sound === 'true';
  let audible = false;
  function unmute() {
    if (!sound || audible) return;
    audible = true;
    body.dataset.audible = 'true';
    steps.forEach((step) => { step.video.muted = false; });
  }
  if (sound) {
    document.addEventListener('keydown', unmute, true);
    document.addEventListener('pointerdown', unmute, true);
  }

  document.addEventListener('keydown', onKey);
  stage.addEventListener('click', () => next());
  help.addEventListener('click', (event) => {
    if (event.target === help) toggleHelp(false);
  });
  overviewBox.addEventListener('click', (event) => {
    if (event.target === overviewBox) overview.toggle(false);
  });

  // The pointer hides after two still seconds, as in a video player.
  let idle = 0;
  document.addEventListener('mousemove', () => {
    deck.classList.remove('idle');
    clearTimeout(idle);
    idle = setTimeout(() => deck.classList.add('idle'), 2000);
  });

  window.treeanimDeck = Object.freeze({
    next, previous, go, reverse, toggleAutoplay, toggleSubtitles,
    first: () => show(0, 'start'),
    last: () => show(steps.length - 1, 'end'),
    openNotes: () => notes.open(),
    overview: () => overview.toggle(),
    get step() { return index + 1; },
    get audible() { return audible; },
    get state() { return state; },
    get subtitles() { return subtitles; },
    count: steps.length,
  });

  // The address says how many steps are done, #0 to #count, so a
  // reload, a bookmark or a link returns to the same place: #k is
  // the end of step k (the start of step k + 1 looks the same).
  function remember() {
    const done = state === 'end' ? index + 1 : index;
    if (location.hash === `#${done}`) return;
    try {
      history.replaceState(null, '', `#${done}`);
    } catch {
      // Some browsers refuse history on file: pages; the deck works on.
    }
  }

  function restore(hash) {
    const match = /^#(\d+)$/.exec(hash);
    if (!match) return false;
    const done = Math.min(steps.length, Number(match[1]));
    if (done === 0) show(0, 'start');
    else show(done - 1, 'end');
    return true;
  }

  // Read before the first update writes #0 over it.
  const opened = location.hash;
  setTrackModes();
  window.addEventListener('hashchange', () => restore(location.hash));
  update();
  if (!restore(opened) && autoplay) play(0);
})();
