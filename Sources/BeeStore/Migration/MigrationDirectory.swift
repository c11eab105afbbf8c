import Foundation

extension Migration {
    /// The SQL migrations of a directory, ordered by their numeric prefix.
    ///
    /// Each migration is a file named `<number>_<name>.sql` (`0001_create_nodes.sql`);
    /// its identifier is the file name without `.sql`. The part of the file after a line
    /// reading `-- down` reverts it; alternatively, a companion `<number>_<name>.down.sql`
    /// does. A companion `<number>_<name>.postgresql.sql` (with its own `-- down` part)
    /// holds what a PostgreSQL database runs instead (see ``withPostgreSQL(_:downSQL:)``).
    /// Other files (a README) and hidden files are ignored.
    ///
    /// Throws a ``MigrationFileError`` for an unreadable directory or file, a malformed
    /// name, a number used twice, or an orphan or conflicting `down` part.
    public static func load(from directory: URL) throws -> [Migration] {
        let fileNames: [String]
        do {
            fileNames = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter(isMigrationFile)
        } catch {
            throw MigrationFileError.unreadable(directory, cause: error)
        }
        var files: [String: Data] = [:]
        for fileName in fileNames {
            let url = directory.appendingPathComponent(fileName)
            do {
                files[fileName] = try Data(contentsOf: url)
            } catch {
                throw MigrationFileError.unreadable(url, cause: error)
            }
        }
        return try load(files: files)
    }

    /// The SQL migrations of files held in memory (bundled with a program, for example),
    /// keyed by file name, under the rules of ``load(from:)``: names ending in `.sql`
    /// count, other names and hidden ones are ignored.
    ///
    /// Throws a ``MigrationFileError`` for a file that is not UTF-8, a malformed name, a
    /// number used twice, or an orphan or conflicting `down` part.
    public static func load(files: [String: Data]) throws -> [Migration] {
        let fileNames = files.keys.filter(isMigrationFile).sorted()
        let downFileNames = fileNames.filter { $0.hasSuffix(downSuffix) }
        let postgreSQLFileNames = fileNames.filter { $0.hasSuffix(postgreSQLSuffix) }
        let upFiles = try fileNames.filter { !$0.hasSuffix(downSuffix) && !$0.hasSuffix(postgreSQLSuffix) }
            .map(MigrationFileName.init(parsing:))
        try rejectDuplicateNumbers(in: upFiles)
        let identifiers = Set(upFiles.map(\.identifier))
        for (companions, suffix) in [(downFileNames, downSuffix), (postgreSQLFileNames, postgreSQLSuffix)] {
            if let orphan = companions.first(where: { !identifiers.contains(String($0.dropLast(suffix.count))) }) {
                throw MigrationFileError.downWithoutUp(fileName: orphan)
            }
        }
        func text(_ fileName: String) throws -> String {
            guard let text = files[fileName].flatMap({ String(data: $0, encoding: .utf8) }) else {
                throw MigrationFileError.notUTF8(fileName: fileName)
            }
            return text
        }
        return try upFiles.sorted { $0.number < $1.number }.map { file in
            let migration = try sqlMigration(file, downFileNames: downFileNames, text: text)
            let postgreSQLFile = file.identifier + postgreSQLSuffix
            guard postgreSQLFileNames.contains(postgreSQLFile) else { return migration }
            let sections = try MigrationSections(parsing: text(postgreSQLFile), fileName: postgreSQLFile)
            return migration.withPostgreSQL(sections.up, downSQL: sections.down)
        }
    }

    /// The migration of an `up` file, with its `down` part from the file or its companion.
    private static func sqlMigration(
        _ file: MigrationFileName, downFileNames: [String], text: (String) throws -> String
    ) throws -> Migration {
        let sections = try MigrationSections(parsing: text(file.fileName), fileName: file.fileName)
        let companion = file.identifier + downSuffix
        guard downFileNames.contains(companion) else {
            return Migration(file.identifier, sql: sections.up, downSQL: sections.down)
        }
        guard sections.down == nil else {
            throw MigrationFileError.conflictingDown(fileName: file.fileName)
        }
        return Migration(file.identifier, sql: sections.up, downSQL: try text(companion))
    }

    /// Whether a file name is one of a migration (or of its `down` part).
    private static func isMigrationFile(_ fileName: String) -> Bool {
        !fileName.hasPrefix(".") && fileName.hasSuffix(".sql")
    }

    private static let downSuffix = ".down.sql"
    private static let postgreSQLSuffix = ".postgresql.sql"

    private static func rejectDuplicateNumbers(in files: [MigrationFileName]) throws {
        let byNumber = Dictionary(grouping: files, by: \.number)
        if let (number, duplicates) = byNumber.filter({ $0.value.count > 1 }).min(by: { $0.key < $1.key }) {
            throw MigrationFileError.duplicateNumber(number, fileNames: duplicates.map(\.fileName))
        }
    }
}

/// The parts of an SQL migration file's name, `<number>_<name>.sql`.
struct MigrationFileName {
    let fileName: String
    let number: Int
    let identifier: String

    init(parsing fileName: String) throws {
        let identifier = String(fileName.dropLast(".sql".count))
        let digits = identifier.prefix(while: \.isASCIIDigit)
        let rest = identifier.dropFirst(digits.count)
        guard let number = Int(digits), rest.first == "_",
            rest.count > 1, rest.dropFirst().allSatisfy({ $0.isASCIIDigit || $0.isASCIILetter || $0 == "_" || $0 == "-" })
        else {
            throw MigrationFileError.malformedFileName(fileName)
        }
        self.fileName = fileName
        self.number = number
        self.identifier = identifier
    }
}

/// An SQL migration file's text split at its `-- down` line, if any; both parts keep
/// the file's text exactly (string literals in data migrations must not change).
struct MigrationSections {
    let up: String
    let down: String?

    init(parsing text: String, fileName: String) throws {
        var markers: [Range<String.Index>] = []
        var lineStart = text.startIndex
        while lineStart < text.endIndex {
            let lineEnd = text[lineStart...].firstIndex { $0 == "\n" || $0 == "\r\n" || $0 == "\r" } ?? text.endIndex
            let nextLine = lineEnd < text.endIndex ? text.index(after: lineEnd) : lineEnd
            if text[lineStart..<lineEnd].trimmingCharacters(in: .whitespaces).lowercased() == "-- down" {
                markers.append(lineStart..<nextLine)
            }
            lineStart = nextLine
        }
        guard markers.count <= 1 else {
            throw MigrationFileError.repeatedDownMarker(fileName: fileName)
        }
        up = String(text[..<(markers.first?.lowerBound ?? text.endIndex)])
        down = markers.first.map { String(text[$0.upperBound...]) }
        guard !up.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
            throw MigrationFileError.emptyMigration(fileName: fileName)
        }
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
    fileprivate var isASCIILetter: Bool { isASCII && isLetter }
}
