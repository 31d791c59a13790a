/**
 * Where a webhook may be sent (issue 22 §2, decision 232): `https://` always; `http://` only to a
 * loopback address outside production (a developer's receiver). In production private, loopback,
 * link-local and other non-public addresses are refused — when the URL is saved (a literal address)
 * AND on the address the name resolves to at delivery time, by the connection's own `lookup`, so a
 * name that resolves somewhere inside (DNS rebinding) is refused at the moment of the call.
 */
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { AppError } from '../../../domain/errors';

/** What the rules depend on: whether the server runs in production (config.env). */
export type WebhookAddressPolicy = { production: boolean };

/** Every range that is not the public Internet: the ones an attacker would aim a server-side request at. */
const INTERNAL = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  INTERNAL.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['64:ff9b::', 96],
] as const)
  INTERNAL.addSubnet(net, prefix, 'ipv6');

const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

/** An IPv4-mapped IPv6 address (::ffff:10.0.0.1) is judged as the IPv4 it carries. */
function unmapped(address: string): { address: string; family: 'ipv4' | 'ipv6' } {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return { address: mapped[1], family: 'ipv4' };
  return { address, family: isIP(address) === 6 ? 'ipv6' : 'ipv4' };
}

export function isInternalAddress(address: string): boolean {
  const a = unmapped(address);
  return INTERNAL.check(a.address, a.family);
}

function isLoopbackAddress(address: string): boolean {
  const a = unmapped(address);
  return LOOPBACK.check(a.address, a.family);
}

/** The host of a URL as an address when it is one ('[::1]' → '::1'), else null. */
function literalAddress(hostname: string): string | null {
  const bare = hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
  return isIP(bare) ? bare : null;
}

const isLoopbackHost = (hostname: string) => {
  const literal = literalAddress(hostname);
  return literal ? isLoopbackAddress(literal) : hostname === 'localhost';
};

/**
 * The URL an endpoint may have, normalised; refused with WEBHOOK_URL_NOT_ALLOWED (why, in Spanish).
 * Names are checked again on their resolved addresses at every delivery (safeLookup).
 */
export function checkEndpointUrl(raw: string, policy: WebhookAddressPolicy): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new AppError('WEBHOOK_URL_NOT_ALLOWED', { reason: 'la dirección no es una URL válida' });
  }
  if (url.username || url.password) throw new AppError('WEBHOOK_URL_NOT_ALLOWED', { reason: 'no puede llevar usuario ni contraseña' });
  if (url.protocol === 'http:') {
    if (policy.production || !isLoopbackHost(url.hostname)) {
      throw new AppError('WEBHOOK_URL_NOT_ALLOWED', { reason: 'debe comenzar con https:// (http:// solo se admite hacia este mismo equipo, fuera de producción)' });
    }
  } else if (url.protocol !== 'https:') {
    throw new AppError('WEBHOOK_URL_NOT_ALLOWED', { reason: 'debe comenzar con https://' });
  }
  if (policy.production) {
    const literal = literalAddress(url.hostname);
    if ((literal && isInternalAddress(literal)) || url.hostname === 'localhost') {
      throw new AppError('WEBHOOK_URL_NOT_ALLOWED', { reason: 'no puede apuntar a una dirección privada, local o de enlace local' });
    }
  }
  url.hash = '';
  return url.toString();
}

/** The refusal a delivery records when the name resolved to an address it may not reach. */
export class BlockedAddressError extends Error {
  constructor(address: string) {
    super(`La dirección ${address} no es pública: envío rechazado`);
  }
}

/**
 * The connection's DNS lookup: in production every address the name resolves to must be public,
 * else the connection is refused before it is made; the socket then connects to the very address
 * that was checked (no second resolution in between).
 */
export function safeLookup(policy: WebhookAddressPolicy): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '', 0);
      const list = addresses as LookupAddress[];
      const blocked = policy.production ? list.find((a) => isInternalAddress(a.address)) : undefined;
      if (blocked) return callback(new BlockedAddressError(blocked.address) as NodeJS.ErrnoException, '', 0);
      if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, list);
      const first = list[0];
      if (!first) return callback(new Error(`Sin dirección para ${hostname}`) as NodeJS.ErrnoException, '', 0);
      return callback(null, first.address, first.family);
    });
  };
}
