/// The metadata file's words on a page: the description, then the license and the source,
/// each linked to its address when the file gives one.
extension MetadataDescription {
    /// Appends the description, license and source, if there are any.
    func write(to html: inout HTML) {
        guard description != nil || license != nil || licenseURL != nil || source != nil || sourceURL != nil else { return }
        html.raw("<div class=\"metadata\">")
        if let description { html.element("p", [("class", "description")], text: description) }
        if license != nil || licenseURL != nil || source != nil || sourceURL != nil {
            html.raw("<p class=\"credits\">")
            Self.writeCredit("License", label: license, address: licenseURL, id: "license", to: &html)
            Self.writeCredit("Source", label: source, address: sourceURL, id: "source", to: &html)
            html.raw("</p>")
        }
        html.raw("</div>")
    }

    private static func writeCredit(_ name: String, label: String?, address: String?, id: String, to html: inout HTML) {
        guard let text = label ?? address else { return }
        html.open("span", [("class", "credit")])
        html.text(name + ": ")
        if let address {
            html.element("a", [("href", address), ("id", id), ("rel", "noopener noreferrer")], text: text)
        } else {
            html.element("span", [("id", id)], text: text)
        }
        html.raw(" </span>")
    }
}
