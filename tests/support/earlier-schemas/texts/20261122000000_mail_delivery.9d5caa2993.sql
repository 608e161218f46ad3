-- How the company is told about each submission: one e-mail per lead, at most
-- `mail_per_hour` single e-mails an hour, and a digest for the rest. The decisions live here,
-- in the database, so they hold the same for the Node server, the Supabase Edge Function and
-- any number of either running at once. Safe to apply twice.

alter table public.contact_submissions
  add column if not exists notify_error text,
  add column if not exists notified_via text,
  add column if not exists notify_send_id bigint;

do $$
begin
  if not exists (
    select 1 from pg_constraint where conname = 'contact_submissions_notified_via_check'
  ) then
    alter table public.contact_submissions
      add constraint contact_submissions_notified_via_check
      check (notified_via in ('single', 'digest'));
  end if;
end
$$;

-- One row per e-mail sent (or being sent) to the company: what the hourly cap counts.
create table if not exists private.mail_sends (
  id bigint generated always as identity primary key,
  kind text not null check (kind in ('single', 'digest')),
  started_at timestamptz not null default now(),
  finished_at timestamptz,
  -- null while the mail server has not answered yet
  ok boolean,
  leads integer not null default 0
);

create index if not exists mail_sends_kind_started_idx on private.mail_sends (kind, started_at);

create index if not exists contact_submissions_send_idx
  on public.contact_submissions (notify_send_id)
  where notify_send_id is not null;

-- Limits the operator may change (the Node server writes them from RATE_LIMIT_* at start;
-- on hosted Supabase, update this row with SQL). One row.
create table if not exists private.contact_settings (
  id boolean primary key default true check (id),
  mail_per_hour integer not null default 20 check (mail_per_hour >= 0),
  digest_every_minutes integer not null default 15 check (digest_every_minutes >= 1),
  digest_max_leads integer not null default 200 check (digest_max_leads >= 1)
);

insert into private.contact_settings default values on conflict (id) do nothing;

-- What a claim hands to the sender: the kind of e-mail, its send id and one lead.
do $$
begin
  if not exists (
    select 1 from pg_type t join pg_namespace n on n.oid = t.typnamespace
     where n.nspname = 'private' and t.typname = 'mail_claim'
  ) then
    create type private.mail_claim as (
      outcome text,
      kind text,
      send_id bigint,
      submission_id uuid,
      created_at timestamptz,
      name text,
      email text,
      company text,
      message text
    );
  end if;
end
$$;

-- Single e-mails the cap still allows in the last hour (failed sends never reached the inbox).
create or replace function private.single_mail_budget()
  returns integer
  language sql
  stable
  set search_path = ''
as $$
  select s.mail_per_hour - (
    select count(*)::integer from private.mail_sends m
     where m.kind = 'single' and m.started_at > now() - interval '1 hour'
       and m.ok is not false)
    from private.contact_settings s
$$;

-- Claims the stored, not yet notified submission with exactly these values for one single
-- e-mail. 'not_found' when there is none (nothing else is ever mailed: no open relay),
-- 'deferred' when the hourly cap is spent (the sweep sends it later, in a digest if need be).
create or replace function private.claim_submission_mail(
  p_name text,
  p_email text,
  p_company text,
  p_message text,
  p_window_minutes integer,
  p_lease_minutes integer
)
  returns setof private.mail_claim
  language plpgsql
  set search_path = ''
as $$
declare
  found_id uuid;
  new_send bigint;
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
  insert into private.mail_sends (kind, leads) values ('single', 1) returning id into new_send;
  return query
    update public.contact_submissions s
       set next_notify_at = now() + make_interval(mins => p_lease_minutes),
           notify_send_id = new_send
     where s.id = found_id
    returning 'claimed'::text, 'single'::text, new_send, s.id, s.created_at, s.name, s.email,
      s.company, s.message;
end
$$;

-- Claims what is due (unsent, at least p_min_age_minutes old, back-off passed): single
-- e-mails while the hourly cap allows, else at most one digest every digest_every_minutes.
create or replace function private.claim_due_mail(
  p_min_age_minutes integer,
  p_limit integer,
  p_lease_minutes integer
)
  returns setof private.mail_claim
  language plpgsql
  set search_path = ''
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
      insert into private.mail_sends (kind, leads) values ('single', 1) returning id into new_send;
      return query
        update public.contact_submissions s
           set next_notify_at = now() + make_interval(mins => p_lease_minutes),
               notify_send_id = new_send
         where s.id = due.id
        returning 'claimed'::text, 'single'::text, new_send, s.id, s.created_at, s.name,
          s.email, s.company, s.message;
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

-- Records how a send ended for every lead it carried: sent, or failed with a doubling
-- back-off (1 minute, 2, 4 … at most 6 hours) and the reason, for the operator.
create or replace function private.finish_mail(p_send_id bigint, p_ok boolean, p_error text)
  returns void
  language plpgsql
  set search_path = ''
as $$
declare
  send_kind text;
begin
  update private.mail_sends
     set finished_at = now(), ok = p_ok
   where id = p_send_id
  returning kind into send_kind;
  if p_ok then
    update public.contact_submissions
       set notified_at = now(), notified_via = send_kind, notify_attempts = notify_attempts + 1,
           next_notify_at = null, notify_error = null
     where notify_send_id = p_send_id and notified_at is null;
  else
    update public.contact_submissions
       set notify_attempts = notify_attempts + 1,
           next_notify_at = now() + least(interval '6 hours',
             interval '1 minute' * power(2, notify_attempts)),
           notify_error = left(coalesce(p_error, 'unknown error'), 500)
     where notify_send_id = p_send_id and notified_at is null;
  end if;
end
$$;

revoke all on function private.single_mail_budget() from public;
revoke all on function private.claim_submission_mail(text, text, text, text, integer, integer)
  from public;
revoke all on function private.claim_due_mail(integer, integer, integer) from public;
revoke all on function private.finish_mail(bigint, boolean, text) from public;
revoke all on table private.mail_sends, private.contact_settings from public;
