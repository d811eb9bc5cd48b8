extension HTMLDeck {
    /// The deck's look: a dark room, the stage as large as the window
    /// allows at the frames' aspect (`--aspect`, set on the stage), the
    /// caption and counter below it. Sizes follow the window (`vmin`) so a
    /// projector and a laptop show the same layout.
    static let style = #"""
        :root { color-scheme: dark; --bg: #0e1014; --fg: #e9ecf1; --muted: #8b93a1; --accent: #5b9dff; }
        *, *::before, *::after { box-sizing: border-box; }
        html, body { margin: 0; height: 100%; overflow: hidden; background: var(--bg); color: var(--fg);
          font: 16px/1.4 system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif; }
        .deck { position: fixed; inset: 0; display: flex; flex-direction: column; background: var(--bg); }
        .deck.idle { cursor: none; }
        .viewport { flex: 1; min-height: 0; display: grid; place-items: center; padding: 2.5vmin 2.5vmin 0;
          container-type: size; }
        .deck:fullscreen .viewport { padding: 0; }
        .stage { position: relative; width: min(100cqw, calc(100cqh * var(--aspect))); aspect-ratio: var(--aspect);
          overflow: hidden; background: #000; border-radius: 6px; cursor: pointer;
          box-shadow: 0 0 0 1px rgb(255 255 255 / .06), 0 12px 48px rgb(0 0 0 / .55); }
        .deck:fullscreen .stage { border-radius: 0; box-shadow: none; }
        .step { position: absolute; inset: 0; visibility: hidden; }
        .step.current { visibility: visible; }
        .step video, .step .final { position: absolute; inset: 0; width: 100%; height: 100%; object-fit: contain;
          display: block; }
        .step .final[hidden] { display: none; }
        .bar { display: grid; grid-template-columns: 1fr minmax(0, 4fr) 1fr; align-items: center; gap: 1em;
          padding: 1.6vmin 2.5vmin 2.4vmin; font-size: clamp(15px, 2.6vmin, 34px); }
        .caption { margin: 0; min-height: 1.4em; text-align: center; font-weight: 500; letter-spacing: .005em;
          overflow-wrap: anywhere; }
        .status { display: flex; gap: .8em; align-items: center; font-size: .6em; color: var(--muted); }
        .autoplay-badge { display: none; padding: .15em .6em; border-radius: 999px; color: var(--accent);
          border: 1px solid currentColor; }
        body[data-autoplay="true"] .autoplay-badge { display: inline-block; }
        .hint { opacity: .7; }
        .counter { justify-self: end; color: var(--muted); font-size: .7em; font-variant-numeric: tabular-nums; }
        .progress { position: absolute; left: 0; right: 0; bottom: 0; height: 3px; background: rgb(255 255 255 / .06); }
        .progress > div { width: 0; height: 100%; background: var(--accent); }
        kbd { display: inline-block; min-width: 1.9em; padding: .05em .45em; border: 1px solid #3a4250;
          border-bottom-width: 2px; border-radius: 5px; background: #232833; color: var(--fg);
          font: inherit; font-size: .85em; text-align: center; }
        .help { position: absolute; inset: 0; display: grid; place-items: center; background: rgb(6 8 11 / .7);
          backdrop-filter: blur(3px); -webkit-backdrop-filter: blur(3px); }
        .help[hidden] { display: none; }
        .help .card { max-width: min(92vw, 46em); padding: 1.4em 1.9em 1.6em; border: 1px solid #2c323d;
          border-radius: 12px; background: #171b22; box-shadow: 0 20px 60px rgb(0 0 0 / .6);
          font-size: clamp(14px, 2vmin, 21px); }
        .help h2 { margin: 0 0 .9em; font-size: .8em; font-weight: 600; letter-spacing: .1em;
          text-transform: uppercase; color: var(--muted); }
        .help dl { display: grid; grid-template-columns: auto 1fr; gap: .65em 1.6em; margin: 0; align-items: baseline; }
        .help dt { white-space: nowrap; color: var(--muted); }
        .help dd { margin: 0; }
        """#
}
