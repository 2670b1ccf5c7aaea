-- wrk: random transfers between 1,000 accounts (a0 … a999), each with its own idempotency key.
-- Each thread seeds from /dev/urandom: wrk's Lua states start alike, and keys that repeat across
-- runs on one store would be answered as replays (200), not transfers.
local counter = 0
local thread_id = 0
function setup(thread)
  thread:set("tid", thread_id)
  thread_id = thread_id + 1
end
function init(args)
  local f = io.open("/dev/urandom", "rb")
  local b = f:read(4)
  f:close()
  math.randomseed(((b:byte(1) * 256 + b:byte(2)) * 256 + b:byte(3)) * 256 + b:byte(4) + (tid or 0))
  run = math.random(1, 1e9)
end
function request()
  counter = counter + 1
  local a = math.random(0, 999)
  local b = (a + math.random(1, 999)) % 1000
  local body = string.format('{"source":"a%d","destination":"a%d","amount":"0.01"}', a, b)
  return wrk.format("POST", "/v1/transfers",
    {["Content-Type"] = "application/json", ["Idempotency-Key"] = string.format("wrk-%d-%d-%d", run, tid or 0, counter)}, body)
end
