/**
 * One commit as a Lua script, so Redis applies it whole or not at all and no other
 * client's command runs in between: it checks the version the commit was validated
 * against, applies every operation, bumps the version and publishes it.
 *
 * A deadline in Redis's own clock makes a commit that reaches Redis after its sender gave
 * up (a paused or overloaded server, a timeout answered 503) do nothing, so an error
 * answer always means "not applied".
 *
 * KEYS: version, kek, connections (hash), endpoints (hash), gateway keys (hash, by id)
 * ARGV: base version, new KEK description ('' to keep), channel, deadline (ms, Redis clock),
 *       then (kind, name, json) per op; kind is one of pc (put connection), dc, pe (put
 *       endpoint), de, pk (put gateway key, by id), dk; json is '' for deletes.
 * Returns the new version, or an error "CONFLICT <current version>", "EXPIRED", or
 * "INVALID <key> [<field>]" when the version, or a record the commit would replace or
 * delete, is not what the store writes (a damaged or hand-edited value is never written
 * over; the replica that reads it says what is wrong with it).
 */
export const COMMIT_SCRIPT = `
local time = redis.call('TIME')
if tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000) > tonumber(ARGV[4]) then
  return redis.error_reply('EXPIRED')
end
local current = tonumber(redis.call('GET', KEYS[1]) or '0')
if current == nil then
  return redis.error_reply('INVALID ' .. KEYS[1])
end
if current ~= tonumber(ARGV[1]) then
  return redis.error_reply('CONFLICT ' .. current)
end
local hashes = { pc = KEYS[3], dc = KEYS[3], pe = KEYS[4], de = KEYS[4], pk = KEYS[5], dk = KEYS[5] }
local i = 5
while i <= #ARGV do
  local hash, name = hashes[ARGV[i]], ARGV[i + 1]
  local old = redis.call('HGET', hash, name)
  if old then
    local ok, value = pcall(cjson.decode, old)
    if not ok or type(value) ~= 'table' then
      return redis.error_reply('INVALID ' .. hash .. ' ' .. name)
    end
  end
  i = i + 3
end
if ARGV[2] ~= '' then redis.call('SET', KEYS[2], ARGV[2]) end
i = 5
while i <= #ARGV do
  local kind, name, json = ARGV[i], ARGV[i + 1], ARGV[i + 2]
  if kind == 'pc' then redis.call('HSET', KEYS[3], name, json)
  elseif kind == 'dc' then redis.call('HDEL', KEYS[3], name)
  elseif kind == 'pe' then redis.call('HSET', KEYS[4], name, json)
  elseif kind == 'de' then redis.call('HDEL', KEYS[4], name)
  elseif kind == 'pk' then redis.call('HSET', KEYS[5], name, json)
  elseif kind == 'dk' then redis.call('HDEL', KEYS[5], name)
  end
  i = i + 3
end
local next = redis.call('INCR', KEYS[1])
redis.call('PUBLISH', ARGV[3], tostring(next))
return next
`;
