/**
 * `incrementHash` on Redis, as one script: each field's increment and the key's expiry
 * together. A whole number is added with HINCRBY, which keeps counters exact; a number with
 * a point or an exponent with HINCRBYFLOAT, as is a whole number whose field already holds
 * a fraction (HINCRBY refuses that field: say a cost of 0 after paid calls).
 * KEYS[1] the hash; ARGV[1] its time to live in ms, then field, increment pairs.
 */
export const INCREMENT_HASH_SCRIPT = `
local key = KEYS[1]
for i = 2, #ARGV, 2 do
  local field, value = ARGV[i], ARGV[i + 1]
  if string.find(value, '[.eE]') then
    redis.call('HINCRBYFLOAT', key, field, value)
  else
    local reply = redis.pcall('HINCRBY', key, field, value)
    if type(reply) == 'table' and reply.err then redis.call('HINCRBYFLOAT', key, field, value) end
  end
end
redis.call('PEXPIRE', key, ARGV[1])
return 1
`;
