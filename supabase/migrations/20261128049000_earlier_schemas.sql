-- Brings a database that ran earlier texts of the first day's migrations to what a new one
-- has (decision 047). Until version 1.0 a migration could be edited in place (decision 017),
-- and the ledger recorded only names, so an edit never reached a database that had run the
-- file. Compared catalog by catalog with a new database, what was left different:
-- - a database made from 20261122000000_mail_delivery.sql as it was written first (2026-11-22,
--   before 09:22) and upgraded by any later server keeps two claim functions with their first
--   bodies and lacks private.open_single_send, which today's claims share;
-- - one made from 20261122000200_contact_guard.sql as it was first written (04:27 to 06:12
--   that day) keeps two indexes on the leads by address that the flood limits stopped using
--   when they began counting per minute (private.submission_counts).
-- This puts today's definitions in their place, and only there: a function is replaced only
-- when its body is exactly one of those first texts, created only when missing, and an index
-- dropped only when it is exactly that old one, so a new database, or one a later migration
-- changed on purpose, is left as it is. (A database made that day that ran nothing after the
-- first day's files has those files applied again with their released text by the server
-- before this runs: server/db/migrate.ts.) Safe to apply twice.
-- tests/integration/schema-upgrades.test.ts upgrades every earlier shape and compares.

do $catch_up$
begin
  if to_regprocedure('private.open_single_send(uuid, integer)') is null then
    execute $definition$
create or replace function private.open_single_send(p_id uuid, p_lease_minutes integer)
  returns setof private.mail_claim language plpgsql set search_path = ''
as $$
declare
  new_send bigint;
begin
  insert into private.mail_sends (kind, leads) values ('single', 1) returning id into new_send;
  return query
    update public.contact_submissions s
       set next_notify_at = now() + make_interval(mins => p_lease_minutes),
           notify_send_id = new_send
     where s.id = p_id
    returning 'claimed'::text, 'single'::text, new_send, s.id, s.created_at, s.name, s.email,
      s.company, s.message;
end
$$;
    $definition$;
    revoke all on function private.open_single_send(uuid, integer) from public;
  end if;

  if exists (
    select 1 from pg_proc p join pg_namespace n on n.oid = p.pronamespace
     where n.nspname = 'private' and p.proname = 'claim_submission_mail'
       and md5(replace(p.prosrc, E'\r', '')) = '3a69352a56404b0bcc530da213eacaa6'
  ) then
    execute $definition$
create or replace function private.claim_submission_mail(
  p_name text,
  p_email text,
  p_company text,
  p_message text,
  p_window_minutes integer,
  p_lease_minutes integer
)
  returns setof private.mail_claim language plpgsql set search_path = ''
as $$
declare
  found_id uuid;
begin
  -- One budget decision at a time, across every server and function instance.
  perform pg_advisory_xact_lock(7242010);
  select s.id into found_id
    from public.contact_submissions s
   where s.notified_at is null
     and s.created_at > now() - make_interval(mins => p_window_minutes)
     and (s.next_notify_at is null or s.next_notify_at <= now())
     and s.name = p_name and s.email = p_email and s.message = p_message
     and coalesce(s.company, '') = coalesce(p_company, '')
   order by s.created_at desc
   limit 1
   for update skip locked;
  if found_id is null then
    return query select 'not_found'::text, null::text, null::bigint, null::uuid, null::timestamptz,
      null::text, null::text, null::text, null::text;
    return;
  end if;
  if private.single_mail_budget() <= 0 then
    return query select 'deferred'::text, null::text, null::bigint, found_id, null::timestamptz,
      null::text, null::text, null::text, null::text;
    return;
  end if;
  return query select * from private.open_single_send(found_id, p_lease_minutes);
end
$$;
    $definition$;
  end if;

  if exists (
    select 1 from pg_proc p join pg_namespace n on n.oid = p.pronamespace
     where n.nspname = 'private' and p.proname = 'claim_due_mail'
       and md5(replace(p.prosrc, E'\r', ''))
         in ('bd5eeae8e56a4ac6505c8506d4386cb0', 'ff7608ae794e1df2f3be73244fffe9eb')
  ) then
    execute $definition$
create or replace function private.claim_due_mail(
  p_min_age_minutes integer,
  p_limit integer,
  p_lease_minutes integer
)
  returns setof private.mail_claim language plpgsql set search_path = ''
as $$
declare
  budget integer;
  settings private.contact_settings;
  due record;
  new_send bigint;
  claimed integer;
begin
  perform pg_advisory_xact_lock(7242010);
  -- This runs every minute wherever the site runs: a good moment to forget old flood counts
  -- (the table exists once the guard's migration has run).
  if to_regclass('private.submission_counts') is not null then
    execute 'delete from private.submission_counts where minute < now() - interval ''1 day''';
  end if;
  select * into settings from private.contact_settings;
  budget := private.single_mail_budget();
  if budget > 0 then
    for due in
      select s.id from public.contact_submissions s
       where s.notified_at is null
         and s.created_at <= now() - make_interval(mins => p_min_age_minutes)
         and (s.next_notify_at is null or s.next_notify_at <= now())
       order by s.created_at
       limit least(budget, p_limit)
       for update skip locked
    loop
      return query select * from private.open_single_send(due.id, p_lease_minutes);
    end loop;
    return;
  end if;

  if exists (
    select 1 from private.mail_sends m
     where m.kind = 'digest' and m.ok is not false
       and m.started_at > now() - make_interval(mins => settings.digest_every_minutes)
  ) then
    return;
  end if;
  insert into private.mail_sends (kind) values ('digest') returning id into new_send;
  return query
    with picked as (
      select s.id from public.contact_submissions s
       where s.notified_at is null
         and s.created_at <= now() - make_interval(mins => p_min_age_minutes)
         and (s.next_notify_at is null or s.next_notify_at <= now())
       order by s.created_at
       limit settings.digest_max_leads
       for update skip locked
    )
    update public.contact_submissions s
       set next_notify_at = now() + make_interval(mins => p_lease_minutes),
           notify_send_id = new_send
      from picked
     where s.id = picked.id
    returning 'claimed'::text, 'digest'::text, new_send, s.id, s.created_at, s.name, s.email,
      s.company, s.message;
  get diagnostics claimed = row_count;
  if claimed = 0 then
    delete from private.mail_sends where id = new_send;
  else
    update private.mail_sends set leads = claimed where id = new_send;
  end if;
end
$$;
    $definition$;
  end if;

  if exists (
    select 1 from pg_indexes
     where schemaname = 'public' and indexname = 'contact_submissions_client_key_idx'
       and indexdef = 'CREATE INDEX contact_submissions_client_key_idx ON public.contact_submissions USING btree (client_key, created_at)'
  ) then
    drop index public.contact_submissions_client_key_idx;
  end if;
  if exists (
    select 1 from pg_indexes
     where schemaname = 'public' and indexname = 'contact_submissions_unknown_client_idx'
       and indexdef = 'CREATE INDEX contact_submissions_unknown_client_idx ON public.contact_submissions USING btree (created_at) WHERE (client_key IS NULL)'
  ) then
    drop index public.contact_submissions_unknown_client_idx;
  end if;
end
$catch_up$;
