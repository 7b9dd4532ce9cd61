/**
 * The channel a handshake came over (requirements R10.40–R10.42): TLS or not, and the client
 * certificate presented. Directly: the socket says (a `TLSSocket` of the TLS listener, its peer
 * certificate). From a reverse proxy that terminates TLS, and only when the immediate peer is in
 * `TRUST_PROXY`: `X-Forwarded-Proto: https` (or `wss`) means TLS, and the proxy's
 * `X-Client-Cert` header (the client certificate, PEM, URL-encoded — nginx `$ssl_client_escaped_cert`,
 * HAProxy as documented in docs/deployment.md) is the certificate. From any other address those
 * headers are ignored.
 */
import type { IncomingMessage } from 'node:http';
import type { TLSSocket } from 'node:tls';
import proxyaddr from '@fastify/proxy-addr';

/** The header a trusted proxy puts the client certificate in. */
export const CLIENT_CERT_HEADER = 'x-client-cert';

/** What the handshake knows of its channel. */
export interface Channel {
  /** The charger reached ChargeDesk over TLS (wss://). */
  tls: boolean;
  /** The client certificate presented (DER from the socket, PEM from a proxy), or null. */
  clientCert: Buffer | string | null;
}

/** A function giving the channel of a request, believing proxy headers only from `proxies` (TRUST_PROXY). */
export function channelOf(proxies: string[]): (req: IncomingMessage) => Channel {
  const trust = proxies.length ? proxyaddr.compile(proxies) : null;
  return (req) => {
    const socket = req.socket as Partial<TLSSocket>;
    if (socket.encrypted) {
      const peer = socket.getPeerCertificate?.(false);
      return { tls: true, clientCert: peer?.raw ? peer.raw : null };
    }
    const peer = req.socket.remoteAddress;
    if (!trust || !peer || !trust(peer, 0)) return { tls: false, clientCert: null };
    const proto = String(req.headers['x-forwarded-proto'] ?? '')
      .split(',')[0]
      .trim()
      .toLowerCase();
    const header = req.headers[CLIENT_CERT_HEADER];
    let clientCert: string | null = null;
    if (typeof header === 'string' && header) {
      try {
        clientCert = decodeURIComponent(header);
      } catch {
        clientCert = null;
      }
    }
    return { tls: proto === 'https' || proto === 'wss', clientCert };
  };
}
