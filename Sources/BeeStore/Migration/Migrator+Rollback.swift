extension Migrator {
    /// Rolls back the `steps` most recently applied migrations, newest first, each in its
    /// own transaction, and returns their identifiers.
    ///
    /// Nothing is rolled back when one of them has no `down` part
    /// (``MigrationError/irreversible(_:)``) or is not registered
    /// (``MigrationError/notRegistered(_:)``).
    @discardableResult
    public func rollback(steps: Int = 1) throws -> [String] {
        let entries = try appliedEntries()
        guard (0...entries.count).contains(steps) else {
            throw MigrationError.invalidStepCount(requested: steps, applied: entries.count)
        }
        return try rollBack(entries.suffix(steps).reversed().map(\.identifier))
    }

    /// Rolls back every migration applied after `target`, newest first, leaving `target`
    /// applied, and returns their identifiers.
    @discardableResult
    public func rollback(to target: String) throws -> [String] {
        let entries = try appliedEntries()
        guard let index = entries.firstIndex(where: { $0.identifier == target }) else {
            throw migration(named: target) == nil ? MigrationError.notRegistered(target) : .notApplied(target)
        }
        return try rollBack(entries[(index + 1)...].reversed().map(\.identifier))
    }

    private func rollBack(_ identifiers: [String]) throws -> [String] {
        let targets = try identifiers.map { identifier in
            guard let migration = migration(named: identifier) else {
                throw MigrationError.notRegistered(identifier)
            }
            guard migration.isReversible else {
                throw MigrationError.irreversible(identifier)
            }
            return migration
        }
        var rolledBack: [String] = []
        for migration in targets where try rollBackIfApplied(migration) {
            rolledBack.append(migration.identifier)
        }
        return rolledBack
    }

    /// Rolls back one migration unless another process already did.
    private func rollBackIfApplied(_ migration: Migration) throws -> Bool {
        try database.writeWithoutTransaction { connection in
            try connection.schemaChangeTransaction { connection in
                let isApplied = try MigrationLedger.entries(in: connection).contains {
                    $0.identifier == migration.identifier
                }
                guard isApplied else { return false }
                try run(.down, of: migration, in: connection)
                try MigrationLedger.remove(migration.identifier, in: connection)
                return true
            }
        }
    }
}
