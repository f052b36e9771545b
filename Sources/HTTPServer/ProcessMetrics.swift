import Foundation
import Glibc

/// The process's own metrics, at each scrape (Linux): CPU time from
/// `clock_gettime(CLOCK_PROCESS_CPUTIME_ID)` (reading `/proc/self/stat` costs a multi-threaded
/// process ~100 µs in the kernel; the clock is the same sum of every thread's user and system
/// time for well under a microsecond), resident memory from `/proc/self/statm`, open
/// descriptors by listing `/proc/self/fd`, the descriptor limit from `getrlimit`, and the
/// start time once, from `/proc/self/stat` and the boot time in `/proc/stat`.
enum ProcessMetrics {
    private static let pageSize = Int(max(1, sysconf(Int32(_SC_PAGESIZE))))

    /// When the process started, in seconds since 1970 (to the clock tick); nil where /proc
    /// does not say.
    static let startTime: Double? = {
        guard let stat = try? String(contentsOfFile: "/proc/self/stat", encoding: .utf8),
              let closing = stat.lastIndex(of: ")"),
              let boot = try? String(contentsOfFile: "/proc/stat", encoding: .utf8) else { return nil }
        // After the command name (which may hold spaces): field 3 (state) onwards; starttime is field 22.
        let fields = stat[stat.index(after: closing)...].split(separator: " ")
        guard fields.count > 19, let ticks = Double(fields[19]),
              let line = boot.split(separator: "\n").first(where: { $0.hasPrefix("btime ") }),
              let bootSeconds = Double(line.dropFirst(6).trimmingCharacters(in: .whitespaces)) else { return nil }
        let ticksPerSecond = Double(max(1, sysconf(Int32(_SC_CLK_TCK))))
        return bootSeconds + ticks / ticksPerSecond
    }()

    static func collect(into text: inout MetricsText) {
        if let startTime {
            text.family("process_start_time_seconds", .gauge, "Start time of the process since unix epoch in seconds.")
            text.sample("process_start_time_seconds", startTime)
        }
        var cpu = timespec()
        if clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &cpu) == 0 {
            text.family("process_cpu_seconds_total", .counter, "User and system CPU time spent, in seconds.")
            text.sample("process_cpu_seconds_total", Double(cpu.tv_sec) + Double(cpu.tv_nsec) / 1e9)
        }
        if let residentPages = residentPages() {
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

    /// The second field of /proc/self/statm (resident pages).
    private static func residentPages() -> Int? {
        let fd = open("/proc/self/statm", O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 256) { buffer -> Int? in
            let count = read(fd, buffer.baseAddress, buffer.count)
            guard count > 0 else { return nil }
            var field = 0
            var value = 0
            var inNumber = false
            for byte in buffer[0..<count] {
                if byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") {
                    value = value &* 10 &+ Int(byte - UInt8(ascii: "0"))
                    inNumber = true
                } else if inNumber {
                    if field == 1 { return value }
                    field += 1
                    value = 0
                    inNumber = false
                }
            }
            return field == 1 && inNumber ? value : nil
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
