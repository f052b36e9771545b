-- wrk script: a sign-in flood, POST /sessions with a known email and a wrong password.
-- Usage: wrk ... -s signin.lua URL -- EMAIL
-- Counts the statuses in response() and prints one line at the end:
-- RESULT {"requests":..,"s200":..,"s401":..,"s429":..,"s503":..,"other":..,"p50":..,...}
-- (latencies in µs).

local threads = {}
local made = 0

function setup(thread)
  made = made + 1
  thread:set("id", made)
  table.insert(threads, thread)
end

local email
local n = 0
s200, s401, s429, s503, other = 0, 0, 0, 0, 0

function init(args)
  email = assert(args[1], "usage: -- EMAIL")
end

function request()
  n = n + 1
  local body = string.format('{"email":"%s","password":"wrong-password-%d-%d"}', email, id or 1, n)
  return wrk.format("POST", "/sessions", {
    ["Content-Type"] = "application/json",
    ["Accept"] = "application/json",
    ["User-Agent"] = "StaysApp/1.4 (sign-in flood)",
  }, body)
end

function response(status, headers, body)
  if status == 200 then s200 = s200 + 1
  elseif status == 401 then s401 = s401 + 1
  elseif status == 429 then s429 = s429 + 1
  elseif status == 503 then s503 = s503 + 1
  else other = other + 1 end
end

function done(summary, latency, requests)
  local t = { s200 = 0, s401 = 0, s429 = 0, s503 = 0, other = 0 }
  for _, thread in ipairs(threads) do
    for k, _ in pairs(t) do t[k] = t[k] + (thread:get(k) or 0) end
  end
  local e = summary.errors
  io.write(string.format(
    'RESULT {"requests":%d,"duration_us":%d,"s200":%d,"s401":%d,"s429":%d,"s503":%d,"other":%d,' ..
    '"connect":%d,"read":%d,"write":%d,"timeout":%d,"p50":%d,"p90":%d,"p99":%d,"max":%d,"mean":%.1f}\n',
    summary.requests, summary.duration, t.s200, t.s401, t.s429, t.s503, t.other,
    e.connect, e.read, e.write, e.timeout,
    latency:percentile(50), latency:percentile(90), latency:percentile(99), latency.max, latency.mean))
end
