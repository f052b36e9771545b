import CEpoll

/// The process's heap as the system sees it.
public enum ProcessMemory {
    /// Gives the heap's free pages back to the system. glibc keeps memory that a large free
    /// released and, after the first such free, serves later large arrays from the heap too,
    /// so a process that builds a large structure anew (the search index's rebuild) stays
    /// one structure larger for good unless it asks. Costs a walk of the heap: call it after
    /// such an event, never per request.
    public static func releaseFreeHeap() {
        _ = stays_release_free_heap()
    }
}
