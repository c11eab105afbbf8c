import Foundation

/// Where one migration stands in a database, as ``Migrator/status()`` reports it.
public struct MigrationStatus: Sendable, Equatable {
    /// The states a migration can be in.
    public enum State: String, Sendable {
        /// Applied, and unchanged since.
        case applied
        /// Registered but not applied.
        case pending
        /// Applied, but its checksum changed since (the migration was edited).
        case changed
        /// Applied, but not registered with the migrator (from another version of the app).
        case unknown
    }

    /// The migration's identifier.
    public let identifier: String
    /// Its state.
    public let state: State
    /// When it was applied (nil when pending).
    public let appliedAt: Date?
    /// The checksum recorded when it was applied (nil when pending).
    public let recordedChecksum: String?
    /// The registered migration's checksum (nil when unknown).
    public let currentChecksum: String?
}

extension Migrator {
    /// The state of every registered migration, in order, followed by the applied
    /// migrations the migrator does not know, in the order they were applied.
    public func status() throws -> [MigrationStatus] {
        let entries = try appliedEntries()
        let entriesByIdentifier = Dictionary(entries.map { ($0.identifier, $0) }, uniquingKeysWith: { first, _ in first })
        let registered = migrations.map { migration in
            let entry = entriesByIdentifier[migration.identifier]
            let state: MigrationStatus.State =
                switch entry?.checksum {
                case nil: .pending
                case let recorded? where migration.hasChecksum(recorded): .applied
                default: .changed
                }
            return MigrationStatus(
                identifier: migration.identifier, state: state, appliedAt: entry?.appliedAt,
                recordedChecksum: entry?.checksum, currentChecksum: migration.checksum)
        }
        let unknown = entries.filter { migration(named: $0.identifier) == nil }.map { entry in
            MigrationStatus(
                identifier: entry.identifier, state: .unknown, appliedAt: entry.appliedAt,
                recordedChecksum: entry.checksum, currentChecksum: nil)
        }
        return registered + unknown
    }
}
