/**
 * Diagnosis (requirements §2 "Diagnosis", R2.21; domain/entities/diagnosis.ts):
 * GET /sp/diagnosis?serialNum&startTime — one charger's latest readings, series, status changes
 * and open events since `startTime`. Permission `menu:events:diagnosis`; company and station
 * scope (709). `serialNum` missing → 602, `startTime` missing → 615, not a time → 400, in the
 * future or more than a day back → 715 (`startTime`), unknown charger → 800.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { authOf } from '../../http/access.js';
import { ok } from '../../http/envelope.js';
import { AppError } from '../../../domain/app-error.js';
import { PERMISSIONS } from '../../../domain/permissions.js';
import { answersWith } from '../../../domain/entities/api.js';
import { DIAGNOSIS_MAX_DAYS, diagnosisQuery, diagnosisRecord, diagnosisTime } from '../../../domain/entities/diagnosis.js';
import { timeRangeError } from '../../../domain/time-range.js';
import { diagnose } from './service.js';

const diagnosisRoutes: FastifyPluginAsync = async (app) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/diagnosis',
    {
      config: { permission: PERMISSIONS.events.diagnosis },
      schema: { tags: ['diagnosis'], querystring: diagnosisQuery, response: answersWith(diagnosisRecord) },
    },
    async (req) => {
      const start = diagnosisTime(req.query.startTime) as Date;
      const now = new Date();
      // the range [start, now]: start not in the future, at most DIAGNOSIS_MAX_DAYS long
      if (timeRangeError(start, now, { now, maxDays: DIAGNOSIS_MAX_DAYS })) throw new AppError(715, 'startTime');
      return ok(req, await diagnose(app.db, authOf(req), req.query.serialNum, start));
    },
  );
};

export default diagnosisRoutes;
