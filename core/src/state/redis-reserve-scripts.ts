/**
 * `reserve` and `settle` on Redis, each one atomic script on the server's clock (the steps
 * of EmbeddedStateStore's, over budget-reservations.ts). Three keys per limit:
 * KEYS[1] the hash whose `usd` is what settled (USD, float, as incrementHash writes it);
 * KEYS[2] the reservations held, id -> nano-USD, with their sum in `#total` (ids never start
 * with `#`); KEYS[3] a sorted set of ids by lease end, so expired ones are found in log time.
 */

/**
 * ARGV: id, amount (nano-USD), limit (nano-USD), lease ms, ttl ms.
 * Returns { allowed (0/1), spent (USD, as text: Lua numbers come back truncated), reserved (nano-USD) }.
 */
export const RESERVE_SCRIPT = `
local budget, held, leases = KEYS[1], KEYS[2], KEYS[3]
local id = ARGV[1]
local amount = tonumber(ARGV[2])
local limit = tonumber(ARGV[3])
local lease = tonumber(ARGV[4])
local ttl = tonumber(ARGV[5])
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
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
if spent * 1e9 + reserved >= limit then return { 0, tostring(spent), reserved } end
if amount > 0 then
  redis.call('HSET', held, id, amount)
  redis.call('HINCRBY', held, '#total', amount)
  redis.call('ZADD', leases, now + math.min(lease, ttl), id)
  redis.call('PEXPIRE', held, ttl)
  redis.call('PEXPIRE', leases, ttl)
end
return { 1, tostring(spent), reserved + amount }
`;

/** ARGV: id, spent (USD, as text), ttl ms. A reservation already dropped (lease over) is left alone: it was never counted twice. */
export const SETTLE_SCRIPT = `
local budget, held, leases = KEYS[1], KEYS[2], KEYS[3]
local id = ARGV[1]
local spent = ARGV[2]
local ttl = tonumber(ARGV[3])
local nano = redis.call('HGET', held, id)
if nano then
  redis.call('HINCRBY', held, '#total', -tonumber(nano))
  redis.call('HDEL', held, id)
  redis.call('ZREM', leases, id)
end
if tonumber(spent) ~= 0 then
  redis.call('HINCRBYFLOAT', budget, 'usd', spent)
  redis.call('PEXPIRE', budget, ttl)
end
return 1
`;
