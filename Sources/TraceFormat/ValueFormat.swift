/// The few formats a scenario's Presenter uses to turn dates and money into text, computed here (not by the
/// platform's locale data, which differs between Linux, macOS and iOS), so every platform writes the same bytes.
/// Month and day names are English; times are UTC.
public enum ValueFormat {
    /// A pattern's piece: a field of the date, or literal text.
    public enum DatePiece: Sendable, Hashable {
        case year(width: Int)
        case month(width: Int)
        case day(width: Int)
        case weekday(width: Int)
        case hour24(width: Int)
        case hour12(width: Int)
        case minute(width: Int)
        case second(width: Int)
        case millisecond
        case amPM
        case text(String)
    }

    /// Why a date pattern cannot be used: the letter and its offset in the pattern.
    public struct PatternError: Error, Sendable, Equatable {
        public var message: String
        public var offset: Int

        public init(message: String, offset: Int) {
            self.message = message
            self.offset = offset
        }
    }

    /// The letters a date pattern knows, as Unicode's date patterns (and `DateFormatter.dateFormat`) use them.
    public static let dateLetters = "y M d E H h m s S a"

    /// Reads a pattern such as `M/d/yy`, `yyyy-MM-dd HH:mm`, `EEE, MMM d` or `d 'of' MMMM`.
    public static func datePattern(_ pattern: String) throws(PatternError) -> [DatePiece] {
        let scalars = Array(pattern.unicodeScalars)
        var pieces: [DatePiece] = []
        var text = ""
        var index = 0
        func flush() {
            if !text.isEmpty { pieces.append(.text(text)) }
            text = ""
        }
        while index < scalars.count {
            let c = scalars[index]
            if c == "'" {
                // Quoted literal text; '' is a quote.
                if index + 1 < scalars.count, scalars[index + 1] == "'" {
                    text += "'"
                    index += 2
                    continue
                }
                var close = index + 1
                while close < scalars.count, scalars[close] != "'" { close += 1 }
                guard close < scalars.count else {
                    throw PatternError(message: "the quote opened here is not closed", offset: index)
                }
                text += String(String.UnicodeScalarView(scalars[(index + 1)..<close]))
                index = close + 1
                continue
            }
            guard c.properties.isAlphabetic, c.isASCII else {
                text.unicodeScalars.append(c)
                index += 1
                continue
            }
            var width = 1
            while index + width < scalars.count, scalars[index + width] == c { width += 1 }
            let piece: DatePiece
            switch (c, width) {
            case ("y", 2), ("y", 4), ("y", 1): piece = .year(width: width)
            case ("M", 1...4): piece = .month(width: width)
            case ("d", 1...2): piece = .day(width: width)
            case ("E", 1...4): piece = .weekday(width: width)
            case ("H", 1...2): piece = .hour24(width: width)
            case ("h", 1...2): piece = .hour12(width: width)
            case ("m", 1...2): piece = .minute(width: width)
            case ("s", 1...2): piece = .second(width: width)
            case ("S", 3): piece = .millisecond
            case ("a", 1): piece = .amPM
            default:
                let letters = String(repeating: Character(c), count: width)
                throw PatternError(
                    message: "'\(letters)' is not a date field here; fields are \(dateLetters) (quote text: 'at')",
                    offset: index)
            }
            flush()
            pieces.append(piece)
            index += width
        }
        flush()
        return pieces
    }

    static let monthNames = ["January", "February", "March", "April", "May", "June", "July", "August", "September",
                             "October", "November", "December"]
    static let weekdayNames = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]

    /// The date in UTC, by a pattern `datePattern` accepted.
    public static func format(_ date: DateValue, pieces: [DatePiece]) -> String {
        let c = date.components
        let (days, _) = date.milliseconds.floorDivided(by: 86_400_000)
        // 1970-01-01 was a Thursday (index 3 from Monday).
        let weekday = (days % 7 + 7 + 3) % 7
        var out = ""
        for piece in pieces {
            switch piece {
            case .year(let width):
                out += width == 2 ? pad(c.year % 100, 2) : pad(c.year, width == 4 ? 4 : 1)
            case .month(let width):
                switch width {
                case 1, 2: out += pad(c.month, width)
                case 3: out += String(monthNames[c.month - 1].prefix(3))
                default: out += monthNames[c.month - 1]
                }
            case .day(let width): out += pad(c.day, width)
            case .weekday(let width):
                out += width == 4 ? weekdayNames[weekday] : String(weekdayNames[weekday].prefix(3))
            case .hour24(let width): out += pad(c.hour, width)
            case .hour12(let width): out += pad(c.hour % 12 == 0 ? 12 : c.hour % 12, width)
            case .minute(let width): out += pad(c.minute, width)
            case .second(let width): out += pad(c.second, width)
            case .millisecond: out += pad(c.millisecond, 3)
            case .amPM: out += c.hour < 12 ? "AM" : "PM"
            case .text(let text): out += text
            }
        }
        return out
    }

    /// `1,234.50` with `fractionDigits` places, rounding half to even (as `NumberFormatter` does); with a symbol,
    /// `$1,234.50` and `-$1,234.50`.
    public static func number(_ value: DecimalValue, fractionDigits: Int, currency symbol: String? = nil) -> String {
        let rounded = value.rounded(toPlaces: fractionDigits)
        var digits = String(rounded.significand.magnitude)
        if digits.count <= fractionDigits {
            digits = String(repeating: "0", count: fractionDigits - digits.count + 1) + digits
        }
        let whole = digits.dropLast(fractionDigits)
        let fraction = digits.suffix(fractionDigits)
        var grouped = ""
        for (offset, character) in whole.enumerated() {
            if offset > 0, (whole.count - offset) % 3 == 0 { grouped += "," }
            grouped.append(character)
        }
        let sign = rounded.significand < 0 ? "-" : ""
        return sign + (symbol ?? "") + grouped + (fractionDigits > 0 ? "." + fraction : "")
    }

    /// A Double as a decimal, to the places it is formatted with.
    public static func decimal(_ value: Double, places: Int) -> DecimalValue? {
        var scale = 1.0
        for _ in 0..<places { scale *= 10 }
        let scaled = (value * scale).rounded(.toNearestOrEven)
        guard scaled.isFinite, abs(scaled) < 9.0e18 else { return nil }
        return DecimalValue(significand: Int(scaled), scale: places)
    }

    private static func pad(_ value: Int, _ width: Int) -> String {
        let text = String(value)
        return String(repeating: "0", count: max(0, width - text.count)) + text
    }
}

extension DecimalValue {
    /// The value with `places` digits after the point, rounding half to even; unchanged when it has no more.
    public func rounded(toPlaces places: Int) -> DecimalValue {
        guard scale > places else {
            var significand = self.significand
            for _ in scale..<places {
                let (next, overflow) = significand.multipliedReportingOverflow(by: 10)
                if overflow { return self }
                significand = next
            }
            return DecimalValue(significand: significand, scale: places)
        }
        guard scale - places < 19 else { return DecimalValue(significand: 0, scale: places) }
        var divisor = 1
        for _ in places..<scale { divisor *= 10 }
        let (quotient, remainder) = (significand / divisor, significand % divisor)
        let twice = remainder.magnitude * 2
        var result = quotient
        if twice > UInt(divisor) || (twice == UInt(divisor) && quotient % 2 != 0) {
            result += significand < 0 ? -1 : 1
        }
        return DecimalValue(significand: result, scale: places)
    }
}
