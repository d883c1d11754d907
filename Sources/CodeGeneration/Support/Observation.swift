#if !canImport(Combine)
/// An object a View observes (Combine's, where there is Combine).
public protocol ObservableObject: AnyObject {}

/// A field whose changes a View observes (Combine's, where there is Combine).
@propertyWrapper
public struct Published<Value> {
    public var wrappedValue: Value

    public init(wrappedValue: Value) { self.wrappedValue = wrappedValue }
}
#endif

#if !canImport(SwiftUI)
/// The object a View observes, held as it is (SwiftUI's, where there is SwiftUI).
@propertyWrapper
public struct ObservedObject<ObjectType: ObservableObject> {
    public var wrappedValue: ObjectType

    public init(wrappedValue: ObjectType) { self.wrappedValue = wrappedValue }
}
#endif
