import BeeStore

// The music catalogue of the Chinook sample, mapped as it is: its tables' own names,
// keys and columns. No table is created or altered.

/// `Artist`: has many albums, through `Album.ArtistId`.
struct Artist: ActiveRecord {
    var id: Int64?
    var name: String?
    var albums: [Album]?

    static let mapping = RecordMapping(table: "Artist", primaryKey: "ArtistId")
        .column("name", "Name")
        .hasMany("albums", foreignKey: "ArtistId", onDelete: .restrict)
}

/// `Album`: belongs to an artist, has many tracks (through `Track.AlbumId`).
struct Album: ActiveRecord {
    var id: Int64?
    var title: String
    var artist: Artist?
    var tracks: [Track]?

    static let mapping = RecordMapping(table: "Album", primaryKey: "AlbumId")
        .column("title", "Title")
        .belongsTo("artist", column: "ArtistId")
        .hasMany("tracks", foreignKey: "AlbumId")
}

/// `Track`: belongs to an album, a genre and a media type. The media type is not
/// optional, so it is always loaded; the other relations are loaded when asked for.
struct Track: ActiveRecord {
    var id: Int64?
    var name: String
    var album: Album?
    var mediaType: MediaType
    var genre: Genre?
    var composer: String?
    var milliseconds: Int
    var bytes: Int?
    var unitPrice: Double

    static let mapping = RecordMapping(table: "Track", primaryKey: "TrackId")
        .column("name", "Name")
        .belongsTo("album", column: "AlbumId")
        .belongsTo("mediaType", column: "MediaTypeId")
        .belongsTo("genre", column: "GenreId")
        .column("composer", "Composer")
        .column("milliseconds", "Milliseconds")
        .column("bytes", "Bytes")
        .column("unitPrice", "UnitPrice")
}

/// `Genre`.
struct Genre: ActiveRecord {
    var id: Int64?
    var name: String?

    static let mapping = RecordMapping(table: "Genre", primaryKey: "GenreId").column("name", "Name")
}

/// `MediaType`.
struct MediaType: ActiveRecord {
    var id: Int64?
    var name: String?

    static let mapping = RecordMapping(table: "MediaType", primaryKey: "MediaTypeId").column("name", "Name")
}

/// `Playlist`: many tracks, each in many playlists, linked through the existing
/// join table `PlaylistTrack`.
struct Playlist: ActiveRecord {
    var id: Int64?
    var name: String?
    var tracks: [Track]?

    static let mapping = RecordMapping(table: "Playlist", primaryKey: "PlaylistId")
        .column("name", "Name")
        .manyToMany("tracks", through: "PlaylistTrack", parentColumn: "PlaylistId", childColumn: "TrackId")
}
