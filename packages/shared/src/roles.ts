/** Roles as the API names them; the browser stores them as userType '1'..'4' (spec section 3). */
export const roles = ['platform_admin', 'church_admin', 'staff', 'member'] as const;
export type Role = (typeof roles)[number];

export const userTypeByRole: Record<Role, '1' | '2' | '3' | '4'> = {
  platform_admin: '1',
  church_admin: '2',
  staff: '3',
  member: '4',
};

export type UserType = (typeof userTypeByRole)[Role];

export const roleByUserType: Record<UserType, Role> = {
  '1': 'platform_admin',
  '2': 'church_admin',
  '3': 'staff',
  '4': 'member',
};

export function isUserType(value: unknown): value is UserType {
  return value === '1' || value === '2' || value === '3' || value === '4';
}
