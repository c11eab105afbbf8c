/// The server's one script and one stylesheet, served as files so that the pages need
/// no inline code and the Content-Security-Policy can forbid it.
enum StaticAssets {
    /// Reloads a live page when the database changes (server-sent events from `/events`),
    /// keeping the scroll position.
    static let script = """
        "use strict";
        if (document.body && document.body.dataset.live === "1" && window.EventSource) {
          const events = new EventSource("/events");
          events.addEventListener("change", () => {
            sessionStorage.setItem("beestore-scroll", String(window.scrollY));
            window.location.reload();
          });
          window.addEventListener("beforeunload", () => events.close());
          const scroll = sessionStorage.getItem("beestore-scroll");
          if (scroll !== null) {
            sessionStorage.removeItem("beestore-scroll");
            window.scrollTo(0, Number(scroll));
          }
        }
        """

    /// The pages' look: readable tables, a sticky header, the diagram's boxes and lines.
    static let stylesheet = """
        :root { color-scheme: light dark; --accent: #b35c00; --line: #8884; }
        body { font: 15px/1.45 system-ui, sans-serif; margin: 0; }
        nav { display: flex; gap: 1.2em; padding: .7em 1.2em; background: #2b2118; }
        nav a { color: #ffd28a; text-decoration: none; font-weight: 600; }
        main { padding: 0 1.2em 2em; }
        h1 { font-size: 1.5em; word-break: break-all; }
        a { color: var(--accent); }
        table { border-collapse: collapse; font-size: .93em; }
        th, td { border-bottom: 1px solid var(--line); padding: .3em .6em; text-align: left; vertical-align: top; }
        thead th { position: sticky; top: 0; background: Canvas; }
        td { max-width: 32em; overflow-wrap: break-word; }
        .scroll { overflow-x: auto; }
        .null { color: #888; font-style: italic; }
        .blob { color: #888; }
        .fk-value { color: #888; font-size: .85em; }
        .error { border: 1px solid #c33; background: #c331; padding: .6em; white-space: pre-wrap; }
        .warning { color: #c33; }
        form { margin: .8em 0; display: flex; flex-wrap: wrap; gap: .4em; align-items: center; }
        #query-form { display: block; }
        textarea { width: 100%; font: 14px ui-monospace, monospace; }
        pre { background: #8881; padding: .6em; overflow-x: auto; }
        #facets { display: flex; flex-wrap: wrap; gap: 1.5em; }
        .facet ul { list-style: none; padding: 0; margin: 0; max-height: 16em; overflow-y: auto; }
        .count { color: #888; margin-left: .3em; }
        #plan li.full-scan { color: #c33; font-weight: 600; }
        #diagram rect { fill: Canvas; stroke: var(--accent); }
        #diagram text { fill: CanvasText; font-size: 13px; }
        #diagram text.name { font-weight: 700; fill: var(--accent); }
        #diagram line { stroke: #888; }
        #diagram marker path { fill: #888; }
        """
}
