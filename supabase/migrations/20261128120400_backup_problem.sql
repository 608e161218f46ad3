-- The pipeline's watch (20261128120100) asks private.backup_problem() how the backups go: a row
-- while the last finished backup failed (or was never copied off the machine), none once one
-- works again. Its start is the first failure since the last backup that worked, so an
-- incident says how long the data has been without a fresh copy.
create or replace function private.backup_problem()
  returns table (since timestamptz, detail jsonb)
  language sql stable security definer set search_path = ''
as $$
  select
    (select min(r.finished_at)
       from private.backup_runs r
      where r.ok is not null
        and not (r.ok and coalesce(r.copied, true))
        and r.finished_at > coalesce(s.last_success_at, '-infinity')),
    jsonb_build_object('error', s.last_error, 'last_success_at', s.last_success_at)
    from private.backup_status s
   where s.failing
$$;
revoke all on function private.backup_problem() from public, anon, authenticated;
