import Foundation
import Testing

/// The foreign-key diagram as a browser draws it: sampled along its length, no edge passes
/// through a box, each starts and ends on the side of its column's row, and Employee's
/// self-reference is drawn.
extension ServeBrowserTests {
    /// What is wrong with the drawn diagram, as the browser measures it: a point of an edge
    /// inside a box (one pixel in from its outline), or an end off its column's row.
    static let diagramProblems = """
        const problems = [];
        const boxes = [...document.querySelectorAll('#diagram g.table')].map(group => {
          const rect = group.querySelector('rect.box');
          const box = { table: group.dataset.table, x: rect.x.baseVal.value, y: rect.y.baseVal.value,
                        width: rect.width.baseVal.value, height: rect.height.baseVal.value, group };
          return box;
        });
        const inside = (point, box) => point.x > box.x + 1 && point.x < box.x + box.width - 1
          && point.y > box.y + 1 && point.y < box.y + box.height - 1;
        const onRow = (point, table, column) => {
          const box = boxes.find(each => each.table === table);
          const row = [...box.group.querySelectorAll('text.column')].find(text => text.dataset.column === column);
          const middle = row ? row.y.baseVal[0].value - 4.5 : box.y + 12;
          const onSide = Math.abs(point.x - box.x) < 1 || Math.abs(point.x - box.x - box.width) < 1;
          return onSide && Math.abs(point.y - middle) <= 9;
        };
        for (const path of document.querySelectorAll('#diagram path.link')) {
          const name = `${path.dataset.fromTable}.${path.dataset.fromColumn} -> ${path.dataset.toTable}.${path.dataset.toColumn}`;
          const length = path.getTotalLength();
          for (let at = 0; at <= length; at += 2) {
            const point = path.getPointAtLength(at);
            for (const box of boxes) if (inside(point, box)) problems.push(`${name} passes through ${box.table}`);
          }
          if (!onRow(path.getPointAtLength(0), path.dataset.fromTable, path.dataset.fromColumn)) problems.push(`${name} starts off its row`);
          if (!onRow(path.getPointAtLength(length), path.dataset.toTable, path.dataset.toColumn)) problems.push(`${name} ends off its row`);
        }
        return [...new Set(problems)];
        """

    @Test func theDiagramDrawsNoEdgeThroughABoxInEachLayout() async throws {
        try await withServedPage { served, browser in
            try await browser.click(try await browser.element("a#nav-diagram"))
            _ = try await browser.waitForElement("#diagram path.link")
            for layout in BrowserAvailability.diagramLayouts {
                try await browser.navigate(to: try served.url("/diagram", ["_layout": layout]))
                try await waitUntil("the \(layout) diagram") {
                    try await browser.execute("return document.querySelector('#diagram')?.dataset.layout ?? ''", as: String.self) == layout
                }
                #expect(try await browser.execute(Self.diagramProblems, as: [String].self) == [], "\(layout)")
                let loops = "return document.querySelectorAll('#diagram path.self-reference[data-from-table=Employee][data-from-column=ReportsTo]').length"
                #expect(try await browser.execute(loops, as: Int.self) == 1, "\(layout)")
                let keyCount = try Self.database(at: served.databasePath).fetchValue(
                    Int.self, "SELECT count(*) FROM sqlite_master AS m, pragma_foreign_key_list(m.name) AS k WHERE m.type = 'table' AND k.seq = 0")
                #expect(try await browser.execute("return document.querySelectorAll('#diagram path.link').length", as: Int.self) == keyCount)
                #expect(try await browser.execute("return /^[\\x20-\\x7e]*$/.test(document.querySelector('#diagram').textContent)", as: Bool.self))
            }
        }
    }
}
