import TraceFormat

/// Places in the code read, as the rest of SceneFlow writes them (`file:line:column`); swift-syntax has a type of
/// the same name.
public typealias SourceLocation = TraceFormat.SourceLocation
