import ScenarioLoader

/// What a person found reading one app's code by hand (Tests/Corpus/README.md describes the file): the answer
/// `import` is scored against. Names only.
struct GroundTruth {
    var app: String
    var repository: String
    var commit: String
    var style: String
    var heldOut: Bool
    /// Which set of apps it came with, when not the first (`second`, `third`): each set is reported on its own.
    var set: String?
    /// Folders of the checkout that hold the app's own code.
    var read: [String]
    /// Every scene's name, for an app whose scenes are written out for a sample only.
    var allScenes: [String]?
    var scenes: [Scene]

    struct Field: Hashable {
        var name: String
        var type: String
    }

    struct Worker {
        var name: String
        var aliases: [String]
        var operations: [String]
    }

    struct UseCase {
        var interactor: String?
        var event: String?
        var trigger: String?
        var request: [Field]
        var response: [Field]
        var viewModel: [Field]
        var presenter: [String]
        var display: [String]
        /// `call:Worker.operation`, `store:field`, `present:method`.
        var steps: [String]
    }

    struct Route {
        var method: String
        var destination: String
        var pass: [String]
        var navigation: String?
    }

    struct RuleBreak: Hashable {
        var rule: String
        var place: String
    }

    struct Scene {
        var name: String
        var dataStore: [Field]
        var workers: [Worker]
        var useCases: [UseCase]
        var routes: [Route]
        var ruleBreaks: [RuleBreak]
    }

    struct Failure: Error, CustomStringConvertible {
        var message: String
        var description: String { message }
    }

    static func read(_ text: String, file: String) throws -> GroundTruth {
        let tree: YAMLTree
        do { tree = try YAMLTree.parse(text) } catch { throw Failure(message: "\(file):\(error)") }
        func required(_ key: String) throws -> String {
            guard let value = tree[key]?.string else { throw Failure(message: "\(file): '\(key)' is missing") }
            return value
        }
        func fields(_ node: YAMLTree?) -> [Field] {
            (node?.entries ?? []).map { Field(name: $0.key, type: $0.value.string ?? "") }
        }
        func names(_ node: YAMLTree?) -> [String] {
            (node?.items ?? []).compactMap(\.string)
        }
        var scenes: [Scene] = []
        for entry in tree["scenes"]?.entries ?? [] {
            let node = entry.value
            let workers = (node["workers"]?.entries ?? []).map { worker in
                Worker(name: worker.key, aliases: names(worker.value["aliases"]), operations: names(worker.value["operations"]))
            }
            let useCases = (node["useCases"]?.items ?? []).map { item in
                UseCase(interactor: item["interactor"]?.string, event: item["event"]?.string, trigger: item["trigger"]?.string,
                        request: fields(item["request"]), response: fields(item["response"]), viewModel: fields(item["viewModel"]),
                        presenter: names(item["presenter"]), display: names(item["display"]),
                        steps: (item["steps"]?.items ?? []).compactMap { step in
                            step.entries.first.flatMap { entry in entry.value.string.map { "\(entry.key):\($0)" } }
                        })
            }
            let routes = (node["routes"]?.items ?? []).map { item in
                Route(method: item["method"]?.string ?? "", destination: item["to"]?.string ?? "", pass: names(item["pass"]),
                      navigation: item["navigation"]?.string)
            }
            let breaks = (node["ruleBreaks"]?.items ?? []).map { item in
                RuleBreak(rule: item["rule"]?.string ?? "", place: item["at"]?.string ?? "")
            }
            scenes.append(Scene(name: entry.key, dataStore: fields(node["dataStore"]), workers: workers, useCases: useCases,
                                routes: routes, ruleBreaks: breaks))
        }
        let read = names(tree["read"])
        return GroundTruth(app: try required("app"), repository: try required("repository"), commit: try required("commit"),
                           style: tree["style"]?.string ?? "", heldOut: tree["heldOut"]?.bool ?? false, set: tree["set"]?.string,
                           read: read.isEmpty ? ["."] : read, allScenes: tree["allScenes"].map(names), scenes: scenes)
    }
}
