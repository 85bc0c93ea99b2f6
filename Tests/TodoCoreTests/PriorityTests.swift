import Testing
import TodoCore

/// Priorities order from none to high and are stored by name.
@Suite struct PriorityTests {
    @Test func ordersFromNoneToHigh() {
        #expect(Priority.none < .low)
        #expect(Priority.low < .medium)
        #expect(Priority.medium < .high)
        #expect(!(Priority.high < .high))
        #expect([Priority.high, .none, .medium, .low].sorted() == [.none, .low, .medium, .high])
        #expect([Priority.low, .high, .medium].max() == .high)
    }

    @Test func rankAgreesWithTheOrder() {
        for a in Priority.allCases {
            for b in Priority.allCases {
                #expect((a < b) == (a.rank < b.rank), "\(a) vs \(b)")
            }
        }
        #expect(Set(Priority.allCases.map(\.rank)).count == Priority.allCases.count)
    }

    @Test func isStoredByItsLowercaseName() {
        #expect(Priority.allCases.map(\.rawValue) == ["none", "low", "medium", "high"])
        #expect(Priority(rawValue: "medium") == .medium)
        #expect(Priority(rawValue: "High") == nil)
        #expect(Priority(rawValue: "urgent") == nil)
    }
}
