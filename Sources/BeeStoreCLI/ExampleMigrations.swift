import BeeStore
import Foundation

/// The example app's migrations (`Migrations/` in the repository), compiled into the
/// tool so that `demo`, and the migration commands with `--demo` or on the demo's
/// database, work from any directory.
enum ExampleMigrations {
    /// The files, by name.
    static let files: [String: Data] = [
        "0001_create_sections.sql": Data(PackageResources._001_create_sections_sql),
        "0002_create_nodes.sql": Data(PackageResources._002_create_nodes_sql),
        "0003_index_nodes_on_section.sql": Data(PackageResources._003_index_nodes_on_section_sql),
        "0003_index_nodes_on_section.down.sql": Data(PackageResources._003_index_nodes_on_section_down_sql),
        "0004_backfill_node_section_names.sql": Data(PackageResources._004_backfill_node_section_names_sql),
    ]

    /// How messages name them.
    static let description = "the example migrations built into beestore"
}
