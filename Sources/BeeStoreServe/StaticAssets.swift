/// The server's scripts and stylesheet, served as files so that the pages need no inline
/// code and the Content-Security-Policy can forbid it.
enum StaticAssets {
    /// Reloads a live page when the database changes, keeping the scroll position, or
    /// offers the reload while the user is typing into the page's fields. Changes come from
    /// ``eventsWorker``, which every tab of the server shares.
    static let script = """
        "use strict";
        // Live refresh: the tabs of one server share one event connection through a shared
        // worker, since a browser opens at most six connections to a host. A page reloads on a
        // change unless the user is typing in one of its fields: then it offers the reload.
        if (document.body && document.body.dataset.live === "1" && window.SharedWorker) {
          const worker = new SharedWorker("/events.js");
          const isEditing = () => {
            const active = document.activeElement;
            if (active && active.matches("input, textarea, select")) return true;
            return [...document.querySelectorAll("input:not([type=hidden]), textarea")].some(field => field.value !== field.defaultValue);
          };
          const offerReload = () => {
            if (document.getElementById("changed")) return;
            const notice = document.createElement("p");
            notice.id = "changed";
            notice.className = "warning";
            const link = document.createElement("a");
            link.href = window.location.href;
            link.textContent = "The database changed: reload";
            notice.append(link);
            document.querySelector("main")?.prepend(notice);
          };
          worker.port.addEventListener("message", message => {
            if (message.data !== "change") return;
            if (isEditing()) return offerReload();
            sessionStorage.setItem("beestore-scroll", String(window.scrollY));
            window.location.reload();
          });
          worker.port.start();
          window.addEventListener("pagehide", () => worker.port.postMessage("close"));
          const scroll = sessionStorage.getItem("beestore-scroll");
          if (scroll !== null) {
            sessionStorage.removeItem("beestore-scroll");
            window.scrollTo(0, Number(scroll));
          }
        }
        """

