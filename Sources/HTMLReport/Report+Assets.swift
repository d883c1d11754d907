extension Report {
    /// The page's style (Assets/report.css): system fonts, the diagrams' role colours, a two-column walkthrough on wide screens.
    static let stylesheet = String(decoding: PackageResources.report_css, as: UTF8.self)

    /// The page's behaviour (Assets/report.js). It reads the JSON data and builds everything with `textContent`.
    static let script = String(decoding: PackageResources.report_js, as: UTF8.self)
}
