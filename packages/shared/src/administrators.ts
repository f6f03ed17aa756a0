import { z } from 'zod';
import { pageOf } from './api';
import { listQueryFor } from './lists';
import { personSchema } from './people';
import {
  emailField,
  firstNameField,
  lastNameStrictField,
  msg,
  optionalTextField,
  passwordField,
  phoneExactly10Field,
  suburbNoSpecialField,
} from './validation';

export const adminRoles = ['church_admin', 'platform_admin'] as const;

/** Administrator fields of spec section 3 and the rules of section 5. */
const adminFields = z.object({
  firstName: firstNameField,
  lastName: lastNameStrictField,
  email: emailField,
  phone: phoneExactly10Field,
  address: optionalTextField(200),
  suburb: suburbNoSpecialField,
  role: z.enum(adminRoles, { error: msg('invalidChoice') }).default('church_admin'),
  churchId: z.string().uuid(msg('churchRequired')).nullable().optional(),
});

// A church admin belongs to exactly one church; a platform admin may have none.
const churchForChurchAdmin = {
  path: ['churchId'],
  message: msg('churchAdminNeedsChurch'),
  when: (payload: { issues: ReadonlyArray<{ path?: ReadonlyArray<PropertyKey> }> }) =>
    !payload.issues.some((i) => ['churchId', 'role'].includes(String(i.path?.[0]))),
};

/** POST /api/v1/administrators (platform admins only). */
export const createAdministratorBody = adminFields
  .extend({ password: passwordField })
  .refine((v) => v.role !== 'church_admin' || !!v.churchId, churchForChurchAdmin);
export type CreateAdministratorBody = z.input<typeof createAdministratorBody>;

/** PATCH /api/v1/administrators/:id; `role` member or staff demotes (never oneself, never the last platform admin). */
export const updateAdministratorBody = adminFields
  .partial()
  .extend({ role: z.enum([...adminRoles, 'staff', 'member'], { error: msg('invalidChoice') }).optional() })
  .refine((v) => v.role !== 'church_admin' || v.churchId !== null, churchForChurchAdmin);
export type UpdateAdministratorBody = z.input<typeof updateAdministratorBody>;

export const administratorSortable = ['firstName', 'lastName', 'email', 'phone', 'suburb', 'churchName', 'role', 'createdAt'] as const;
export const administratorListQuery = listQueryFor(administratorSortable, {
  churchId: z.string().uuid(msg('invalidChoice')).optional(),
  role: z.enum(adminRoles, { error: msg('invalidChoice') }).optional(),
});
export type AdministratorListQuery = z.input<typeof administratorListQuery>;
export const administratorList = pageOf(personSchema);
