import Foundation

/// What a path names on disk, for commands that must tell a missing file from a directory.
enum FileKind {
    case missing
    case file
    case directory

    /// The kind of whatever `path` names.
    init(atPath path: String) {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            self = .missing
            return
        }
        self = isDirectory.boolValue ? .directory : .file
    }
}
