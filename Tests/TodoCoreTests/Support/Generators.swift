import PropertyBased
import TodoCore

/// Random inputs for the property tests, built from plain numbers so they do not lean on the
/// code they check.
enum Generators {
    /// First and last day numbers of the supported years (0000-01-01 and 9999-12-31).
    static let firstDay = -719_528
    static let lastDay = 2_932_896

    /// Any real date in years 0000 to 9999 (impossible combinations such as 02-30 are skipped).
    static var date: Generator<CivilDate, some SendableSequenceType> {
        zip(Gen.int(in: CivilDate.years), Gen.int(in: 1...12), Gen.int(in: 1...31))
            .compactMap { CivilDate(year: $0.0, month: $0.1, day: $0.2) }
    }

    /// A due date, with a time of day about half the time.
    static var due: Generator<Due, some SendableSequenceType> {
        zip(date, Gen.int(in: 0...(24 * 60 - 1)).optional)
            .map { Due(date: $0.0, minuteOfDay: $0.1) }
    }

    /// A day number inside the supported years.
    static var dayNumber: Generator<Int, some SendableSequenceType> {
        Gen.int(in: firstDay...lastDay)
    }

    /// Strings that look like what a user types for `--due`, and near misses of it.
    static var dueLikeText: Generator<String, some SendableSequenceType> {
        let pieces = [
            "today", "tomorrow", "mon", "Sunday", "sat", "fri", "+", "-", "d", "w", "D", "W", "0", "1", "7",
            "12", "31", "2026", "9999", "0000", "-02-29", "-13-01", "T", ":", "09", "23:59", "24", "60", " ",
            "next", "week", "٣", "é", "\u{0}",
        ]
        return Gen<String?>.element(of: pieces).map { $0! }.array(of: 0...6).map { $0.joined() }
    }

    /// Arbitrary printable and unprintable text, ASCII and beyond.
    static var anyText: Generator<String, some SendableSequenceType> {
        Gen<UInt32>.value(in: 0...0x2_FFFF)
            .compactMap { Unicode.Scalar($0).map(Character.init) }
            .string(of: 0...20)
    }

    /// Short ASCII text, where the accepted forms live.
    static var asciiText: Generator<String, some SendableSequenceType> {
        Gen.ascii.string(of: 0...17)
    }
}
