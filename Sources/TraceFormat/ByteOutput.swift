/// Where the encoder writes bytes: an array, or a `ByteBuffer` on the hot path.
public protocol ByteOutput {
    mutating func append(_ byte: UInt8)
    mutating func append(bytes: UnsafeRawBufferPointer)
    /// Takes the last byte back (a line's newline, when lines are joined into a document).
    mutating func dropLastByte()
}

extension ByteOutput {
    @inline(__always)
    mutating func append(_ text: StaticString) {
        text.withUTF8Buffer { append(bytes: UnsafeRawBufferPointer($0)) }
    }

    @inline(__always)
    mutating func append(utf8 text: String) {
        var text = text
        text.withUTF8 { append(bytes: UnsafeRawBufferPointer($0)) }
    }
}

extension Array: ByteOutput where Element == UInt8 {
    public mutating func append(bytes: UnsafeRawBufferPointer) { append(contentsOf: bytes) }
    public mutating func dropLastByte() { removeLast() }
}

/// Growable bytes written through a pointer: appending a byte is a store and an increment, appending a run a
/// `memcpy`. The trace writer's chunk. Not thread-safe: one owner at a time, which may hand it to another
/// thread (the trace writer hands full chunks to its writing queue).
public final class ByteBuffer: ByteOutput, @unchecked Sendable {
    // Only the writer that owns the buffer touches it: no run-time exclusivity checks on the hot path.
    @exclusivity(unchecked) private var pointer: UnsafeMutablePointer<UInt8>
    @exclusivity(unchecked) private var capacity: Int
    @exclusivity(unchecked) public private(set) var count = 0

    public init(capacity: Int = 1 << 16) {
        self.capacity = max(capacity, 16)
        pointer = .allocate(capacity: self.capacity)
    }

    deinit { pointer.deallocate() }

    @inline(__always)
    private func reserve(_ extra: Int) {
        if count + extra > capacity { grow(to: count + extra) }
    }

    private func grow(to needed: Int) {
        let newCapacity = max(needed, capacity * 2)
        let newPointer = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        newPointer.update(from: pointer, count: count)
        pointer.deallocate()
        pointer = newPointer
        capacity = newCapacity
    }

    @inline(__always)
    public func append(_ byte: UInt8) {
        reserve(1)
        pointer[count] = byte
        count += 1
    }

    @inline(__always)
    public func append(bytes: UnsafeRawBufferPointer) {
        guard let base = bytes.baseAddress, bytes.count > 0 else { return }
        reserve(bytes.count)
        UnsafeMutableRawPointer(pointer + count).copyMemory(from: base, byteCount: bytes.count)
        count += bytes.count
    }

    public func dropLastByte() { count -= 1 }

    public func removeAll() { count = 0 }

    /// The bytes written so far.
    public func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try body(UnsafeRawBufferPointer(start: pointer, count: count))
    }
}
