-- wrk script: sends the request paths listed in a file (one path?query per line), each
-- thread starting at its own offset and cycling, with the headers the app sends.
-- Usage: wrk ... -s paths.lua URL -- FILE
-- At the end prints one line "RESULT {json}" with counts and latency percentiles (µs).

local paths = {}
local index = 1
local made = 0
local headers = {
  ["Accept"] = "application/json",
  ["Accept-Language"] = "ko-KR,ko;q=0.9,en;q=0.8",
  ["User-Agent"] = "StaysApp/1.4 (bench)",
}

-- Runs in the main state once per thread: number them.
function setup(thread)
  made = made + 1
  thread:set("id", made)
end

function init(args)
  local file = assert(io.open(args[1], "r"), "cannot open " .. tostring(args[1]))
  for line in file:lines() do
    if #line > 0 then paths[#paths + 1] = line end
  end
  file:close()
  assert(#paths > 0, "no request paths in " .. args[1])
  -- Each thread's Lua state is separate: spread the threads over the list.
  index = ((id or 1) - 1) * math.floor(#paths / 7) % #paths + 1
end

function request()
  local path = paths[index]
  index = index + 1
  if index > #paths then index = 1 end
  return wrk.format("GET", path, headers)
end

function done(summary, latency, requests)
  local e = summary.errors
  io.write(string.format(
    'RESULT {"requests":%d,"duration_us":%d,"bytes":%d,"non2xx":%d,"connect":%d,"read":%d,"write":%d,"timeout":%d,' ..
    '"p50":%d,"p90":%d,"p99":%d,"max":%d,"mean":%.1f}\n',
    summary.requests, summary.duration, summary.bytes, e.status, e.connect, e.read, e.write, e.timeout,
    latency:percentile(50), latency:percentile(90), latency:percentile(99), latency.max, latency.mean))
end
