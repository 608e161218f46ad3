-- Backups a company can trust (docs/backups.md, decision 050): erasures that survive a restore,
-- and where the scheduled backups record how they went. Nothing here is granted to visitors.
-- Safe to apply twice.

-- Erasures that survive a restore. A backup taken before a person asked to be erased still
-- holds their rows; restoring it must erase them again, so each erasure leaves a one-way
-- digest of what it erased (the e-mail address, or the lead's id for a single lead), never the
-- address itself. The digest is SHA-256 of a key of this installation and the value: plain
-- SHA-256 of a lower-cased address is the key advertisers and data brokers match lists of
-- addresses with, and anyone holding such a list could read who asked to be erased. The key
-- travels with every backup (a restore needs it), so whoever holds a backup can still test an
-- address they already know, one guess at a time: see docs/backups.md.
create table if not exists private.erasure_key (
  singleton boolean primary key default true check (singleton),
  key text not null
);
insert into private.erasure_key (key)
values (
  encode(sha256(convert_to(
    gen_random_uuid()::text || gen_random_uuid()::text || clock_timestamp()::text, 'UTF8'
  )), 'hex')
)
on conflict do nothing;

create table if not exists private.erasures (
  -- 'email': every lead and quarantined message from an address, up to erased_at (a person
  -- who writes again later is a new lead); 'lead': one lead, erased from the desk by its id.
  kind text not null check (kind in ('email', 'lead')),
  -- The installation key the digest was made with: erasures merged from another database
  -- (the one a restore replaces) keep theirs.
  key text not null,
  digest text not null check (digest ~ '^[0-9a-f]{64}$'),
  erased_at timestamptz not null default now(),
  primary key (kind, key, digest)
);

create or replace function private.erasure_digest(p_key text, p_value text)
  returns text language sql immutable parallel safe set search_path = ''
as $$
  select encode(sha256(convert_to(p_key || ':' || lower(btrim(p_value)), 'UTF8')), 'hex');
$$;

-- Remembers values erased now (a repeated erasure moves its instant forward).
create or replace function private.remember_erasures(p_kind text, p_values text[])
  returns void language sql set search_path = ''
as $$
  insert into private.erasures as e (kind, key, digest, erased_at)
  select distinct p_kind, k.key, private.erasure_digest(k.key, v), now()
    from private.erasure_key k, unnest(p_values) v
   where v is not null and btrim(v) <> ''
  on conflict (kind, key, digest) do update set erased_at = greatest(e.erased_at, excluded.erased_at);
$$;

-- Re-applied erasures are audited like the others, as done by a restore.
alter table private.lead_audit
  drop constraint if exists lead_audit_via_check,
  add constraint lead_audit_via_check
    check (via in ('painel', 'comando', 'retencao', 'sql', 'restauracao'));

-- As before (20261122000300_lead_desk.sql), and each erased lead's id is remembered.
create or replace function private.erase_leads(p_ids uuid[], p_via text default 'sql')
  returns integer language sql set search_path = ''
as $$
  select private.remember_erasures(
    'lead', array(select id::text from public.contact_submissions where id = any(p_ids))
  );
  with erased as (
    delete from public.contact_submissions where id = any(p_ids) returning 1
  )
  select private.audit_removal('erase', (select count(*)::integer from erased), p_via);
$$;

-- As before (20261124000301_quarantine.sql), and the address is remembered even when nothing
-- holds it now: an older backup may.
create or replace function private.erase_leads_by_email(p_email text, p_via text default 'sql')
  returns integer language sql set search_path = ''
as $$
  select private.remember_erasures('email', array[p_email]);
  with leads as (
    delete from public.contact_submissions where lower(email) = lower(btrim(p_email)) returning 1
  ), quarantined as (
    delete from private.quarantined_submissions
     where lower(email) = lower(btrim(p_email)) returning 1
  )
  select private.audit_removal('erase',
    (select count(*)::integer from leads) + (select count(*)::integer from quarantined), p_via);
$$;

-- Erases again, after a restore, everything an erasure had erased: leads by id, and leads and
-- quarantined messages from an erased address that came before its erasure (their meetings,
-- booking e-mails and webhook events go with their lead). Each row's digest is computed once
-- per installation key, and only for the kinds of erasure there are. Returns how many.
create or replace function private.reapply_erasures(p_via text default 'restauracao')
  returns integer language plpgsql set search_path = ''
as $$
declare
  v_erased integer := 0;
  v_count integer;
begin
  if exists (select 1 from private.erasures where kind = 'email') then
    with keys as (
      select key, max(erased_at) as latest from private.erasures where kind = 'email' group by key
    ), digests as materialized (
      select s.id, s.created_at, k.key, private.erasure_digest(k.key, s.email) as digest
        from public.contact_submissions s join keys k on s.created_at <= k.latest
    ), erased as (
      delete from public.contact_submissions s
       using digests d, private.erasures e
       where s.id = d.id and e.kind = 'email' and e.key = d.key and e.digest = d.digest
         and d.created_at <= e.erased_at
      returning 1
    )
    select count(*)::integer into v_count from erased;
    v_erased := v_erased + v_count;

    with keys as (
      select key, max(erased_at) as latest from private.erasures where kind = 'email' group by key
    ), digests as materialized (
      select q.id, q.quarantined_at, k.key, private.erasure_digest(k.key, q.email) as digest
        from private.quarantined_submissions q join keys k on q.quarantined_at <= k.latest
    ), erased as (
      delete from private.quarantined_submissions q
       using digests d, private.erasures e
       where q.id = d.id and e.kind = 'email' and e.key = d.key and e.digest = d.digest
         and d.quarantined_at <= e.erased_at
      returning 1
    )
    select count(*)::integer into v_count from erased;
    v_erased := v_erased + v_count;
  end if;

  if exists (select 1 from private.erasures where kind = 'lead') then
    with keys as (
      select distinct key from private.erasures where kind = 'lead'
    ), digests as materialized (
      select s.id, k.key, private.erasure_digest(k.key, s.id::text) as digest
        from public.contact_submissions s cross join keys k
    ), erased as (
      delete from public.contact_submissions s
       using digests d, private.erasures e
       where s.id = d.id and e.kind = 'lead' and e.key = d.key and e.digest = d.digest
      returning 1
    )
    select count(*)::integer into v_count from erased;
    v_erased := v_erased + v_count;
  end if;

  return private.audit_removal('erase', v_erased, p_via);
end
$$;

-- Every backup the Node server made on its schedule or for `npm run backup` through it: what
-- the lead desk and the alerts read (private.backup_status). A backup describes the business,
-- this table the machine it ran on: it is left out of backups.
create table if not exists private.backup_runs (
  id bigint generated always as identity primary key,
  started_at timestamptz not null default now(),
  finished_at timestamptz,
  -- Null while it runs; a run whose server died is finished as failed by the next check.
  ok boolean,
  -- The daily schedule ('agenda') or a command asking the running server ('comando').
  via text not null check (via in ('agenda', 'comando')),
  -- Which server ran it (host name and process), for a failure on one of several servers.
  runner text not null,
  -- A run in progress; past this, another server may take the day's backup over.
  claimed_until timestamptz,
  file text,
  bytes bigint check (bytes >= 0),
  leads integer check (leads >= 0),
  -- The copy off the machine (BACKUP_AFTER_COMMAND): null when none is set.
  copied boolean,
  error text check (char_length(error) <= 2000)
);
create index if not exists backup_runs_started_idx on private.backup_runs (started_at desc);

-- When this database first met a server with a backup schedule: a new installation waits for
-- its first backup hour instead of backing up at its very first start.
create table if not exists private.backup_schedule (
  singleton boolean primary key default true check (singleton),
  first_checked_at timestamptz not null default now()
);

-- The last backup that worked and the last that did not, in one row: what the lead desk and
-- the alerts read. A backup written but not copied off the machine (BACKUP_AFTER_COMMAND
-- failed) counts as a failure here: the copy is what survives the disk.
create or replace view private.backup_status as
  with finished as (
    select finished_at, file, bytes, error, ok and coalesce(copied, true) as worked
      from private.backup_runs
     where ok is not null
  )
  select
    (select max(finished_at) from finished where worked) as last_success_at,
    (select file from finished where worked order by finished_at desc limit 1)
      as last_success_file,
    (select bytes from finished where worked order by finished_at desc limit 1)
      as last_success_bytes,
    (select max(finished_at) from finished where not worked) as last_failure_at,
    (select error from finished where not worked order by finished_at desc limit 1)
      as last_error,
    coalesce((select not worked from finished order by finished_at desc limit 1), false)
      as failing;

revoke all on table private.erasure_key, private.erasures, private.backup_runs,
  private.backup_schedule from public;
revoke all on table private.backup_status from public, anon, authenticated;
revoke all on function private.erasure_digest(text, text) from public;
revoke all on function private.remember_erasures(text, text[]) from public;
revoke all on function private.erase_leads(uuid[], text) from public;
revoke all on function private.erase_leads_by_email(text, text) from public;
revoke all on function private.reapply_erasures(text) from public;
