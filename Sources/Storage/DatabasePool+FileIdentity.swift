extension DatabasePool {
    /// Checks that the path still names the file the pool has open (`Database.fileHasMoved`
    /// on a reader, so that a read-only pool checks too); when it does not, marks the pool's faults (`DatabaseFaults.markReplaced`:
    /// logged once, every later write refused). Returns whether the file is still in place.
    /// Cheap (one `stat`): for a periodic check.
    @discardableResult
    public func verifyFileIdentity() throws -> Bool {
        if faults.snapshot.current == .fileReplaced { return false }
        let moved = try read { try $0.fileHasMoved() }
        if moved { faults.markReplaced() }
        return !moved
    }
}
