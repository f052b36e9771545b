import CSQLite

// Tells SQLite to copy text and blobs before the bind call returns.
private let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

extension Statement {
    // MARK: typed binding by 1-based index (no existentials: the fast path)

    public func bind(_ value: Int64, at index: Int) throws {
        try check(sqlite3_bind_int64(handle, Int32(index), value))
    }

    public func bind(_ value: Int, at index: Int) throws {
        try check(sqlite3_bind_int64(handle, Int32(index), Int64(value)))
    }

    public func bind(_ value: Double, at index: Int) throws {
        try check(sqlite3_bind_double(handle, Int32(index), value))
    }

    /// Binds 1 or 0.
    public func bind(_ value: Bool, at index: Int) throws {
        try check(sqlite3_bind_int64(handle, Int32(index), value ? 1 : 0))
    }

    public func bind(_ value: String, at index: Int) throws {
        var text = value
        let code = text.withUTF8 { buffer in
            // An empty buffer may have no base address, and a NULL pointer would bind NULL.
            guard let base = buffer.baseAddress, buffer.count > 0 else {
                return sqlite3_bind_text(handle, Int32(index), "", 0, transient)
            }
            return base.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
                sqlite3_bind_text64(handle, Int32(index), $0, UInt64(buffer.count), transient, UInt8(SQLITE_UTF8))
            }
        }
        try check(code)
    }

    /// Binds a blob (an empty array binds a zero-length blob, not NULL).
    public func bind(_ value: [UInt8], at index: Int) throws {
        let code = value.withUnsafeBytes { buffer in
            guard let base = buffer.baseAddress, buffer.count > 0 else {
                return sqlite3_bind_zeroblob(handle, Int32(index), 0)
            }
            return sqlite3_bind_blob64(handle, Int32(index), base, UInt64(buffer.count), transient)
        }
        try check(code)
    }

    public func bindNull(at index: Int) throws {
        try check(sqlite3_bind_null(handle, Int32(index)))
    }

    /// Binds the value, or NULL for nil.
    public func bind<T: DatabaseBindable>(_ value: T?, at index: Int) throws {
        if let value {
            try value.bind(to: self, at: index)
        } else {
            try bindNull(at: index)
        }
    }

    // MARK: by name

    /// The 1-based index of a named parameter, including its prefix (":id").
    public func parameterIndex(_ name: String) throws -> Int {
        let index = sqlite3_bind_parameter_index(handle, name)
        guard index > 0 else {
            throw DatabaseError(resultCode: SQLITE_RANGE, message: "no parameter named \(name)", sql: sql)
        }
        return Int(index)
    }

    /// Binds the value (NULL for nil) to the parameter called `name` (e.g. ":checkin").
    public func bind<T: DatabaseBindable>(_ value: T?, named name: String) throws {
        try bind(value, at: parameterIndex(name))
    }

    // MARK: several at once

    /// Binds `values` to parameters 1, 2, ... in order; nil binds NULL. The count must match
    /// the statement's parameter count.
    public func bind(_ values: [(any DatabaseBindable)?]) throws {
        guard values.count == parameterCount else {
            throw DatabaseError(resultCode: SQLITE_RANGE,
                                message: "\(values.count) arguments for \(parameterCount) parameters", sql: sql)
        }
        for (offset, value) in values.enumerated() {
            if let value {
                try value.bind(to: self, at: offset + 1)
            } else {
                try bindNull(at: offset + 1)
            }
        }
    }

    /// Binds each named value (NULL for nil).
    public func bind(named values: [String: (any DatabaseBindable)?]) throws {
        for (name, value) in values {
            let index = try parameterIndex(name)
            if let value {
                try value.bind(to: self, at: index)
            } else {
                try bindNull(at: index)
            }
        }
    }

    private func check(_ code: Int32) throws {
        guard code == SQLITE_OK else {
            throw DatabaseError(code: code, connection: connection, sql: sql)
        }
    }
}
