/**
 * One commit as a Lua script, so Redis applies it whole or not at all and no other
 * client's command runs in between: it checks the version the commit was validated
 * against, applies every operation, bumps the version and publishes it. It knows no
 * collection: each operation names the hash of its collection, so a plugin's new
 * collection needs no change here.
 *
 * A deadline in Redis's own clock makes a commit that reaches Redis after its sender gave
 * up (a paused or overloaded server, a timeout answered 503) do nothing, so an error
 * answer always means "not applied".
 *
 * KEYS: version, kek, then the hash of each collection the commit touches
 * ARGV: base version, new KEK description ('' to keep), channel, deadline (ms, Redis clock),
 *       then (hash, id, json) per op: hash is the index in KEYS of the collection's hash,
 *       id the record's id, json the record ('' deletes it).
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
local i = 5
while i <= #ARGV do
  local hash, id = KEYS[tonumber(ARGV[i])], ARGV[i + 1]
  local old = redis.call('HGET', hash, id)
  if old then
    local ok, value = pcall(cjson.decode, old)
    if not ok or type(value) ~= 'table' then
      return redis.error_reply('INVALID ' .. hash .. ' ' .. id)
    end
  end
  i = i + 3
end
if ARGV[2] ~= '' then redis.call('SET', KEYS[2], ARGV[2]) end
i = 5
while i <= #ARGV do
  local hash, id, json = KEYS[tonumber(ARGV[i])], ARGV[i + 1], ARGV[i + 2]
  if json == '' then redis.call('HDEL', hash, id) else redis.call('HSET', hash, id, json) end
  i = i + 3
end
local next = redis.call('INCR', KEYS[1])
redis.call('PUBLISH', ARGV[3], tostring(next))
return next
`;
