import type { Query } from './migrations';

/** A table's foreign keys as the catalog has them: which tables it points at, and through which columns. */
export interface TableLinks {
  name: string;
  /** Tables this one refers to (itself excluded). */
  parents: string[];
  /** Columns that refer to the table itself (a person referred by another person). */
  selfColumns: string[];
}

/** Every table of the public schema with its foreign keys. */
export async function tableLinks(query: Query): Promise<TableLinks[]> {
  const tables = await query(`
    select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace and n.nspname = 'public'
    where c.relkind in ('r', 'p') order by c.relname`);
  const keys = await query(`
    select child.relname as child, parent.relname as parent, a.attname as column
    from pg_constraint k
    join pg_class child on child.oid = k.conrelid
    join pg_class parent on parent.oid = k.confrelid
    join pg_namespace n on n.oid = child.relnamespace and n.nspname = 'public'
    join pg_attribute a on a.attrelid = k.conrelid and a.attnum = any (k.conkey)
    where k.contype = 'f'`);
  const links = new Map<string, TableLinks>(tables.map((t) => [t.name as string, { name: t.name as string, parents: [], selfColumns: [] }]));
  for (const k of keys) {
    const link = links.get(k.child as string);
    if (!link) continue;
    if (k.child === k.parent) link.selfColumns.push(k.column as string);
    else if (!link.parents.includes(k.parent as string)) link.parents.push(k.parent as string);
  }
  return [...links.values()];
}

/**
 * Tables in an order where every table comes after those it refers to, so rows load with their
 * foreign keys checked as they go. A reference to the table itself is filled in after its rows
 * (see `selfColumns`); a cycle between two tables would need the same and is refused here, so a
 * migration that makes one fails the backup tests rather than a restore.
 */
export function loadOrder(links: TableLinks[]): string[] {
  const byName = new Map(links.map((l) => [l.name, l]));
  const order: string[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (name: string, path: string[]) => {
    if (state.get(name) === 'done') return;
    if (state.get(name) === 'visiting') throw new Error(`foreign keys form a cycle: ${[...path, name].join(' → ')}`);
    state.set(name, 'visiting');
    for (const parent of [...(byName.get(name)?.parents ?? [])].sort()) if (byName.has(parent)) visit(parent, [...path, name]);
    state.set(name, 'done');
    order.push(name);
  };
  for (const name of [...byName.keys()].sort()) visit(name, []);
  return order;
}
