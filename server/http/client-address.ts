/**
 * The client's address (docs/deployment.md "Behind a reverse proxy"): `X-Forwarded-For` is
 * believed only from the proxies listed in `TRUST_PROXY` (addresses, CIDR ranges, or the names
 * `loopback`, `linklocal`, `uniquelocal`; default none) — the same rule Fastify's `trustProxy`
 * applies to `req.ip` on the API, used here for OCPP handshakes, which Fastify does not see.
 */
import type { IncomingMessage } from 'node:http';
import proxyaddr from '@fastify/proxy-addr';

/** The proxies `TRUST_PROXY` lists (comma-separated); empty when unset. */
export function parseTrustProxy(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
}

/** A function giving the client address of a request, trusting only `proxies`. */
export function clientAddressFor(proxies: string[]): (req: IncomingMessage) => string | undefined {
  if (!proxies.length) return (req) => req.socket.remoteAddress;
  const trust = proxyaddr.compile(proxies);
  return (req) => proxyaddr(req, trust);
}
