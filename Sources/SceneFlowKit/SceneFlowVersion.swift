/// The version `sceneflow --version` prints.
public enum SceneFlowVersion {
    public static let current = "0.1.0"
}
