/// Rows aligned in columns without holding them all: the first `sample` rows are held to
/// measure each column's width, then written, and every later row is written as it comes at
/// those widths (a wider one than any before it sticks out). Task tables do the same.
struct Aligned<Row> {
    static var sample: Int { 256 }

    private let measure: (Row) -> [Int]
    private var held: [Row] = []
    private var widths: [Int]?
    private(set) var count = 0

    init(measure: @escaping (Row) -> [Int]) {
        self.measure = measure
    }

    mutating func add(_ row: Row, _ write: (Row, [Int]) throws -> Void) throws {
        count += 1
        if let widths { return try write(row, widths) }
        held.append(row)
        if held.count >= Self.sample { try end(write) }
    }

    /// Writes what is held; called once the rows run out, or when the sample is full.
    mutating func end(_ write: (Row, [Int]) throws -> Void) throws {
        let widths = self.widths ?? held.map(measure).reduce(into: [Int]()) { widest, row in
            widest = widest.isEmpty ? row : zip(widest, row).map { max($0, $1) }
        }
        self.widths = widths
        for row in held { try write(row, widths) }
        held.removeAll()
    }
}
