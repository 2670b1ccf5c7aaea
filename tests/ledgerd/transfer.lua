-- wrk: random transfers between 1,000 accounts (a0 … a999), each with its own idempotency key.
local counter = 0
local thread_id = 0
function setup(thread)
  thread:set("tid", thread_id)
  thread_id = thread_id + 1
end
function request()
  counter = counter + 1
  local a = math.random(0, 999)
  local b = (a + math.random(1, 999)) % 1000
  local body = string.format('{"source":"a%d","destination":"a%d","amount":"0.01"}', a, b)
  return wrk.format("POST", "/v1/transfers",
    {["Content-Type"] = "application/json", ["Idempotency-Key"] = string.format("wrk-%d-%d-%d", tid or 0, counter, math.random(1, 1e9))}, body)
end
