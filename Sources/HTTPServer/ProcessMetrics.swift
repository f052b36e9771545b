import Glibc

/// The process's own metrics, read from /proc/self at each scrape (Linux): CPU time and
/// resident memory from `/proc/self/stat` (one read), open descriptors by listing
/// `/proc/self/fd`, the descriptor limit from `getrlimit`.
enum ProcessMetrics {
    private static let ticksPerSecond = Double(max(1, sysconf(Int32(_SC_CLK_TCK))))
    private static let pageSize = Int(max(1, sysconf(Int32(_SC_PAGESIZE))))

    static func collect(into text: inout MetricsText) {
        if let (cpuTicks, residentPages) = stat() {
            text.family("process_cpu_seconds_total", .counter, "User and system CPU time spent, in seconds.")
            text.sample("process_cpu_seconds_total", Double(cpuTicks) / ticksPerSecond)
            text.family("process_resident_memory_bytes", .gauge, "Resident memory size in bytes.")
            text.sample("process_resident_memory_bytes", residentPages * pageSize)
        }
        if let open = openDescriptors() {
            text.family("process_open_fds", .gauge, "Open file descriptors.")
            text.sample("process_open_fds", open)
        }
        var limit = rlimit()
        if getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 {
            text.family("process_max_fds", .gauge, "The soft limit on open file descriptors.")
            text.sample("process_max_fds", UInt64(limit.rlim_cur))
        }
    }

    /// utime + stime (clock ticks) and rss (pages): fields 14, 15 and 24 of /proc/self/stat.
    private static func stat() -> (UInt64, Int)? {
        let fd = open("/proc/self/stat", O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 1024) { buffer -> (UInt64, Int)? in
            let count = read(fd, buffer.baseAddress, buffer.count)
            guard count > 0 else { return nil }
            let text = UnsafeBufferPointer(rebasing: buffer[0..<count])
            // The command name (field 2) is in parentheses and may hold spaces: count fields
            // after the last ')'. Field 3 (state) is then the first.
            guard let close = text.lastIndex(of: UInt8(ascii: ")")) else { return nil }
            var field = 2
            var user: UInt64?, system: UInt64?, rss: UInt64?
            var current: UInt64 = 0
            var inNumber = false
            for byte in text[(close + 1)...] {
                if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\n") {
                    if inNumber {
                        switch field {
                        case 14: user = current
                        case 15: system = current
                        case 24: rss = current
                        default: break
                        }
                    }
                    field += 1
                    current = 0
                    inNumber = false
                    if field > 24 { break }
                } else if byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") {
                    current = current &* 10 &+ UInt64(byte - UInt8(ascii: "0"))
                    inNumber = true
                }
            }
            guard let user, let system, let rss else { return nil }
            return (user + system, Int(rss))
        }
    }

    private static func openDescriptors() -> Int? {
        guard let directory = opendir("/proc/self/fd") else { return nil }
        var count = 0
        while let entry = readdir(directory) {
            let first = entry.pointee.d_name.0
            if first != UInt8(ascii: ".") { count += 1 }
        }
        closedir(directory)
        return count - 1   // the directory's own descriptor
    }
}
