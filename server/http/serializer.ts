/**
 * The response serializer: every JSON answer passes its route's declared `response` schema
 * (domain/entities/api.ts `answersWith`), so what the OpenAPI at `/sp/docs` says is what leaves
 * the server. An answer that does not fit is a server bug: 500, logged. With `strict`, a field the
 * schema does not declare is such a bug too (instead of being dropped); the tests run strict.
 */
import type { FastifySerializerCompiler } from 'fastify';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { z } from 'zod';

/** Paths (`records.0.foo`) of object keys present in `sent` but dropped from `kept`. */
export function droppedKeys(sent: unknown, kept: unknown, path = ''): string[] {
  if (Array.isArray(sent) && Array.isArray(kept)) return sent.flatMap((v, i) => droppedKeys(v, kept[i], `${path}${i}.`));
  if (!sent || typeof sent !== 'object' || !kept || typeof kept !== 'object' || sent instanceof Date) return [];
  const k = kept as Record<string, unknown>;
  return Object.entries(sent as Record<string, unknown>).flatMap(([key, v]) =>
    v === undefined ? [] : key in k ? droppedKeys(v, k[key], `${path}${key}.`) : [`${path}${key}`],
  );
}

/** A serializer compiler for zod response schemas; `strict` also refuses undeclared fields. */
export function responseSerializer(strict: boolean): FastifySerializerCompiler<z.ZodType> {
  return (({ schema, method, url }: { schema: unknown; method: string; url: string }) => {
    const zod = (schema && typeof schema === 'object' && 'properties' in schema ? (schema as { properties: unknown }).properties : schema) as z.ZodType;
    return (data: unknown) => {
      const result = z.safeEncode(zod, data);
      if (!result.success) throw new ResponseSerializationError(method, url, { cause: result.error });
      if (strict) {
        const dropped = droppedKeys(data, result.data);
        if (dropped.length) {
          const cause = new z.ZodError(dropped.map((f) => ({ code: 'custom' as const, path: f.split('.'), message: 'undeclared field', input: undefined })));
          throw new ResponseSerializationError(method, url, { cause });
        }
      }
      return JSON.stringify(result.data);
    };
  }) as unknown as FastifySerializerCompiler<z.ZodType>;
}
