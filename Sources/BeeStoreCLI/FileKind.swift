import Foundation

/// What a path names on disk, for commands that must tell a missing file from a directory.
enum FileKind {
    /// Nothing exists at the path.
    case missing
    /// A file, or anything else that is not a directory.
    case file
    /// A directory.
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
