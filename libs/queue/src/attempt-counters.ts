import type Redis from 'ioredis';

/** One limit on wrong answers (passwords, second factors) kept in a Redis counter. */
export interface AttemptCounter {
  key: string;
  /** Wrong answers the counter allows; the attempt after them is refused. 0: failures are counted
   * but never refuse an attempt. */
  limit: number;
  ttlSeconds: number;
  /** Whether every failure restarts the counter's lifetime (a lock from the last failure) or only
   * the first one does (a fixed window). */
  slidingTtl: boolean;
}

/** How long a check in flight holds its place if its process dies before ending it. */
const IN_FLIGHT_TTL_SECONDS = 30;
/** How long an attempt waits for checks in flight before it is refused as too many. */
const WAIT_MS = 5000;
const RETRY_MS = 20;

/**
 * KEYS: the failure counters, then their in-flight counters; ARGV: the limits. Refused (the index
 * of the counter) when its failures reach the limit; busy (-2) when its failures and the checks in
 * flight together do (one of those checks may fail); else the attempt takes an in-flight place (-1).
 * A limit of 0 refuses nothing.
 */
const BEGIN_SCRIPT = `
local n = #KEYS / 2
for i = 1, n do
  local limit = tonumber(ARGV[i])
  if limit > 0 and tonumber(redis.call('GET', KEYS[i]) or '0') >= limit then return i - 1 end
end
for i = 1, n do
  local limit = tonumber(ARGV[i])
  local failures = tonumber(redis.call('GET', KEYS[i]) or '0')
  local inFlight = tonumber(redis.call('GET', KEYS[n + i]) or '0')
  if limit > 0 and failures + inFlight >= limit then return -2 end
end
for i = 1, n do
  redis.call('INCR', KEYS[n + i])
  redis.call('EXPIRE', KEYS[n + i], ${IN_FLIGHT_TTL_SECONDS})
end
return -1
`;

/** KEYS as above; ARGV[1] '1' when the answer was wrong, then per counter its ttl and sliding flag. */
const END_SCRIPT = `
local n = #KEYS / 2
for i = 1, n do
  local inFlight = tonumber(redis.call('GET', KEYS[n + i]) or '0')
  if inFlight > 1 then redis.call('DECR', KEYS[n + i]) elseif inFlight == 1 then redis.call('DEL', KEYS[n + i]) end
  if ARGV[1] == '1' then
    redis.call('INCR', KEYS[i])
    if ARGV[(i - 1) * 2 + 3] == '1' then
      redis.call('EXPIRE', KEYS[i], ARGV[(i - 1) * 2 + 2])
    else
      redis.call('EXPIRE', KEYS[i], ARGV[(i - 1) * 2 + 2], 'NX')
    end
  end
end
return 0
`;

const keysOf = (counters: AttemptCounter[]) => [
  ...counters.map((c) => c.key),
  ...counters.map((c) => `${c.key}:in-flight`),
];

/**
 * Runs one check of a secret under failure limits. A check holds a place while it runs, and a new
 * one starts only while the failures and the checks in flight stay below every limit, so guesses
 * sent at once cannot outnumber the limit (as they could when each read the count, checked, and
 * only then added its failure); right answers sent at once wait for a place instead of being
 * refused. `check` answers false or null for a wrong answer, which counts as a failure; a check that
 * throws counts as none. Answers the check's result, or `refused`: the index of the first counter
 * at its limit, or 'busy' when no place came free in time (nothing was checked either way).
 */
export async function limitedAttempt<T>(
  redis: Redis,
  counters: AttemptCounter[],
  check: () => Promise<T>,
): Promise<{ result: T } | { refused: number | 'busy' }> {
  const keys = keysOf(counters);
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    const begun = Number(
      await redis.eval(BEGIN_SCRIPT, keys.length, ...keys, ...counters.map((c) => c.limit)),
    );
    if (begun >= 0) return { refused: begun };
    if (begun === -1) break;
    if (Date.now() > deadline) return { refused: 'busy' };
    await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
  }
  let wrong = false;
  try {
    const result = await check();
    wrong = result === false || result === null;
    return { result };
  } finally {
    const ttls = counters.flatMap((c) => [c.ttlSeconds, c.slidingTtl ? '1' : '0']);
    await redis.eval(END_SCRIPT, keys.length, ...keys, wrong ? '1' : '0', ...ttls);
  }
}
