/**
 * Redis scripts of `ConcurrentCaps` (docs/decisions/048): each key is a sorted set of places (slot →
 * when it runs out) and a hash beside it (slot → holder). A script runs whole, so a place counted
 * against a device's cap and its address's is taken under both or neither, and a slot taken over by
 * a reconnecting phone is never freed by its earlier, stale holder.
 */

/** Drops a key's places that ran out (a bounded number at a time; the next call takes the rest). */
const purge = `
local function purge(z, h, now)
  local dead = redis.call('ZRANGEBYSCORE', z, '-inf', now, 'LIMIT', 0, 500)
  if #dead > 0 then
    redis.call('ZREM', z, unpack(dead))
    redis.call('HDEL', h, unpack(dead))
  end
end
`;

/**
 * KEYS: sorted set, hash, per cap. ARGV: now, ttl, slot, holder, force ('1'), then each cap's max.
 * Returns 0 when taken, else the 1-based number of the cap that is full.
 */
export const acquireScript = `${purge}
local now = tonumber(ARGV[1])
local ttl = tonumber(ARGV[2])
local slot = ARGV[3]
local n = #KEYS / 2
for i = 1, n do
  local z, h = KEYS[2 * i - 1], KEYS[2 * i]
  purge(z, h, now)
  if ARGV[5] ~= '1' and not redis.call('ZSCORE', z, slot) and redis.call('ZCARD', z) >= tonumber(ARGV[5 + i]) then
    return i
  end
end
for i = 1, n do
  local z, h = KEYS[2 * i - 1], KEYS[2 * i]
  redis.call('ZADD', z, now + ttl, slot)
  redis.call('HSET', h, slot, ARGV[4])
  redis.call('PEXPIRE', z, ttl)
  redis.call('PEXPIRE', h, ttl)
end
return 0
`;

/** KEYS: sorted set, hash, per cap. ARGV: slot, holder. Frees the slot only where this holder holds it. */
export const releaseScript = `
for i = 1, #KEYS / 2 do
  local z, h = KEYS[2 * i - 1], KEYS[2 * i]
  if redis.call('HGET', h, ARGV[1]) == ARGV[2] then
    redis.call('ZREM', z, ARGV[1])
    redis.call('HDEL', h, ARGV[1])
  end
end
return 0
`;

/**
 * KEYS: per place, sorted set and hash per cap. ARGV: until, ttl, then per place: slot, holder, its
 * number of caps. Pushes each place forward (taking it again where it ran out during a stall);
 * returns the holders whose slot another holder has taken over.
 */
export const refreshScript = `
local untilMs = tonumber(ARGV[1])
local ttl = tonumber(ARGV[2])
local lost = {}
local k = 1
local a = 3
while a <= #ARGV do
  local slot, holder, n = ARGV[a], ARGV[a + 1], tonumber(ARGV[a + 2])
  a = a + 3
  local taken = false
  for i = 0, n - 1 do
    local owner = redis.call('HGET', KEYS[k + 2 * i + 1], slot)
    if owner and owner ~= holder then taken = true end
  end
  if taken then
    lost[#lost + 1] = holder
  else
    for i = 0, n - 1 do
      local z, h = KEYS[k + 2 * i], KEYS[k + 2 * i + 1]
      redis.call('ZADD', z, untilMs, slot)
      redis.call('HSET', h, slot, holder)
      redis.call('PEXPIRE', z, ttl)
      redis.call('PEXPIRE', h, ttl)
    end
  end
  k = k + 2 * n
end
return lost
`;
