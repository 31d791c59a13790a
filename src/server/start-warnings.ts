/**
 * What the server says at start about a risky setting (decision 355): a development server (the
 * default of `npm start`) listening beyond this machine has the development rules — demo accounts
 * with the published password, the development outbox, open API docs — for anyone on the network.
 */
import { isIP } from 'node:net';
import type { AppConfig } from './config';

/** Whether HOST keeps the server to this machine: a loopback address or `localhost`. */
export function isLoopbackHost(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '').toLowerCase();
  if (bare === 'localhost') return true;
  if (isIP(bare) === 4) return bare.startsWith('127.');
  return bare === '::1' || /^::ffff:127\./.test(bare);
}

/** The warnings to print at start, in Spanish (none for production or a loopback HOST). */
export function startWarnings(config: Pick<AppConfig, 'env' | 'host' | 'webhooksAllowPrivate'>): string[] {
  if (config.env === 'production' || isLoopbackHost(config.host)) return [];
  const warnings = [
    `Aviso: NODE_ENV=${config.env} con HOST=${config.host}: este servidor de desarrollo es accesible desde otros equipos. Para exponerlo usa NODE_ENV=production (docs/operations.md).`,
  ];
  if (config.webhooksAllowPrivate) {
    warnings.push('Aviso: WEBHOOKS_ALLOW_PRIVATE=on: los webhooks pueden apuntar a direcciones internas de esta red.');
  }
  return warnings;
}
