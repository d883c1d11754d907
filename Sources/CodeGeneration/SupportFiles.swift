/// Files every generated package carries in `Sources/<Module>/Support/`: what the scenes stand on — a View
/// controller base that is UIKit's where there is UIKit and a headless one elsewhere, the navigation stack, and
/// the per-scene recording of messages. Written as plain Swift a team can read and change: each is a real Swift
/// file in `Support/`, embedded as it is.
enum SupportFiles {
    static let viewController = text(PackageResources.SceneViewController_swift)
    static let navigator = text(PackageResources.SceneNavigator_swift)
    static let screen = text(PackageResources.SceneScreen_swift)
    static let observation = text(PackageResources.Observation_swift)
    static let trace = text(PackageResources.SceneTrace_swift)

    private static func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }
}
