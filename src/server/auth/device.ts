/**
 * The sign-in device cookie (decision 133): set on a successful sign-in, signed with
 * the auth secret and bound to the account's address. Its holder's wrong passwords are counted under
 * its own key, so a stranger who exhausts the account-wide counter does not lock out the person who
 * signed in from that browser before.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { AppConfig } from '../config';
import { cookieValue } from './cookies';

const DEVICE_COOKIE = 'jobby.device';
/** Half a year: a person who signed in on this browser within it is recognised. */
const DEVICE_MAX_AGE_SECONDS = 180 * 24 * 60 * 60;

type DeviceConfig = Pick<AppConfig, 'authSecret' | 'publicUrl'>;

function signature(config: DeviceConfig, email: string, deviceId: string): string {
  return createHmac('sha256', config.authSecret).update(`device:${email}:${deviceId}`).digest('base64url');
}

/** The device id of a cookie header's device cookie, when it was signed for this address; else null. */
export function deviceOf(config: DeviceConfig, cookieHeader: string | undefined, email: string): string | null {
  const value = cookieValue(cookieHeader, DEVICE_COOKIE);
  if (!value) return null;
  const [deviceId, mac] = value.split('.');
  if (!deviceId || !mac || !/^[A-Za-z0-9_-]{16,64}$/.test(deviceId)) return null;
  const expected = Buffer.from(signature(config, email, deviceId));
  const given = Buffer.from(mac);
  return expected.length === given.length && timingSafeEqual(expected, given) ? deviceId : null;
}

/** The Set-Cookie header of a new device cookie for this address (the previous device id is kept). */
export function deviceCookie(config: DeviceConfig, email: string, deviceId: string | null): string {
  const id = deviceId ?? randomBytes(18).toString('base64url');
  const secure = config.publicUrl.startsWith('https://') ? '; Secure' : '';
  return `${DEVICE_COOKIE}=${id}.${signature(config, email, id)}; Path=/api/auth; Max-Age=${DEVICE_MAX_AGE_SECONDS}; HttpOnly; SameSite=Lax${secure}`;
}
