/**
 * `applyLimits` on Redis: several limit steps checked and then applied together, or not
 * at all, in one script on the server's clock (the steps of the embedded store's, over
 * WindowCounter and budget-reservations.ts). windowAdd, reserve and settle are this script
 * with one step.
 *
 * A window is a hash of second -> count, with its running total in `#t` and the oldest
 * second that may hold a bucket in `#o`, so a check reads two fields instead of summing
 * the window; a hash written without them (an older gateway) is rebuilt once from its
 * buckets. It expires a second after its window.
 *
 * A budget is three keys: the hash whose `usd` is what settled (USD, float, as
 * incrementHash writes it); the reservations held, id -> nano-USD, with their sum in
 * `#total` (ids never start with `#`); a sorted set of ids by lease end, so expired ones
 * are found in log time.
 *
 * KEYS: per step, a window's key, or a budget's three. ARGV: per step six slots:
 *   window  'w', amount, limit (-1 for none), window seconds
 *   reserve 'r', id, amount (nano-USD), limit (nano-USD), lease ms, ttl ms
 *   settle  's', id, spent (USD, as text), ttl ms
 * Returns { all allowed (0/1), then per step three values }:
 *   window  allowed, total, retryAfterMs;  reserve  allowed, spent (USD as text: Lua numbers
 *   come back truncated), reserved (nano-USD);  settle  1, 0, 0.
 */
export const APPLY_LIMITS_SCRIPT = `
local time = redis.call('TIME')
local sec = tonumber(time[1])
local now = sec * 1000 + math.floor(tonumber(time[2]) / 1000)

local function prune(key, first, total, oldest)
  if first - oldest > 128 then
    local flat = redis.call('HGETALL', key)
    for i = 1, #flat, 2 do
      local second = tonumber(flat[i])
      if second and second < first then
        total = total - tonumber(flat[i + 1])
        redis.call('HDEL', key, flat[i])
      end
    end
  else
    for second = oldest, first - 1 do
      local count = redis.call('HGET', key, tostring(second))
      if count then
        total = total - tonumber(count)
        redis.call('HDEL', key, tostring(second))
      end
    end
  end
  return total
end

local function windowTotal(key, first)
  local fields = redis.call('HMGET', key, '#t', '#o')
  local total = fields[1]
  if total then
    total = tonumber(total)
    local oldest = tonumber(fields[2])
    if oldest >= first then return total end
    total = prune(key, first, total, oldest)
  else
    local flat = redis.call('HGETALL', key)
    if #flat == 0 then return 0 end
    total = 0
    for i = 1, #flat, 2 do
      local second = tonumber(flat[i])
      if second then
        if second < first then redis.call('HDEL', key, flat[i]) else total = total + tonumber(flat[i + 1]) end
      end
    end
  end
  if total <= 0 then
    redis.call('DEL', key)
    return 0
  end
  redis.call('HSET', key, '#t', total, '#o', first)
  return total
end

local function retryAfter(key, total, wanted, limit, window)
  local flat = redis.call('HGETALL', key)
  local live = {}
  for i = 1, #flat, 2 do
    local second = tonumber(flat[i])
    if second then live[#live + 1] = { second, tonumber(flat[i + 1]) } end
  end
  table.sort(live, function(a, b) return a[1] < b[1] end)
  local remaining = total
  for _, bucket in ipairs(live) do
    remaining = remaining - bucket[2]
    if remaining + wanted <= limit then return math.max(1, (bucket[1] + window) * 1000 - now) end
  end
  return window * 1000
end

local out = { 1 }
local todo = {}
local all = true
local k = 1
for i = 0, #ARGV / 6 - 1 do
  local a = i * 6
  local kind = ARGV[a + 1]
  if kind == 'w' then
    local key = KEYS[k]
    k = k + 1
    local amount, limit, window = tonumber(ARGV[a + 2]), tonumber(ARGV[a + 3]), tonumber(ARGV[a + 4])
    local total = windowTotal(key, sec - window + 1)
    local allowed
    if limit < 0 then allowed = true
    elseif amount == 0 then allowed = total < limit
    else allowed = total + amount <= limit end
    if allowed then
      out[#out + 1] = 1
      out[#out + 1] = total + amount
      out[#out + 1] = 0
      if amount > 0 then todo[#todo + 1] = { 'w', key, amount, window, total > 0 } end
    else
      all = false
      local wanted = math.max(amount, 1)
      out[#out + 1] = 0
      out[#out + 1] = total
      if wanted > limit then out[#out + 1] = -1 else out[#out + 1] = retryAfter(key, total, wanted, limit, window) end
    end
  else
    local budget, held, leases = KEYS[k], KEYS[k + 1], KEYS[k + 2]
    k = k + 3
    if kind == 'r' then
      local amount, limit = tonumber(ARGV[a + 3]), tonumber(ARGV[a + 4])
      local lease, ttl = tonumber(ARGV[a + 5]), tonumber(ARGV[a + 6])
      local expired = redis.call('ZRANGEBYSCORE', leases, '-inf', now)
      for _, gone in ipairs(expired) do
        local nano = redis.call('HGET', held, gone)
        if nano then
          redis.call('HINCRBY', held, '#total', -tonumber(nano))
          redis.call('HDEL', held, gone)
        end
      end
      if #expired > 0 then redis.call('ZREMRANGEBYSCORE', leases, '-inf', now) end
      local spent = tonumber(redis.call('HGET', budget, 'usd') or '0')
      local reserved = tonumber(redis.call('HGET', held, '#total') or '0')
      if spent * 1e9 + reserved >= limit then
        all = false
        out[#out + 1] = 0
        out[#out + 1] = tostring(spent)
        out[#out + 1] = reserved
      else
        out[#out + 1] = 1
        out[#out + 1] = tostring(spent)
        out[#out + 1] = reserved + amount
        if amount > 0 then todo[#todo + 1] = { 'r', held, leases, ARGV[a + 2], amount, math.min(lease, ttl), ttl } end
      end
    else
      out[#out + 1] = 1
      out[#out + 1] = 0
      out[#out + 1] = 0
      todo[#todo + 1] = { 's', budget, held, leases, ARGV[a + 2], ARGV[a + 3], tonumber(ARGV[a + 4]) }
    end
  end
end

if not all then
  out[1] = 0
  return out
end
for _, step in ipairs(todo) do
  if step[1] == 'w' then
    local key, amount = step[2], step[3]
    redis.call('HINCRBY', key, time[1], amount)
    redis.call('HINCRBY', key, '#t', amount)
    -- A window that held nothing starts at this second; one that held counts keeps its oldest.
    if not step[5] then redis.call('HSET', key, '#o', time[1]) end
    redis.call('PEXPIRE', key, (step[4] + 1) * 1000)
  elseif step[1] == 'r' then
    local held, leases = step[2], step[3]
    redis.call('HSET', held, step[4], step[5])
    redis.call('HINCRBY', held, '#total', step[5])
    redis.call('ZADD', leases, now + step[6], step[4])
    redis.call('PEXPIRE', held, step[7])
    redis.call('PEXPIRE', leases, step[7])
  else
    local budget, held, leases, id = step[2], step[3], step[4], step[5]
    local nano = redis.call('HGET', held, id)
    if nano then
      redis.call('HINCRBY', held, '#total', -tonumber(nano))
      redis.call('HDEL', held, id)
      redis.call('ZREM', leases, id)
    end
    if tonumber(step[6]) ~= 0 then
      redis.call('HINCRBYFLOAT', budget, 'usd', step[6])
      redis.call('PEXPIRE', budget, step[7])
    end
  end
end
return out
`;
