extension DatabasePool {
    /// Checks that the path still names the file the pool has open (the device and inode
    /// the writer opened, `pathNamesOpenedFile`); when it does not, marks the pool's faults
    /// (`DatabaseFaults.markReplaced`: logged once, every later write refused). Returns
    /// whether the file is still in place. Cheap (one `stat`, no connection): for a periodic check.
    @discardableResult
    public func verifyFileIdentity() throws -> Bool {
        if faults.snapshot.current == .fileReplaced { return false }
        guard pathNamesOpenedFile else {
            faults.markReplaced()
            return false
        }
        return true
    }
}
