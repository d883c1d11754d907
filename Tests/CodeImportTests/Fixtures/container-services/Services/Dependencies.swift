import Foundation

/// Services an app registers once and every scene resolves: a container of its own, and key paths.
final class DIContainer {
    static let shared = DIContainer()
    private var factories: [ObjectIdentifier: () -> Any] = [:]

    func register<T>(_ type: T.Type, factory: @escaping () -> T) {
        factories[ObjectIdentifier(type)] = factory
    }

    func resolve<T>(_ type: T.Type) -> T? {
        factories[ObjectIdentifier(type)]?() as? T
    }
}

struct Factory<T> {
    let make: () -> T
}

@propertyWrapper
struct Injected<T> {
    let wrappedValue: T
    init(_ keyPath: KeyPath<ServiceValues, Factory<T>>) {
        wrappedValue = ServiceValues.current[keyPath: keyPath].make()
    }
}

struct ServiceValues {
    static let current = ServiceValues()
}

extension ServiceValues {
    var profileRepository: Factory<ProfileRepositoryProtocol> { Factory { ProfileRepository() } }
    var cartStore: Factory<CartStoring> { Factory { CartStore() } }
}

enum AppAssembly {
    static func registerServices() {
        DIContainer.shared.register(AuthServiceProtocol.self) { AuthService() }
        DIContainer.shared.register(PriceCalculating.self) { PriceCalculator() }
    }
}
