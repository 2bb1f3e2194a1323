import { randomBytes } from 'node:crypto';

const BOOT_ID = randomBytes(6).toString('hex');
let counter = 0;
/** An incoming id is kept only when it is short and plain, so it is safe to log and echo. */
const SAFE_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/**
 * The id of one request, sent back as `X-Request-Id` and quoted in 500 messages and logs.
 * Keeps a well-formed incoming `X-Request-Id` (from a proxy); otherwise `<boot id>-<counter>`,
 * unique per process start without a random draw per request.
 */
export function requestId(incoming: string): string {
  if (incoming && SAFE_ID.test(incoming)) return incoming;
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
  return `${BOOT_ID}-${counter.toString(36)}`;
}
