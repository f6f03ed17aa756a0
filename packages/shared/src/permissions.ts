import type { Role } from './roles';

/**
 * The permission matrix of ARCHITECTURE.md section 6. A route declares one of these; the server's
 * single access hook decides. `scope` says whether the grant covers any church or only the actor's
 * own, so services know whether to filter by church.
 */
export const permissions = [
  'churches:create',
  'churches:delete',
  'churches:set-stream-limit',
  'church:edit',
  'administrators:manage',
  'staff:manage',
  'users:read',
  'users:list',
  'users:write',
  'users:set-role',
  'users:delete',
  'people:import',
  'staff:reveal-payroll',
  'users:reset-two-step',
  'events:manage',
  'events:read',
  'sermons:go-live',
  'sermons:end-any',
  'sermons:join',
  'analytics:read',
  'salvations:read',
  'follow-ups:manage',
  'deletion-requests:review',
  'deletion-requests:own',
  'feedback:read',
  'feedback:submit',
  'feedback:delete',
  'audit:read',
  'church:read',
  'schedule:manage',
  'glossary:manage',
  'glossary:starter',
  'prepared-texts:manage',
  'messages:use',
  'messages:moderate',
  'backups:manage',
] as const;
export type Permission = (typeof permissions)[number];

/** 'any' = every church, 'own' = the actor's church only, 'self' = the actor's own records. */
export type Scope = 'any' | 'own' | 'self';

export const permissionTable: Record<Permission, Partial<Record<Role, Scope>>> = {
  'churches:create': { platform_admin: 'any' },
  'churches:delete': { platform_admin: 'any' },
  'churches:set-stream-limit': { platform_admin: 'any' },
  'church:edit': { platform_admin: 'any', church_admin: 'own' },
  'administrators:manage': { platform_admin: 'any' },
  'staff:manage': { platform_admin: 'any', church_admin: 'own' },
  'users:read': { platform_admin: 'any', church_admin: 'own', staff: 'own', member: 'self' },
  'users:write': { platform_admin: 'any', church_admin: 'own', staff: 'own', member: 'self' },
  'users:delete': { platform_admin: 'any', church_admin: 'own' },
  // People import and its undo (decision 036): administrators only, never staff.
  'people:import': { platform_admin: 'any', church_admin: 'own' },
  // Lists of people: the church's own staff and admins; a member reads only their own record.
  'users:list': { platform_admin: 'any', church_admin: 'own', staff: 'own' },
  // Promoting a member to staff and back: not for staff themselves.
  'users:set-role': { platform_admin: 'any', church_admin: 'own' },
  // One payroll record at a time, each reveal audited (decision 011).
  'staff:reveal-payroll': { platform_admin: 'any', church_admin: 'own' },
  // Decision 023: a person who lost their authenticator and recovery codes asks the platform.
  'users:reset-two-step': { platform_admin: 'any' },
  'events:manage': { platform_admin: 'any', church_admin: 'own', staff: 'own' },
  'events:read': { platform_admin: 'any', church_admin: 'own', staff: 'own', member: 'own' },
  'sermons:go-live': { church_admin: 'own', staff: 'own' },
  'sermons:end-any': { platform_admin: 'any', church_admin: 'own' },
  'sermons:join': { platform_admin: 'any', church_admin: 'any', staff: 'any', member: 'any' },
  'analytics:read': { platform_admin: 'any', church_admin: 'own', staff: 'own', member: 'self' },
  'salvations:read': { platform_admin: 'any', church_admin: 'own', staff: 'own' },
  // Follow-ups of decisions for Jesus (decision 014): staff see only those assigned to them (service).
  'follow-ups:manage': { platform_admin: 'any', church_admin: 'own', staff: 'own' },
  'deletion-requests:review': { platform_admin: 'any', church_admin: 'own' },
  'deletion-requests:own': { member: 'self', staff: 'self', church_admin: 'self' },
  'feedback:read': { platform_admin: 'any', church_admin: 'own' },
  'feedback:delete': { platform_admin: 'any', church_admin: 'own' },
  // The audit log: read only, never changed through the API.
  'audit:read': { platform_admin: 'any', church_admin: 'own' },
  'feedback:submit': { platform_admin: 'self', church_admin: 'self', staff: 'self', member: 'self' },
  // Reading a church's details and language lists: its own people (speakers pick a go-live language,
  // listeners a join-live one); platform admins any.
  'church:read': { platform_admin: 'any', church_admin: 'own', staff: 'own', member: 'own' },
  // Scheduled services (docs/decisions/019): those who may go live plan when they will.
  'schedule:manage': { platform_admin: 'any', church_admin: 'own', staff: 'own' },
  // The church glossary and the listeners' flags on bad lines (decision 025).
  'glossary:manage': { platform_admin: 'any', church_admin: 'own' },
  // The starter glossary every church inherits: platform administrators only.
  'glossary:starter': { platform_admin: 'any' },
  // Prepared sermon notes, readings and lyrics: whoever may go live prepares them (decision 026).
  'prepared-texts:manage': { platform_admin: 'any', church_admin: 'own', staff: 'own' },
  // Church messages (decision record 021): who may write to whom is decided per conversation.
  'messages:use': { platform_admin: 'any', church_admin: 'own', staff: 'own', member: 'own' },
  // Reports and removal of messages: the church's administrators.
  'messages:moderate': { platform_admin: 'any', church_admin: 'own' },
  // Backups hold every church's data (decision 032): platform administrators only.
  'backups:manage': { platform_admin: 'any' },
};

/**
 * Access rule a route declares: a permission, any signed-in person, public, or 'metrics-token': a
 * monitoring system presenting METRICS_TOKEN as a bearer token, no session (decision 035).
 */
export type AccessRule = Permission | 'signed-in' | 'public' | 'metrics-token';

export function scopeOf(role: Role, permission: Permission): Scope | undefined {
  return permissionTable[permission][role];
}

export function can(role: Role, permission: Permission): boolean {
  return scopeOf(role, permission) !== undefined;
}
