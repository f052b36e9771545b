-- wrk script: books stays with POST /reservations, one unique Idempotency-Key per request.
-- Usage: wrk -tT ... -s booking.lua URL -- WORK_FILE TOKENS_FILE TAG MODE T
--   WORK_FILE   one stay a line: "listingId checkin checkout expectedTotal"
--   TOKENS_FILE one guest bearer token a line; request n of a thread uses token n mod count
--   TAG         makes the keys unique across runs on one database ("bk-TAG-thread-n")
--   MODE        "distinct": thread t of T walks lines t, t+T, t+2T, ... once each (so no two
--               requests of a run ask for the same nights); when its slice runs out it starts
--               over and counts "wrapped" (those requests then answer 409: make the file
--               longer). "contention": every thread cycles through all lines.
--   T           wrk's thread count (-t), for the slices
-- Counts the statuses in response() and prints one line at the end:
-- RESULT {"requests":..,"sent":..,"s201":..,"s409":..,"s409_unavailable":..,"s422":..,"other":..,"p50":..,...}
-- (latencies in µs; "sent" counts requests handed to wrk, so sent - requests were in flight
-- at the end, which the server may still have committed).

local threads = {}
local made = 0

function setup(thread)
  made = made + 1
  thread:set("id", made)
  table.insert(threads, thread)
end

local work = {}
local tokens = {}
local tag, mode
local index, step = 1, 1
local n = 0
sent, wrapped, s201, s409, s409u, s422, other = 0, 0, 0, 0, 0, 0, 0
local last_other = ""

local function lines(path)
  local out = {}
  local file = assert(io.open(path, "r"), "cannot open " .. tostring(path))
  for line in file:lines() do
    if #line > 0 then out[#out + 1] = line end
  end
  file:close()
  return out
end

function init(args)
  local all = lines(args[1])
  tokens = lines(args[2])
  tag = args[3] or tostring(os.time())
  mode = args[4] or "distinct"
  assert(#all > 0 and #tokens > 0, "no work or no tokens")
  for _, line in ipairs(all) do
    local listing, checkin, checkout, total = line:match("^(%S+) (%S+) (%S+) (%S+)$")
    work[#work + 1] = string.format(
      '{"listingId":"%s","checkin":"%s","checkout":"%s","adults":2,"expectedTotal":%s}',
      listing, checkin, checkout, total)
  end
  if mode == "distinct" then
    index, step = id, tonumber(args[5] or "2")
  else
    index, step = ((id - 1) % #work) + 1, 1
  end
end

function request()
  n = n + 1
  sent = sent + 1
  local body = work[index]
  index = index + step
  if index > #work then
    if mode == "distinct" then wrapped = wrapped + 1 end
    index = ((index - 1) % step) + 1
    if mode ~= "distinct" then index = 1 end
  end
  local headers = {
    ["Content-Type"] = "application/json",
    ["Accept"] = "application/json",
    ["Authorization"] = "Bearer " .. tokens[(n % #tokens) + 1],
    ["Idempotency-Key"] = string.format("bk-%s-%d-%d", tag, id, n),
    ["User-Agent"] = "StaysApp/1.4 (bench)",
  }
  return wrk.format("POST", "/reservations", headers, body)
end

function response(status, headers, body)
  if status == 201 then
    s201 = s201 + 1
  elseif status == 409 then
    s409 = s409 + 1
    if body and body:find("dates-unavailable", 1, true) then s409u = s409u + 1 end
  elseif status == 422 then
    s422 = s422 + 1
  else
    other = other + 1
  end
end

function done(summary, latency, requests)
  local t = { sent = 0, wrapped = 0, s201 = 0, s409 = 0, s409u = 0, s422 = 0, other = 0 }
  for _, thread in ipairs(threads) do
    for k, _ in pairs(t) do t[k] = t[k] + (thread:get(k) or 0) end
  end
  local e = summary.errors
  io.write(string.format(
    'RESULT {"requests":%d,"duration_us":%d,"sent":%d,"wrapped":%d,"s201":%d,"s409":%d,"s409_unavailable":%d,' ..
    '"s422":%d,"other":%d,"connect":%d,"read":%d,"write":%d,"timeout":%d,' ..
    '"p50":%d,"p90":%d,"p99":%d,"max":%d,"mean":%.1f}\n',
    summary.requests, summary.duration, t.sent, t.wrapped, t.s201, t.s409, t.s409u, t.s422, t.other,
    e.connect, e.read, e.write, e.timeout,
    latency:percentile(50), latency:percentile(90), latency:percentile(99), latency.max, latency.mean))
end
