/**
 * The handshake's verdict (the ocpp-rpc auth callback): the checks of ./handshake.ts (identity,
 * life status, subprotocol, password, refusal limiter), then the duplicate policy of
 * ./duplicates.ts. Every refusal is logged and stored in `connection_attempt`; an unexpected
 * failure answers 500. A connection that met a security profile the operator requested raises the
 * charger's profile to it (logged; requirements R10.41). Before its checks a handshake waits for a warm-up slot of the pacer
 * (./admission-pacer.ts): one that waited too long is answered 503 (logged once per 10 s).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.js';
import type { Connections } from './connections.js';
import type { OcppSession } from './context.js';
import type { DuplicatePolicy } from './duplicates.js';
import type { IncomingMessage } from 'node:http';
import { checkHandshake, recordAttempt, refuse, type IdentityLookup, type RefusalCounter } from './handshake.js';
import type { Handshake } from './rpc.js';
import type { AdmissionPacer } from './admission-pacer.js';
import { and, eq } from 'drizzle-orm';
import { charger } from '../db/schema.js';
import type { Channel } from './channel.js';
import { checkClientCertificate } from './client-cert.js';

/** The OCPP subprotocol served. */
export const OCPP_PROTOCOL = 'ocpp1.6';

/** What the auth callback needs. */
export interface AdmissionDeps {
  db: Db;
  conns: Connections;
  limiter: RefusalCounter;
  duplicates: DuplicatePolicy;
  /** Resolves once the online flags are reset. */
  ready: Promise<void>;
  /** The client's address of a request (./../http/client-address.ts). */
  clientAddress: (req: IncomingMessage) => string | undefined;
  log: FastifyBaseLogger;
  /** Batched, cached identity lookups (./handshake.ts). */
  identities?: IdentityLookup;
  /** Admission pacing (./admission-pacer.ts); none = every handshake at once. */
  pacer?: AdmissionPacer;
  /** The channel of a request (./channel.ts); none = every handshake is plain ws without a certificate. */
  channelOf?: (req: IncomingMessage) => Channel;
}

/** Stores `profile` as the charger's security profile when it is still the one requested (never lowers it). */
async function raiseProfile(db: Db, chargerId: number, profile: number): Promise<void> {
  await db
    .update(charger)
    .set({ securityProfile: profile, securityProfileRequested: null })
    .where(and(eq(charger.id, chargerId), eq(charger.securityProfileRequested, profile)));
}

/** The ocpp-rpc auth callback. */
export function admission(d: AdmissionDeps) {
  /** The last time a paced-out handshake was logged (one warning per 10 s). */
  let pacedOutLoggedAt = 0;
  return async (
    accept: (session: OcppSession, protocol: string) => void,
    reject: (code: number, message: string) => void,
    handshake: Handshake,
  ): Promise<void> => {
    const identity = handshake.identity;
    await d.ready.catch(() => undefined);
    const release = d.pacer ? await d.pacer.enter() : () => undefined;
    if (!release) {
      if (Date.now() - pacedOutLoggedAt > 10_000) {
        pacedOutLoggedAt = Date.now();
        d.log.warn(
          { identity, waitingNow: d.pacer?.queued, answered503: d.pacer?.refused },
          'OCPP handshakes waited too long for admission: answered 503, the chargers retry',
        );
      }
      return reject(503, 'BUSY');
    }
    let admitted = false;
    try {
      // X-Forwarded-For counts only from a configured proxy (TRUST_PROXY, docs/deployment.md).
      const remoteAddress = d.clientAddress(handshake.request);
      const channel = d.channelOf
        ? {
            channel: d.channelOf(handshake.request),
            certificate: (companyCode: string, id: string, cert: Buffer | string | null) => checkClientCertificate(d.db, companyCode, id, cert),
          }
        : undefined;
      const verdict = await checkHandshake(d.db, d.limiter, handshake, remoteAddress, d.identities, channel);
      if (!verdict.ok) {
        d.log.warn({ identity, remoteAddress, reason: verdict.reason }, 'OCPP connection refused');
        await d.conns.track(refuse(d.db, d.limiter, { identity, companyCode: verdict.companyCode, remoteAddress, reason: verdict.reason }));
        return reject(verdict.status, verdict.reason);
      }
      const session: OcppSession = verdict.session;
      const holder = await d.duplicates.holder(identity);
      if (holder) {
        const where = holder.node ? { node: holder.node } : {};
        if (holder.alive) {
          d.log.warn({ identity, remoteAddress, ...where }, 'duplicate OCPP connection refused: the current socket is alive');
          await d.conns.track(recordAttempt(d.db, { identity, companyCode: session.companyCode, remoteAddress, reason: 'DUPLICATE' }));
          return reject(409, 'DUPLICATE');
        }
        d.log.warn({ identity, remoteAddress, ...where }, 'current OCPP socket did not answer a ping: replaced by the new connection');
        await d.conns.track(recordAttempt(d.db, { identity, companyCode: session.companyCode, remoteAddress, reason: 'REPLACED_DEAD_CONNECTION' }));
      }
      if (verdict.raiseTo !== undefined && session.kind === 'charger') {
        await raiseProfile(d.db, session.id, verdict.raiseTo);
        d.identities?.forget(identity);
        d.log.info({ identity, remoteAddress, securityProfile: verdict.raiseTo }, 'charger connected on the security profile requested: profile raised');
      }
      d.pacer?.hold(session, release);
      admitted = true;
      accept(session, OCPP_PROTOCOL);
    } catch (err) {
      d.log.error({ err, identity }, 'OCPP handshake failed');
      reject(500, 'INTERNAL');
    } finally {
      if (!admitted) release();
    }
  };
}
