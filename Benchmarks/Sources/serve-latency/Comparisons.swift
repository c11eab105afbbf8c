import Foundation

/// One request asked of both servers, each in its own URL scheme.
struct Comparison {
    let name: String
    let beestore: String
    let datasette: String
    let beestoreExpects: Expectation
    let datasetteExpects: Expectation
    /// The largest acceptable beestore / Datasette ratio of medians, if the request has one.
    let target: Double?
}

/// A query item's value, percent-encoded but for the unreserved characters.
func percentEncoded(_ value: String) -> String {
    let unreserved = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
    return value.addingPercentEncoding(withAllowedCharacters: unreserved) ?? value
}

/// The requests timed on the Chinook database (Datasette names it `chinook`, after its file).
let chinookComparisons: [Comparison] = {
    let join = "select t.Name, a.Title from Track t join Album a using(AlbumId) where a.Title like '%Rock%'"
    let runaway = "with recursive r(i) as (select 1 union all select i + 1 from r) select count(*) from r"
    let beestoreRows = Expectation(status: 200, contains: ["<table id=\"rows\">"])
    let datasetteRows = Expectation(status: 200, contains: ["class=\"rows-and-columns\""])
    return [
        Comparison(
            name: "Track table page (HTML)", beestore: "/table?name=Track", datasette: "/chinook/Track",
            beestoreExpects: beestoreRows, datasetteExpects: datasetteRows, target: 0.25),
        Comparison(
            name: "Track page as JSON", beestore: "/table?name=Track&_format=json", datasette: "/chinook/Track.json",
            beestoreExpects: Expectation(status: 200, contains: ["\"TrackId\""]),
            datasetteExpects: Expectation(status: 200, contains: ["\"rows\""]), target: 0.25),
        Comparison(
            name: "Track, facets GenreId and MediaTypeId",
            beestore: "/table?name=Track&_facet=GenreId&_facet=MediaTypeId",
            datasette: "/chinook/Track?_facet=GenreId&_facet=MediaTypeId",
            beestoreExpects: Expectation(
                status: 200, contains: ["class=\"facet\" data-column=\"GenreId\"", "class=\"facet\" data-column=\"MediaTypeId\""]),
            datasetteExpects: Expectation(status: 200, contains: ["id=\"facet-GenreId\"", "id=\"facet-MediaTypeId\""]),
            target: nil),
        Comparison(
            name: "SQL editor: Track join Album, title like '%Rock%'", beestore: "/query?sql=\(percentEncoded(join))",
            datasette: "/chinook?sql=\(percentEncoded(join))", beestoreExpects: beestoreRows, datasetteExpects: datasetteRows,
            target: nil),
        Comparison(
            name: "SQL editor: runaway recursive query", beestore: "/query?sql=\(percentEncoded(runaway))",
            datasette: "/chinook?sql=\(percentEncoded(runaway))",
            beestoreExpects: Expectation(status: 400, contains: ["time limit"]),
            datasetteExpects: Expectation(status: 400, contains: ["took too long"]), target: nil),
    ]
}()
