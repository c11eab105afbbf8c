import Foundation

/// The diagram laid out by Graphviz's `dot`, when it is installed: `dot` places the
/// boxes of ``DotSource`` and routes each edge as a spline around them, ending at the
/// sides of its columns' rows; BeeStore reads the positions back (`-Tjson`) and draws
/// the diagram itself, so that no text of `dot`'s reaches the page.
enum GraphvizLayout {
    /// Why `dot` gave no layout.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// The `dot` executable in one of the directories of `PATH`, when installed.
    static let executable: URL? = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/usr/local/bin"
        return path.split(separator: ":").map { URL(fileURLWithPath: String($0)).appendingPathComponent("dot") }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }()

    /// The longest `dot` may take before it is stopped.
    static let timeLimit = 5.0

    /// `graph` laid out by the `dot` at `executable`.
    static func layout(_ graph: DiagramGraph, dot executable: URL) throws -> DiagramLayout {
        let output = try run(executable, source: DotSource.text(of: graph))
        let placed: DotOutput
        do {
            placed = try JSONDecoder().decode(DotOutput.self, from: output)
        } catch {
            throw Failure(description: "dot's output could not be read: \(error)")
        }
        var centres: [Int: DiagramPoint] = [:]
        for object in placed.objects ?? [] {
            guard object.name.hasPrefix("t"), let index = Int(object.name.dropFirst()), let position = object.pos else { continue }
            centres[index] = try point(position)
        }
        let boxes = try graph.tables.enumerated().map { index, table in
            guard let centre = centres[index] else { throw Failure(description: "dot placed no box for table \(index)") }
            let height = DiagramGraph.height(of: table)
            return DiagramLayout.Box(x: centre.x - table.width / 2, y: centre.y - height / 2, width: table.width, height: height)
        }
        var splines: [Int: [DiagramPoint]] = [:]
        for edge in placed.edges ?? [] {
            guard let id = edge.id, id.hasPrefix("e"), let index = Int(id.dropFirst()), let position = edge.pos else { continue }
            splines[index] = try position.split(separator: " ").filter { !$0.hasPrefix("e,") && !$0.hasPrefix("s,") }.map(point)
        }
        var loops: [Int: Int] = [:]
        let paths = try graph.edges.enumerated().map { index, edge in
            guard !edge.isSelfReference else {
                // The n-th self-reference of a table loops n tracks further out, in the gap
                // between ranks (`ranksep`, 65 points) right of its box.
                let number = loops[edge.from.table, default: 0]
                loops[edge.from.table] = number + 1
                return DiagramLayout.Path.loop(of: edge, box: boxes[edge.from.table], x: boxes[edge.from.table].right + 12 + 8 * Double(number))
            }
            guard var points = splines[index], points.count >= 4, (points.count - 1).isMultiple(of: 3) else {
                throw Failure(description: "dot routed no spline for edge \(index)")
            }
            // The spline runs from the key's row; dot may give it the other way round.
            if distance(from: points[0], to: edge.to, in: boxes) < distance(from: points[0], to: edge.from, in: boxes) {
                points.reverse()
            }
            // dot ends a spline a point outside its port: it ends on the box's side.
            points[0] = snapped(points[0], to: edge.from, in: boxes)
            points[points.count - 1] = snapped(points[points.count - 1], to: edge.to, in: boxes)
            let segments = stride(from: 1, to: points.count, by: 3).map { DiagramLayout.Segment.curve(points[$0], points[$0 + 1], to: points[$0 + 2]) }
            return DiagramLayout.Path(edge: edge, start: points[0], segments: segments)
        }
        return DiagramLayout(graph: graph, boxes: boxes, paths: paths, method: .graphviz)
    }

    /// How far `point` is from the middle of `endpoint`'s row, on the nearer side of its box.
    private static func distance(from point: DiagramPoint, to endpoint: DiagramGraph.Endpoint, in boxes: [DiagramLayout.Box]) -> Double {
        let box = boxes[endpoint.table]
        return abs(point.y - DiagramGraph.middle(ofRow: endpoint.row, top: box.y)) + min(abs(point.x - box.x), abs(point.x - box.right))
    }

    /// `point` moved onto the nearer side of `endpoint`'s box when it is within two points
    /// of it (dot leaves a point between a spline and its port).
    private static func snapped(_ point: DiagramPoint, to endpoint: DiagramGraph.Endpoint, in boxes: [DiagramLayout.Box]) -> DiagramPoint {
        let box = boxes[endpoint.table]
        let side = abs(point.x - box.x) < abs(point.x - box.right) ? box.x : box.right
        return abs(point.x - side) <= 2 ? DiagramPoint(x: side, y: point.y) : point
    }

    /// What `dot -Tjson` writes, as far as the layout needs it.
    private struct DotOutput: Decodable {
        struct Object: Decodable {
            let name: String
            let pos: String?
        }
        struct Edge: Decodable {
            let id: String?
            let pos: String?
        }
        let objects: [Object]?
        let edges: [Edge]?
    }

    /// A point `x,y` of dot's, whose y grows upwards, as a point of the diagram.
    private static func point(_ text: some StringProtocol) throws -> DiagramPoint {
        let parts = text.split(separator: ",")
        guard parts.count == 2, let x = Double(parts[0]), let y = Double(parts[1]) else {
            throw Failure(description: "dot wrote a position that is not one: \(text.prefix(40))")
        }
        return DiagramPoint(x: x, y: -y)
    }

    /// The standard output of `dot -Tjson` given `source`, or a failure when it fails or
    /// takes longer than ``timeLimit``.
    private static func run(_ executable: URL, source: String) throws -> Data {
        let process = Process()
        process.executableURL = executable
        process.arguments = ["-Tjson"]
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            throw Failure(description: "dot could not be started: \(error)")
        }
        let bytes = Data(source.utf8)
        let writer = input.fileHandleForWriting
        Thread.detachNewThread {
            try? writer.write(contentsOf: bytes)
            try? writer.close()
        }
        let deadline = DispatchTime.now() + timeLimit
        DispatchQueue.global().asyncAfter(deadline: deadline) { if process.isRunning { process.terminate() } }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            throw Failure(description: "dot failed or took longer than \(Int(timeLimit)) s")
        }
        return data
    }
}
