import Foundation
import Testing
import TestSupport

/// `sceneflow import` as a user runs it: the scenario on stdout or in a file, what was not mapped on stderr.
@Suite("sceneflow import")
struct ImportCommandTests {
    static let fixture = PackagePaths.tests.appendingPathComponent("CodeImportTests/Fixtures/messy-names")

    @Test("to standard output: the scenario; on stderr: what was not mapped and a summary")
    func toStandardOutput() throws {
        let result = try CLI.run(["import", Self.fixture.path, "--color", "never"])
        #expect(result.status == 0)
        let expected = try String(contentsOf: PackagePaths.tests.appendingPathComponent("CodeImportTests/Expected/messy-names.yml"), encoding: .utf8)
        #expect(result.stdout == expected)
        #expect(result.stderr == """
            note: messy-names/Order List/OrderListScene.swift:27:7: 'OrderListInteractor.ordersRelay' is a reactive stream (BehaviorRelay<[String]>); what flows through a relay is not mapped
            note: messy-names/Order List/OrderListScene.swift:30:76: the Response's 'total' in 'FetchOders' is not translated (todo)
            note: messy-names/Order List/OrderListScene.swift:37:83: the Presenter's 'totalText' is not translated (todo)
            note: messy-names/Order List/OrderListScene.swift:45:17: 'OrderListViewController' starts routes from storyboard segues by selector strings ('routeTo' + the segue's identifier); the storyboard, which names them, is not read
            1 scene, 1 use case, 0 routes, 0 workers from 2 Swift files (Clean Swift (BusinessLogic protocols)); 2 placeholders to fill

            """)
    }

    @Test("the summary counts the methods the app names in a shape generate cannot write, which validate lists")
    func methodShapes() throws {
        let fixture = PackagePaths.tests.appendingPathComponent("CodeImportTests/Fixtures/own-names")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sceneflow-import-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let imported = try CLI.run(["import", fixture.path, "-o", "app.yml", "--color", "never"], in: folder)
        #expect(imported.status == 0)
        #expect(imported.stderr.hasSuffix("""
            2 scenes, 2 use cases, 1 route, 2 workers from 9 Swift files (Clean Swift (BusinessLogic protocols)); 5 placeholders to fill; 1 method named as generate cannot write (validate lists them)
              scenario: app.yml

            """), "\(imported.stderr)")
        let validated = try CLI.run(["validate", "app.yml", "--color", "never"], in: folder)
        #expect(validated.stderr.components(separatedBy: "generate refuses it").count - 1 == 1)
        #expect(validated.stderr.hasSuffix("✓ 1 scenario valid (0 errors, 6 warnings)\n"))
    }

    @Test("-o writes the file, refuses to overwrite it without --force, and the file validates")
    func toFile() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sceneflow-import-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let first = try CLI.run(["import", Self.fixture.path, "-o", "app.yml", "--title", "Orders", "--color", "never"], in: folder)
        #expect(first.status == 0)
        #expect(first.stdout == "")
        #expect(first.stderr.hasSuffix("placeholders to fill\n  scenario: app.yml\n"), "\(first.stderr)")
        let written = try String(contentsOf: folder.appendingPathComponent("app.yml"), encoding: .utf8)
        #expect(written.contains("scenario: Orders\n"))
        try Data("mine\n".utf8).write(to: folder.appendingPathComponent("app.yml"))
        let second = try CLI.run(["import", Self.fixture.path, "-o", "app.yml", "--color", "never"], in: folder)
        #expect(second.status == 2)
        #expect(second.stderr == "error: app.yml exists; --force overwrites it\n")
        #expect(try String(contentsOf: folder.appendingPathComponent("app.yml"), encoding: .utf8) == "mine\n")
        #expect(try CLI.run(["import", Self.fixture.path, "-o", "app.yml", "--force"], in: folder).status == 0)
        let validate = try CLI.run(["validate", "app.yml", "--color", "never"], in: folder)
        #expect(validate.status == 0)
        #expect(validate.stderr.hasSuffix("✓ 1 scenario valid (0 errors, 2 warnings)\n"))
    }

    @Test("a folder without scenes, and a path that does not exist, are errors that say why")
    func refusals() throws {
        let empty = try CLI.temporaryFile("struct A { var b: Int }\n", name: "A.swift").deletingLastPathComponent()
        let none = try CLI.run(["import", empty.path, "--color", "never"])
        #expect(none.status == 2)
        #expect(none.stderr == "error: no scenes found in 1 Swift file: a scene is a View, an Interactor and a Presenter (or a Router) that belong together, named like 'LoginViewController', 'LoginInteractor', 'LoginPresenter' or implementing protocols named so ('LoginBusinessLogic', 'LoginViewToPresenterProtocol', 'LoginViewOutput')\n")
        let missing = try CLI.run(["import", "no/such/folder", "--color", "never"])
        #expect(missing.status == 2)
        #expect(missing.stderr == "error: no such file or folder: no/such/folder\n")
    }
}
