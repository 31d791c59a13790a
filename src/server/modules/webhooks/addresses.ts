/**
 * Where a webhook may be sent (decisions 232 and 355): `https://` to a public address,
 * in every mode. Private, loopback, link-local and every other special-purpose address is refused
 * when the URL is saved (a literal address), again before each delivery (a URL saved under other
 * rules), AND on the address the name resolves to at delivery time, by the connection's own
 * `lookup`, so a name that resolves somewhere inside (DNS rebinding) is refused at the moment of the
 * call. Only `WEBHOOKS_ALLOW_PRIVATE=on` (tests and a developer's receiver; refused in production)
 * lifts the rules: then any address, and `http://` to this machine.
 *
 * What an address is comes from ipaddr.js's classification (the one Fastify's proxy-addr trusts):
 * public means its `unicast` range, and for IPv6 also inside 2000::/3 (global unicast), which keeps
 * out the IPv4-compatible `::a.b.c.d` form it calls unicast. IPv4-mapped `::ffff:a.b.c.d` is judged
 * as the IPv4 it carries; IPv4-translated, 6to4, Teredo, NAT64 (also the local 64:ff9b:1::/48),
 * site-local and documentation ranges are refused whatever they embed.
 *
 * The delivery log never says what a name resolved to, nor the resolver's text (an internal DNS
 * oracle): a refusal and a failed resolution read alike.
 */
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';
import { AppError } from '#domain/errors';
import type { AppConfig } from '../../config';

/** What the rules depend on: whether private addresses are allowed (WEBHOOKS_ALLOW_PRIVATE). */
export type WebhookAddressPolicy = { allowPrivate: boolean };

export function webhookAddressPolicy(config: Pick<AppConfig, 'webhooksAllowPrivate'>): WebhookAddressPolicy {
  return { allowPrivate: config.webhooksAllowPrivate };
}

/** What the log says when a destination is refused or its name does not resolve: never the address or the resolver's text. */
export const DESTINATION_REFUSED = 'La dirección de destino no existe o no es pública: envío rechazado';

const GLOBAL_UNICAST_V6 = ipaddr.IPv6.parseCIDR('2000::/3');

/** The address an IPv6 literal stands for when it only wraps an IPv4 (::ffff:10.0.0.1 → 10.0.0.1). */
function classified(address: string): ipaddr.IPv4 | ipaddr.IPv6 | null {
  if (!isIP(address)) return null;
  const parsed = ipaddr.parse(address);
  return parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress() ? (parsed as ipaddr.IPv6).toIPv4Address() : parsed;
}

/** Whether a webhook may reach this address: the public Internet only. */
export function isPublicAddress(address: string): boolean {
  const parsed = classified(address);
  if (!parsed || parsed.range() !== 'unicast') return false;
  return parsed.kind() === 'ipv4' || (parsed as ipaddr.IPv6).match(GLOBAL_UNICAST_V6);
}

function isLoopbackAddress(address: string): boolean {
  return classified(address)?.range() === 'loopback';
}

/** The host of a URL as an address when it is one ('[::1]' → '::1'), else null. */
function literalAddress(hostname: string): string | null {
  const bare = hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
  return isIP(bare) ? bare : null;
}

/** `localhost`, `localhost.` and any `*.localhost` (RFC 6761: always this machine). */
const isLocalhostName = (hostname: string) => /(^|\.)localhost\.?$/i.test(hostname);

const isLoopbackHost = (hostname: string) => {
  const literal = literalAddress(hostname);
  return literal ? isLoopbackAddress(literal) : isLocalhostName(hostname);
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
    if (!policy.allowPrivate || !isLoopbackHost(url.hostname)) throw new AppError('WEBHOOK_URL_NOT_ALLOWED', { reason: 'debe comenzar con https://' });
  } else if (url.protocol !== 'https:') {
    throw new AppError('WEBHOOK_URL_NOT_ALLOWED', { reason: 'debe comenzar con https://' });
  }
  if (!policy.allowPrivate) {
    const literal = literalAddress(url.hostname);
    if ((literal && !isPublicAddress(literal)) || isLocalhostName(url.hostname)) {
      throw new AppError('WEBHOOK_URL_NOT_ALLOWED', { reason: 'no puede apuntar a una dirección privada, local o de enlace local' });
    }
  }
  url.hash = '';
  return url.toString();
}

/** The refusal a delivery records when the name resolved to an address it may not reach (the address is not told). */
export class BlockedAddressError extends Error {
  constructor() {
    super(DESTINATION_REFUSED);
  }
}

/**
 * The connection's DNS lookup: unless private addresses are allowed, every address the name resolves
 * to must be public, else the connection is refused before it is made; the socket then connects to
 * the very address that was checked (no second resolution in between).
 */
export function safeLookup(policy: WebhookAddressPolicy): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '', 0);
      const list = addresses as LookupAddress[];
      if (!policy.allowPrivate && list.some((a) => !isPublicAddress(a.address))) return callback(new BlockedAddressError() as NodeJS.ErrnoException, '', 0);
      if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, list);
      const first = list[0];
      if (!first) return callback(new BlockedAddressError() as NodeJS.ErrnoException, '', 0);
      return callback(null, first.address, first.family);
    });
  };
}

const RESOLUTION_FAILED = new Set(['ENOTFOUND', 'EAI_AGAIN', 'EAI_FAIL', 'EAI_NONAME', 'EAI_NODATA', 'ENODATA']);

/**
 * A failed call as the log shows it: a fixed Spanish sentence per kind of failure, never Node's
 * English text (which names resolved addresses, internal names and certificates).
 */
export function connectionFailureText(error: NodeJS.ErrnoException): string {
  if (error instanceof BlockedAddressError) return DESTINATION_REFUSED;
  const code = error.code ?? '';
  if (RESOLUTION_FAILED.has(code)) return DESTINATION_REFUSED;
  if (code === 'ECONNREFUSED') return 'El destino rechazó la conexión';
  if (code === 'ECONNRESET' || code === 'EPIPE') return 'El destino cerró la conexión';
  if (code === 'EHOSTUNREACH' || code === 'ENETUNREACH') return 'No se pudo llegar al destino';
  if (code === 'ETIMEDOUT') return 'Sin respuesta del destino';
  if (/CERT|SELF_SIGNED|ALTNAME|SSL|TLS/i.test(code)) return 'El certificado HTTPS del destino no es válido';
  return 'Error de conexión';
}