    /// SQL highlighting, drawn by the script of the page: the SQL editor's text again behind
    /// its transparent field, and every `pre.sql`, with keywords, strings, numbers,
    /// comments, quoted names and parameters marked. Each token becomes a text node, so that
    /// nothing typed is ever read as markup.
    static let highlighter = #"""
        // SQL highlighting: no library, no network; tokens become text nodes in spans.
        const sqlKeywords = new Set(("select from where and or not in is null like glob regexp match between join left right full inner outer " +
          "cross natural on using group by having order asc desc nulls first last limit offset union all intersect except distinct as " +
          "case when then else end exists with recursive insert replace into values update set delete create table view index " +
          "drop alter pragma explain query plan cast collate escape over partition window filter rows range true false").split(" "));
        const sqlToken = /(--[^\n]*|\/\*[\s\S]*?(?:\*\/|$))|('(?:[^']|'')*'?)|("(?:[^"]|"")*"?|`[^`]*`?|\[[^\]]*\]?)|([:@$?][A-Za-z0-9_]*)|(\b\d+(?:\.\d+)?(?:[eE][+-]?\d+)?\b)|([A-Za-z_][A-Za-z0-9_]*)/g;
        const highlightSQL = (text, target) => {
          const pieces = [];
          let last = 0;
          for (const match of text.matchAll(sqlToken)) {
            if (match.index > last) pieces.push(text.slice(last, match.index));
            const kind = match[1] ? "comment" : match[2] ? "string" : match[3] ? "name" : match[4] ? "parameter"
              : match[5] ? "number" : sqlKeywords.has(match[6].toLowerCase()) ? "keyword" : null;
            if (kind) {
              const span = document.createElement("span");
              span.className = "sql-" + kind;
              span.textContent = match[0];
              pieces.push(span);
            } else {
              pieces.push(match[0]);
            }
            last = match.index + match[0].length;
          }
          pieces.push(text.slice(last) + "\n");
          target.replaceChildren(...pieces);
        };
        const editor = document.querySelector("textarea#sql");
        if (editor) {
          const frame = document.createElement("div");
          frame.className = "sql-editor";
          const backdrop = document.createElement("pre");
          backdrop.id = "sql-highlight";
          backdrop.setAttribute("aria-hidden", "true");
          editor.before(frame);
          frame.append(backdrop, editor);
          const update = () => {
            highlightSQL(editor.value, backdrop);
            backdrop.scrollTop = editor.scrollTop;
            backdrop.scrollLeft = editor.scrollLeft;
          };
          editor.addEventListener("input", update);
          editor.addEventListener("scroll", update);
          update();
        }
        for (const block of document.querySelectorAll("pre.sql")) highlightSQL(block.textContent, block);
        """#

    /// A shared worker holding the one `/events` connection of all the server's tabs: a
    /// browser opens at most six connections to a host, so that one connection per tab
    /// would leave a seventh tab nothing to load with.
    static let eventsWorker = """
        "use strict";
        // One event connection for every tab of this server: each tab's port hears of changes,
        // and the connection closes when the last tab leaves.
        const ports = new Set();
        let events = null;
        onconnect = connection => {
          const port = connection.ports[0];
          ports.add(port);
          port.addEventListener("message", message => {
            if (message.data !== "close") return;
            ports.delete(port);
            if (ports.size === 0 && events) {
              events.close();
              events = null;
            }
          });
          port.start();
          if (!events) {
            events = new EventSource("/events");
            events.addEventListener("change", () => {
              for (const each of ports) each.postMessage("change");
            });
          }
        };
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
        #changed { margin: .8em 0 0; }
        form { margin: .8em 0; display: flex; flex-wrap: wrap; gap: .4em; align-items: center; }
        #query-form { display: block; }
        textarea { width: 100%; font: 14px ui-monospace, monospace; }
        .sql-editor { position: relative; }
        .sql-editor textarea, #sql-highlight { font: 14px/1.4 ui-monospace, monospace; padding: .4em; margin: 0; border: 1px solid var(--line);
          box-sizing: border-box; width: 100%; white-space: pre-wrap; overflow-wrap: break-word; tab-size: 4; letter-spacing: normal; }
        #sql-highlight { position: absolute; inset: 0; overflow: hidden; pointer-events: none; background: none; border-color: transparent; }
        .sql-editor textarea { position: relative; display: block; background: transparent; color: transparent; caret-color: CanvasText; }
        .sql-keyword { color: #2f6fb0; } .sql-string { color: #3d8a3d; } .sql-number { color: #a04a9a; }
        .sql-comment { color: #888; font-style: italic; } .sql-name { color: var(--accent); } .sql-parameter { color: #c33; }
        pre { background: #8881; padding: .6em; overflow-x: auto; }
        #facets { display: flex; flex-wrap: wrap; gap: 1.5em; }
        .facet ul { list-style: none; padding: 0; margin: 0; max-height: 16em; overflow-y: auto; }
        .count { color: #888; margin-left: .3em; }
        #plan li.full-scan { color: #c33; font-weight: 600; }
        th { white-space: nowrap; }
        details.column-menu { display: inline-block; position: relative; margin-left: .2em; }
        details.column-menu summary { list-style: none; cursor: pointer; color: #888; padding: 0 .2em; }
        details.column-menu summary::-webkit-details-marker { display: none; }
        details.column-menu summary::before { content: "▾"; }
        details.column-menu ul { position: absolute; z-index: 2; left: 0; margin: .2em 0 0; padding: .3em 0; list-style: none;
          background: Canvas; border: 1px solid var(--line); box-shadow: 0 2px 6px #0003; font-weight: 400; }
        details.column-menu li a { display: block; padding: .2em .8em; white-space: nowrap; text-decoration: none; }
        details.column-menu li a:hover { background: #b35c0022; }
        #diagram rect.box { fill: Canvas; stroke: var(--accent); }
        #diagram rect.header { fill: #b35c0022; stroke: var(--accent); }
        #diagram text { fill: CanvasText; font-size: 13px; }
        #diagram text.name { font-weight: 700; fill: var(--accent); }
        #diagram text.mark { font-size: 10px; font-weight: 700; fill: #888; }
        #diagram text.more { fill: #888; font-style: italic; }
        #diagram path.link { fill: none; stroke: #888; stroke-width: 1.3; }
        #diagram marker path { fill: #888; }
        """
}
