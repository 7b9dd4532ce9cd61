/** OCPP 1.6J central system (placeholder until the handlers land). */
import type { FastifyInstance } from 'fastify';

export interface CentralSystem {
  close(): Promise<void>;
}

export function startCentralSystem(_app: FastifyInstance): CentralSystem {
  return { async close() {} };
}
