/**
 * `windowAdd` on Redis, atomically, on the server's clock: the steps of decideWindow
 * (sliding-window.ts) in Lua, over a hash of second -> count. Aged-out buckets are
 * removed as they are met, and the key expires a second after its window.
 * KEYS[1] the window; ARGV: amount, limit (-1 for none), window seconds.
 * Returns { allowed (0/1), total, retryAfterMs }.
 */
export const WINDOW_ADD_SCRIPT = `
local key = KEYS[1]
local amount = tonumber(ARGV[1])
local limit = tonumber(ARGV[2])
local window = tonumber(ARGV[3])
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
local oldest = tonumber(time[1]) - window + 1
local flat = redis.call('HGETALL', key)
local live = {}
local total = 0
for i = 1, #flat, 2 do
  local second = tonumber(flat[i])
  if second < oldest then
    redis.call('HDEL', key, flat[i])
  else
    local count = tonumber(flat[i + 1])
    total = total + count
    live[#live + 1] = { second, count }
  end
end
local allowed
if limit < 0 then allowed = true
elseif amount == 0 then allowed = total < limit
else allowed = total + amount <= limit end
if allowed then
  if amount > 0 then
    redis.call('HINCRBY', key, time[1], amount)
    redis.call('PEXPIRE', key, (window + 1) * 1000)
  end
  return { 1, total + amount, 0 }
end
local wanted = math.max(amount, 1)
if wanted > limit then return { 0, total, -1 } end
table.sort(live, function(a, b) return a[1] < b[1] end)
local remaining = total
for _, bucket in ipairs(live) do
  remaining = remaining - bucket[2]
  if remaining + wanted <= limit then
    return { 0, total, math.max(1, (bucket[1] + window) * 1000 - now) }
  end
end
return { 0, total, window * 1000 }
`;
