import type { Database } from './database.ts'

// The roles a Supabase project has, created only where missing (a plain PostgreSQL server
// or PGlite), so the migration's grants and policies mean the same thing everywhere.
const CREATE_MISSING_ROLES = `
do $$
begin
  if not exists (select 1 from pg_roles where rolname = 'anon') then
    create role anon nologin noinherit;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'authenticated') then
    create role authenticated nologin noinherit;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'service_role') then
    create role service_role nologin noinherit bypassrls;
  end if;
  -- The server switches to anon for each insert, so its own login must be a member.
  if not pg_has_role(current_user, 'anon', 'member') then
    execute format('grant anon to %I', current_user);
  end if;
end
$$;
`

export const ensureSupabaseRoles = async (db: Database): Promise<void> => {
  // Roles are cluster-wide: serialise with other servers starting at the same time.
  await db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock(7242001)')
    await tx.exec(CREATE_MISSING_ROLES)
  })
}
