import Crypto
import Foundation

/// SHA-256 fingerprints of what a scenario is read from, so a trace can say which file it came from and a reader of
/// the trace can tell when that file has changed.
public enum Fingerprint {
    /// Lower-case hex SHA-256 of `data`.
    public static func sha256(_ data: some DataProtocol) -> String {
        SHA256.hash(data: data).map { byte in
            let hex = String(byte, radix: 16)
            return byte < 16 ? "0" + hex : hex
        }.joined()
    }
}
