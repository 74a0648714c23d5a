-- Append a batch of events to a match, atomically (kifu event store; see service/application/storage/store.py).
--
-- KEYS: 1 events stream, 2 meta hash, 3 commands hash, 4 secret: all kifu:{m}:*, one Cluster slot
--       (a script may only touch keys of one slot; nothing global is written here); 5 the match's
--       live channel kifu:{m}:live, not a key: the sharded channel the append is announced on
--       (SPUBLISH; same slot), so the followers' hubs hear of it without a round trip of its own
-- ARGV: 1 match id, 2 expected version, 3 hash of the event at the expected version,
--       4 command key ("<seat>:<command_id>", or "" for none), 5 answer to store for that key,
--       6 number of events, 7 number of meta field pairs, 8 secret to set ("" for none),
--       then 10 values per event (type data seat rule cause schema command_id at hash
--       command),
--       then the meta field/value pairs.
-- Returns {"ok", new version} | {"duplicate", stored answer} | {"conflict", current version}
--       | {"broken", detail} when the stored chain or stream does not end where the meta says.
local unpack = unpack or table.unpack
local expected = tonumber(ARGV[2])
local command_key = ARGV[4]
if command_key ~= '' then
  local known = redis.call('HGET', KEYS[3], command_key)
  if known then return {'duplicate', known} end
end

local version = tonumber(redis.call('HGET', KEYS[2], 'version') or '0')
if version ~= expected then
  return {'conflict', tostring(version)}
end
local last_hash = redis.call('HGET', KEYS[2], 'last_hash') or string.rep('0', 64)
if last_hash ~= ARGV[3] then return {'broken', last_hash} end
-- Nothing is written before every check has passed: a script is not rolled back on error.
local top = redis.call('XREVRANGE', KEYS[1], '+', '-', 'COUNT', 1)[1]
if (top and top[1] or '0-0') ~= (expected .. '-0') then
  return {'broken', 'stream ends at ' .. (top and top[1] or 'nothing')}
end

local n_events, n_meta = tonumber(ARGV[6]), tonumber(ARGV[7])
local names = {'type', 'data', 'seat', 'rule', 'cause', 'schema', 'command_id', 'at', 'hash',
               'command'}
local i = 9
for n = 1, n_events do
  local entry = {}
  for k, name in ipairs(names) do
    local value = ARGV[i + k - 1]
    if name ~= 'command' or value ~= '' then      -- only a batch's first event has a command
      entry[#entry + 1] = name
      entry[#entry + 1] = value
    end
  end
  redis.call('XADD', KEYS[1], (expected + n) .. '-0', unpack(entry))
  last_hash = ARGV[i + 8]
  i = i + 10
end

local new_version = expected + n_events
redis.call('HSET', KEYS[2], 'version', new_version, 'last_hash', last_hash)
for m = 1, n_meta do
  redis.call('HSET', KEYS[2], ARGV[i], ARGV[i + 1])
  i = i + 2
end
if ARGV[8] ~= '' then redis.call('SET', KEYS[4], ARGV[8]) end
if command_key ~= '' then redis.call('HSET', KEYS[3], command_key, ARGV[5]) end
redis.call('SPUBLISH', KEYS[5], tostring(new_version))
return {'ok', tostring(new_version)}
