import Domain
import PasswordHashing
import Testing

@Suite struct BoundedTurnsTests {
    @Test func withNoWaitingRoomASecondCallerIsRefusedAtOnce() throws {
        let turns = BoundedTurns(concurrent: 1, waiting: 0, maximumWait: .seconds(60))
        try turns.acquire()
        #expect(throws: PasswordHasherBusy(retryAfterSeconds: 1)) { try turns.acquire() }
        turns.release()
        try turns.acquire()
        turns.release()
    }

    @Test func aWaiterGivesUpAfterTheMaximumWait() throws {
        let turns = BoundedTurns(concurrent: 2, waiting: 4, maximumWait: .milliseconds(20))
        try turns.acquire()
        try turns.acquire()
        let clock = ContinuousClock()
        let start = clock.now
        #expect(throws: PasswordHasherBusy.self) { try turns.acquire() }
        #expect(clock.now - start >= .milliseconds(20))
        turns.release()
        try turns.withTurn { }
        turns.release()
    }
}
