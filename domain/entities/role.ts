/**
 * Role input (requirements §3 "Role", §5 "Role: name, code, description, company code required"): a set
 * of `menu:*` permission strings chosen on the menu tree. A null company code is a platform role
 * (only platform administrators create those); company users create roles of their own company.
 */
import { z } from 'zod';
import { blankToNull, clearableText, requiredField } from './rules.js';
import { companyCodeSchema } from './operator.js';

/** Role codes: letters, digits, `_ . -`, at most 64 characters. */
export const roleCodeSchema = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_.-]+$/);

/** A menu permission string (`menu:…`). */
export const permissionSchema = z
  .string()
  .trim()
  .min(6)
  .max(128)
  .regex(/^menu:[A-Za-z0-9:_-]+$/);

const editable = {
  name: requiredField(z.string().trim().max(100)),
  description: requiredField(z.string().trim().max(500)),
  enabled: z.boolean().optional(),
  remark: clearableText(1000),
  permissions: z.array(z.string().max(128)).max(500).optional(),
};

/** POST /sp/role body. `companyCode` defaults to the caller's company (platform for admins). */
export const roleCreateInput = z.object({
  ...editable,
  code: requiredField(roleCodeSchema),
  companyCode: z.preprocess(blankToNull, companyCodeSchema.nullish()),
});
export type RoleCreateInput = z.infer<typeof roleCreateInput>;

/** PUT /sp/role/{id} body: code and company are fixed after creation. */
export const roleUpdateInput = z.object(editable);
export type RoleUpdateInput = z.infer<typeof roleUpdateInput>;

/** Required fields → "is empty" code (608 role). */
export const ROLE_REQUIRED = { name: 608, code: 608, description: 608 } as const;

/** Response schema of a role (OpenAPI, serializer). */
export const roleRecordSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  code: z.string(),
  companyCode: z.string().nullable(),
  description: z.string(),
  enabled: z.boolean(),
  remark: z.string().nullable(),
  permissions: z.array(z.string()),
  createdAt: z.string(),
});
/** A role as the API answers it. */
export type RoleDto = z.infer<typeof roleRecordSchema>;
