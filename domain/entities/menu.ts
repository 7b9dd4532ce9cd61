/**
 * Menu item input (requirements §3 "Menu item", §5 "Menu: name, order, url, icon, permission id, level,
 * configurable flag required; parent id required for non-top levels") and the menu tree the
 * console builds its sidebar and route guard from (requirements §6).
 */
import { z } from 'zod';
import { blankToNull, requiredField } from './rules.js';
import { permissionSchema } from './role.js';

const editable = {
  name: requiredField(z.string().trim().max(100)),
  orderNum: requiredField(z.coerce.number().int().min(0).max(100000)),
  url: requiredField(
    z
      .string()
      .trim()
      .max(300)
      .regex(/^\/[A-Za-z0-9/_-]*$/),
  ),
  icon: requiredField(z.string().trim().max(100)),
  permission: requiredField(permissionSchema),
  level: requiredField(z.coerce.number().int().min(1).max(5)),
  configurable: requiredField(z.boolean()),
  parentId: z.preprocess(blankToNull, z.coerce.number().int().positive().max(2_147_483_647).nullish()),
  enabled: z.boolean().optional(),
  hidden: z.boolean().optional(),
};

/** POST /sp/menu and PUT /sp/menu/{id} body. */
export const menuInput = z.object(editable);
export type MenuInput = z.infer<typeof menuInput>;

/** Required fields → 611 (menu) naming the field. `parentId` is required when level > 1. */
export const MENU_REQUIRED = {
  name: 611,
  orderNum: 611,
  url: 611,
  icon: 611,
  permission: 611,
  level: 611,
  configurable: 611,
} as const;

/** A node of GET /sp/menu/tree. */
export interface MenuNode extends MenuDto {
  children: MenuNode[];
}

/** Response schema of a menu row (OpenAPI, serializer). */
export const menuRecordSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  routeKey: z.string().nullable(),
  orderNum: z.number().int(),
  level: z.number().int(),
  enabled: z.boolean(),
  permission: z.string().nullable(),
  url: z.string(),
  icon: z.string(),
  parentId: z.number().int().nullable(),
  configurable: z.boolean(),
  hidden: z.boolean(),
});
/** A menu row as the API answers it. `routeKey` is the console's i18n key (`menu.<key>`) of a seeded menu. */
export type MenuDto = z.infer<typeof menuRecordSchema>;

/** A node of `GET /sp/menu/tree` and `GET /sp/menu/full-tree`: a menu row and its children. */
export const menuNodeSchema: z.ZodType<MenuNode> = menuRecordSchema
  .extend({
    get children() {
      return z.array(menuNodeSchema);
    },
  })
  .meta({ id: 'MenuNode' });
