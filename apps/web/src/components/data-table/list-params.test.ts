import { describe, expect, it } from 'vitest';
import { apiQueryString, fromSortStatus, readListParams, toSortStatus, writeListParams } from './list-params';

const read = (qs: string) => readListParams(new URLSearchParams(qs), ['role', 'churchId'], '-createdAt');

describe('a list’s state in the URL', () => {
  it('reads defaults from a plain URL and ignores nonsense', () => {
    expect(read('')).toEqual({ page: 1, pageSize: 20, q: '', sort: '-createdAt', filters: {} });
    expect(read('page=-3&pageSize=7&role=staff&other=x')).toEqual({ page: 1, pageSize: 20, q: '', sort: '-createdAt', filters: { role: 'staff' } });
  });

  it('goes back to page 1 when the search, sort, page size or a filter changes', () => {
    const at3 = new URLSearchParams('page=3&q=ana');
    expect(writeListParams(at3, { q: 'joão' }, '-createdAt').toString()).toBe('q=jo%C3%A3o');
    expect(writeListParams(at3, { sort: 'lastName' }, '-createdAt').get('page')).toBeNull();
    expect(writeListParams(at3, { filters: { role: 'staff' } }, '-createdAt').toString()).toBe('q=ana&role=staff');
    expect(writeListParams(at3, { page: 4 }, '-createdAt').toString()).toBe('page=4&q=ana');
  });

  it('leaves defaults out so a plain list has a plain URL, and clears an emptied filter', () => {
    const url = new URLSearchParams('role=staff&sort=lastName');
    expect(writeListParams(url, { sort: '-createdAt', filters: { role: '' } }, '-createdAt').toString()).toBe('');
  });

  it('asks the API for the same state', () => {
    const params = read('q=%20silva%20&sort=lastName&page=2&role=member');
    expect(apiQueryString(params)).toBe('page=2&pageSize=20&sort=lastName&q=silva&role=member');
  });

  it('maps sort to the table’s sort status and back', () => {
    expect(toSortStatus('-lastName')).toEqual({ columnAccessor: 'lastName', direction: 'desc' });
    expect(fromSortStatus({ columnAccessor: 'email', direction: 'asc' })).toBe('email');
    expect(fromSortStatus(toSortStatus('-createdAt'))).toBe('-createdAt');
  });
});
