import { describe, expect, it } from 'vitest';
import { can, permissionTable, scopeOf } from './permissions';
import { roles } from './roles';

describe('permission table', () => {
  it('never lets a member manage events, staff or churches', () => {
    for (const p of ['events:manage', 'staff:manage', 'churches:create', 'church:edit', 'sermons:go-live'] as const) {
      expect(can('member', p)).toBe(false);
    }
  });

  it('keeps staff and church admins to their own church', () => {
    expect(scopeOf('church_admin', 'staff:manage')).toBe('own');
    expect(scopeOf('staff', 'events:manage')).toBe('own');
    expect(scopeOf('platform_admin', 'staff:manage')).toBe('any');
  });

  it('lets only staff and church admins go live, as ARCHITECTURE.md section 6 says', () => {
    expect(roles.filter((r) => can(r, 'sermons:go-live'))).toEqual(['church_admin', 'staff']);
  });

  it('names only known roles', () => {
    for (const grants of Object.values(permissionTable)) {
      for (const role of Object.keys(grants)) expect(roles).toContain(role);
    }
  });
});
