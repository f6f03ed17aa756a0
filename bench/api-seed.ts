/**
 * Bulk data for the API benchmarks: churches, members and staff written with set-based SQL
 * (generate_series), so 100,000 people take seconds, not minutes. Names include accents so search
 * that ignores them is measured on realistic text.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../apps/server/src/db/client';

export const FIRST_NAMES = ['João', 'Maria', 'José', 'Ana', 'Lucas', 'Mateo', 'Wei', 'Mei', 'Putri', 'Budi', 'Amira', 'Omar', 'Priya', 'Raj', 'Jack', 'Olivia', 'Chloé', 'Zoë', 'Érica', 'Noah', 'Sofía', 'Thiago', 'Siti', 'Hana'];
export const LAST_NAMES = ['Silva', 'Santos', 'Gonçalves', 'Pereira', 'Hernández', 'García', 'Zhang', 'Chen', 'Wijaya', 'Santoso', 'Haddad', 'Nguyen', 'Sharma', 'Wilson', 'Smith', 'Brown', 'Müller', 'Ólafsson', 'Kowalski', 'Rossi', 'Dubois', 'Tanaka', 'Kim', 'Okafor', 'Martin', 'Lee', 'Walker', 'Taylor', 'Costa', 'Ramos'];

const arrayLiteral = (values: string[]) => sql.raw(`ARRAY[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(',')}]`);

/** `churches` churches, then `members` people spread over them (the first `staff` are staff). */
export async function seedPeople(db: Db, opts: { churches: number; members: number; staff: number; passwordHash: string }) {
  await db.execute(sql`
    insert into churches (name, address, suburb, state, country, contact_number, pastor_name, pastor_phone)
    select 'Bench Church ' || g, g || ' Church Street', 'Parramatta', 'New South Wales', 'Australia', '0299990000', 'Pat Pastor', '0411111111'
    from generate_series(1, ${opts.churches}) g`);
  await db.execute(sql`
    with c as (select id, row_number() over (order by name) - 1 as n from churches where name like 'Bench Church %')
    insert into users (email, password_hash, role, church_id, first_name, last_name, phone, suburb, referral_code, faith_level, primary_language, created_at)
    select
      'person' || g || '@bench.example',
      ${opts.passwordHash},
      (case when g <= ${opts.staff} then 'staff' else 'member' end)::role,
      c.id,
      (${arrayLiteral(FIRST_NAMES)})[1 + (g * 7) % ${FIRST_NAMES.length}],
      (${arrayLiteral(LAST_NAMES)})[1 + (g * 13) % ${LAST_NAMES.length}],
      '04' || lpad(g::text, 8, '0'),
      'Parramatta',
      'B' || upper(lpad(to_hex(g), 9, '0')),
      (array['nofaith','uncertain','opentofaith','activelyexploring','strongfaith'])[1 + g % 5]::faith_level,
      (array['english','spanish','portuguese','indonesian','mandarin'])[1 + g % 5]::primary_language,
      now() - (g % 730) * interval '1 day' - (g % 86400) * interval '1 second'
    from generate_series(1, ${opts.members}) g
    join c on c.n = g % ${opts.churches}`);
  await db.execute(sql`
    insert into staff_details (user_id, job_title, department, employment_type, work_location, start_date)
    select id, 'Pastoral worker', 'Ministry', 'part-time', 'onsite', current_date - 100 from users where role = 'staff' and email like '%@bench.example'`);
  // As a live database would be after autovacuum: statistics current, visibility map set.
  await db.execute(sql`vacuum analyze`);
}
