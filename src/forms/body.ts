/**
 * The request body of a form, read by the entity's input declaration (domain/entities): the
 * schema keeps the fields it declares (anything else the record carries, such as `id` or
 * `createdAt`, is dropped), turns blanks into null and coerces numbers exactly as the server will,
 * so no field is listed by hand and none is forgotten. `rules` first applies what a choice implies
 * (a platform administrator has no company). Values the schema refuses are sent as typed: the
 * server answers them with their catalogue code (the form has checked them before).
 */
import type { z } from 'zod';

type Values = Record<string, unknown>;

/** A react-admin `transform` sending what `schema` accepts of the form's values. */
export function bodyOf(schema: z.ZodType, rules: (values: Values) => Values = (v) => v) {
  return (data: Values): Values => {
    const values = rules(data);
    const parsed = schema.safeParse(values);
    return parsed.success ? (parsed.data as Values) : values;
  };
}
