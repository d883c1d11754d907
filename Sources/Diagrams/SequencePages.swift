import TraceFormat

/// How a long run's sequence diagram is cut into pages: at story-step boundaries, each page holding at most a
/// readable number of messages. A step longer than a page is cut between its cycles, and a cycle longer than a
/// page between its messages.
public struct SequencePage: Sendable, Hashable {
    /// 1-based.
    public var number: Int
    /// The messages it draws: sequences `firstSequence...lastSequence`.
    public var firstSequence: Int
    public var lastSequence: Int
    /// The story steps it shows (a step cut between pages is on both).
    public var firstStep: Int
    public var lastStep: Int

    public var messages: Int { lastSequence - firstSequence + 1 }

    /// The default most messages on a page (`--page-messages`).
    public static let defaultMessages = 150

    /// The pages of messages `first...last` (to the end when nil) of `trace`, `perPage` messages at most on each.
    public static func pages(of trace: Trace, from first: Int = 1, through last: Int? = nil,
                             perPage: Int = defaultMessages) -> [SequencePage] {
        let last = min(last ?? trace.events.count, trace.events.count)
        let perPage = max(1, perPage)
        var first = max(1, first)
        guard last >= first else { return [] }
        // Where a page may start: the first message of each step, else of each cycle, else any message.
        var stepStarts = Set(trace.steps.map(\.firstSequence))
        stepStarts.insert(1)
        let cycleStarts = Set(trace.cycles.map(\.firstSequence))
        var pages: [SequencePage] = []
        while first <= last {
            let limit = min(last, first + perPage - 1)
            var end = limit
            if limit < last {
                // The latest step start after `first` that still fits, else the latest cycle start.
                if let cut = latestStart(in: stepStarts, after: first, upTo: limit + 1) {
                    end = cut - 1
                } else if let cut = latestStart(in: cycleStarts, after: first, upTo: limit + 1) {
                    end = cut - 1
                }
            }
            pages.append(SequencePage(number: pages.count + 1, firstSequence: first, lastSequence: end,
                                      firstStep: trace.step(containing: first) ?? 1, lastStep: trace.step(containing: end) ?? 1))
            first = end + 1
        }
        return pages
    }

    /// The largest start `s` with `after < s <= upTo`.
    private static func latestStart(in starts: Set<Int>, after first: Int, upTo bound: Int) -> Int? {
        var candidate = bound
        while candidate > first {
            if starts.contains(candidate) { return candidate }
            candidate -= 1
        }
        return nil
    }
}

extension SequenceDiagramBuilder {
    /// Page `page` of `count`: its messages, titled with its number.
    public static func build(_ trace: Trace, options: Options = Options(), page: SequencePage, of count: Int) -> SequenceDiagram {
        var options = options
        options.firstSequence = page.firstSequence
        options.lastSequence = page.lastSequence
        var diagram = build(trace, options: options)
        diagram.title += " — page \(page.number) of \(count)"
        return diagram
    }
}

extension SequencePage {
    /// The index of a paged sequence diagram: the scenario's title and one linked row per page
    /// (`<name>-<number>.<fileExtension>`), with the steps and messages it holds.
    /// `overview` links the scenes-only overview, when there is one.
    public static func index(title: String, pages: [SequencePage], name: String = "sequence", fileExtension: String = "svg",
                             overview: String? = nil, note: String? = nil) -> DOTGraph {
        var markup = "<TABLE BORDER=\"0\" CELLBORDER=\"0\" CELLSPACING=\"0\" CELLPADDING=\"5\">"
        markup += "<TR><TD ALIGN=\"LEFT\" COLSPAN=\"3\">"
            + HTMLLabel.text(title, size: 14, color: "#111827", bold: true).markup + "</TD></TR>"
        let summary = "\(pages.count) pages · \(pages.last.map { "messages 1–\($0.lastSequence)" } ?? "no messages")"
        markup += "<TR><TD ALIGN=\"LEFT\" COLSPAN=\"3\">" + HTMLLabel.text(summary, size: 10, color: "#4b5563").markup + "</TD></TR>"
        if let overview {
            let href = HTMLLabel.escape(overview)
            // Each link has its own ID: without one, Graphviz numbers its anchors with a counter that runs on from
            // every earlier drawing in the process, and the same index would not be the same bytes twice.
            markup += "<TR><TD ID=\"overview\" ALIGN=\"LEFT\" COLSPAN=\"3\" HREF=\"\(href)\" TITLE=\"\(href)\">"
                + HTMLLabel.text("Overview: the scenes only, the whole run on one page", size: 11, color: "#1d4ed8", bold: true).markup
                + "</TD></TR>"
        }
        for page in pages {
            let href = HTMLLabel.escape("\(name)-\(page.number).\(fileExtension)")
            let steps = page.firstStep == page.lastStep ? "step \(page.firstStep)" : "steps \(page.firstStep)–\(page.lastStep)"
            let cells = [
                HTMLLabel.text("Page \(page.number)", size: 11, color: "#1d4ed8", bold: true),
                HTMLLabel.text(steps, size: 10, color: "#374151"),
                HTMLLabel.text("messages \(page.firstSequence)–\(page.lastSequence)", size: 10, color: "#374151"),
            ]
            markup += "<TR>" + zip(["", "-steps", "-messages"], cells).map { suffix, cell in
                "<TD ID=\"page\(page.number)\(suffix)\" ALIGN=\"LEFT\" HREF=\"\(href)\" TITLE=\"\(href)\" BGCOLOR=\"\(page.number % 2 == 0 ? "#f9fafb" : "#ffffff")\">"
                    + cell.markup + "</TD>"
            }.joined() + "</TR>"
        }
        if let note {
            markup += "<TR><TD ALIGN=\"LEFT\" COLSPAN=\"3\">" + HTMLLabel.text(note, size: 9, color: "#6b7280").markup + "</TD></TR>"
        }
        markup += "</TABLE>"
        var graph = DOTGraph(name: name, attributes: ["bgcolor": "#ffffff", "pad": 0.2, "fontname": .text(RolePalette.fontName)],
                             nodeDefaults: ["fontname": .text(RolePalette.fontName)])
        graph.node("index", ["shape": "plaintext", "label": .html(HTMLLabel(rawMarkup: markup))])
        return graph
    }
}
