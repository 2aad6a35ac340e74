/**
 * Who the signed-in admin is (ADR 0051): every admin page asks, so this is a module of its own
 * and an admin page carries the two-factor setup and the roles page's calls only where they
 * are used (ADR 0066).
 */
import { z } from './zod';
import { endpoint, message } from './endpoint';
import { AdminRoleSchema, PermissionSchema } from './roles';

export const AdminSelfSchema = z.object({
  role: z.nullable(AdminRoleSchema),
  /** What an owner granted this admin beyond their role (`GRANTABLE`; ADR 0071). */
  grants: z.array(PermissionSchema),
  two_factor: z.object({
    enrolled: z.boolean(),
    /** Live mode: an admin who has not enrolled can do nothing else. */
    required: z.boolean(),
  }),
});
export type AdminSelf = z.output<typeof AdminSelfSchema>;

export const adminSelf = endpoint({
  name: 'admin.me',
  method: 'GET',
  path: '/api/admin/me',
  access: 'admin',
  summary: "The signed-in admin's role and two-factor state.",
  response: message(AdminSelfSchema),
});
