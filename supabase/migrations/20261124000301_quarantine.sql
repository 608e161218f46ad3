-- A submission the bot signals flag (the hidden field filled, or sent sooner than a person
-- could) is kept in a quarantine instead of being thrown away, because people trip them too:
-- autofill that fills the hidden field, a message pasted and sent within seconds. The caller's
-- answer does not change (201, the same thanks); nothing is mailed; the company reviews the
-- quarantine and restores a person's message as a lead or deletes the junk (decision 023).
-- This file replaces the guard function of 20261122000200_contact_guard.sql, which now reads
-- the address as 20261124000300_client_address.sql says. Safe to apply twice.

alter table private.contact_settings
  -- QUARANTINE_DAYS: how long a flagged submission waits for review before it is deleted.
  add column if not exists quarantine_days integer not null default 14,
  -- QUARANTINE_MAX_ENTRIES: what a flood of flagged posts can fill at most.
  add column if not exists quarantine_max_entries integer not null default 500;

alter table private.contact_settings
  drop constraint if exists contact_settings_quarantine_days_check,
  add constraint contact_settings_quarantine_days_check check (quarantine_days between 1 and 3650),
  drop constraint if exists contact_settings_quarantine_max_entries_check,
  add constraint contact_settings_quarantine_max_entries_check
    check (quarantine_max_entries >= 0);

-- What the form sent (the four fields, after the same rules a lead passes), why it was
-- flagged and when. No address and no timing: nothing a lead would not keep.
create table if not exists private.quarantined_submissions (
  id uuid primary key default gen_random_uuid(),
  quarantined_at timestamptz not null default now(),
  reason text not null check (reason in ('trap_filled', 'too_fast')),
  name text not null,
  email text not null,
  company text,
  message text not null
);
create index if not exists quarantined_submissions_newest_idx
  on private.quarantined_submissions (quarantined_at desc, id desc);
create index if not exists quarantined_submissions_email_lower_idx
  on private.quarantined_submissions (lower(email));
revoke all on table private.quarantined_submissions from public;

-- A flagged submission that is not kept either: its fields break the rules (it could never
-- become a lead), or the quarantine is full. Null for those dropped before the quarantine.
alter table private.dropped_submissions
  add column if not exists dropped_because text;
alter table private.dropped_submissions
  drop constraint if exists dropped_submissions_dropped_because_check,
  add constraint dropped_submissions_dropped_because_check
    check (dropped_because in ('invalid_fields', 'quarantine_full'));

-- A quarantined submission made a lead again is recorded like the other actions on leads.
alter table private.lead_audit
  drop constraint if exists lead_audit_action_check,
  add constraint lead_audit_action_check
    check (action in ('erase', 'purge', 'export', 'resend', 'restore'));

-- The field rules, in the visitor's words (the same as src/content/contact-errors.ts): the
-- guard raises them for a lead, the quarantine keeps only what passes them. 23514 when not.
create or replace function private.check_contact_fields(
  p_name text,
  p_email text,
  p_company text,
  p_message text
)
  returns void language plpgsql set search_path = ''
as $$
declare
  -- Line breaks and controls: what could end or split a mail header.
  single_line constant text := '[\u0000-\u001f\u007f-\u009f\u2028\u2029]';
begin
  -- Nothing the visitor typed can end a mail header (their name and address go into one);
  -- a message may have lines and tabs.
  perform private.check_text_field(p_name, 200, single_line, 'Informe o seu nome.',
    'O nome pode ter até 200 caracteres.',
    'O nome não pode ter quebras de linha nem caracteres de controle.');
  if not coalesce(private.is_email_address(p_email), false) then
    raise exception 'Informe um e-mail válido, como nome@empresa.com.br.' using errcode = '23514';
  end if;
  perform private.check_text_field(p_company, 200, single_line, null,
    'O nome da empresa pode ter até 200 caracteres.',
    'O nome da empresa não pode ter quebras de linha nem caracteres de controle.');
  perform private.check_text_field(p_message, 5000, '[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]',
    'Escreva a sua mensagem.', 'A mensagem pode ter até 5000 caracteres.',
    'A mensagem não pode ter caracteres de controle.');
end
$$;
revoke all on function private.check_contact_fields(text, text, text, text) from public;

-- Counts one submission against its address's flood limit ('' and the shared cap when the
-- address is not known) and refuses it with 429 past the limit. The row lock on the minute's
-- counter makes concurrent submissions from one address wait for each other, and a refusal
-- undoes the count with the rest of the statement.
create or replace function private.count_submission(p_client_key text)
  returns void language plpgsql set search_path = ''
as $$
declare
  settings private.contact_settings;
  counter_key text := coalesce(p_client_key, '');
  allowed integer;
  recent integer;
  bucket record;
  wait_seconds integer;
begin
  select * into settings from private.contact_settings;
  allowed := case when p_client_key is null
    then settings.unknown_address_limit else settings.per_address_limit end;
  insert into private.submission_counts as counts (client_key, minute, submissions)
  values (counter_key, date_trunc('minute', now()), 1)
  on conflict (client_key, minute) do update set submissions = counts.submissions + 1;
  select coalesce(sum(counts.submissions), 0) into recent
    from private.submission_counts counts
   where counts.client_key = counter_key
     and counts.minute > now() - make_interval(mins => settings.window_minutes);
  if recent <= allowed then
    return;
  end if;
  -- Retry-After: when enough of the oldest minutes have left the window for one more.
  for bucket in
    select counts.minute, counts.submissions from private.submission_counts counts
     where counts.client_key = counter_key
       and counts.minute > now() - make_interval(mins => settings.window_minutes)
     order by counts.minute
  loop
    recent := recent - bucket.submissions;
    if recent <= allowed then
      wait_seconds := greatest(1, ceil(extract(epoch from
        bucket.minute + make_interval(mins => settings.window_minutes) - now())))::integer;
      exit;
    end if;
  end loop;
  perform private.refuse(429, 'PT429',
    case when p_client_key is null
      then 'Recebemos muitas mensagens agora. Tente novamente em alguns minutos.'
      else 'Muitas mensagens enviadas deste endereço. Tente novamente em alguns minutos.' end,
    format('Tente de novo em %s minuto(s).', ceil(coalesce(wait_seconds, 60) / 60.0)),
    jsonb_build_object('Retry-After', coalesce(wait_seconds, 60)::text));
end
$$;
revoke all on function private.count_submission(text) from public;

-- Keeps a flagged submission for review. It counts against the same flood limits as any
-- other (a flood of flagged posts is refused like any flood, so the answer never tells a bot
-- which of its posts were flagged), a double click is kept once, and past
-- quarantine_max_entries or with fields a lead could not have it is only counted as dropped.
create or replace function private.quarantine_submission(
  p_reason text,
  p_name text,
  p_email text,
  p_company text,
  p_message text,
  p_client_key text
)
  returns void language plpgsql set search_path = ''
as $$
declare
  capacity integer;
begin
  perform pg_advisory_xact_lock(hashtext(coalesce(p_email, '')));
  if exists (
    select 1 from private.quarantined_submissions q
     where q.quarantined_at > now() - interval '10 seconds'
       and q.name = p_name and q.email = p_email and q.message = p_message
       and q.company is not distinct from p_company
  ) then
    return;
  end if;
  perform private.count_submission(p_client_key);
  begin
    perform private.check_contact_fields(p_name, p_email, p_company, p_message);
  exception when check_violation then
    insert into private.dropped_submissions (reason, dropped_because)
    values (p_reason, 'invalid_fields');
    return;
  end;
  -- One decision about the cap at a time, so concurrent posts cannot overfill it.
  perform pg_advisory_xact_lock(7242011);
  select quarantine_max_entries into capacity from private.contact_settings;
  if (select count(*) from private.quarantined_submissions) >= capacity then
    insert into private.dropped_submissions (reason, dropped_because)
    values (p_reason, 'quarantine_full');
    return;
  end if;
  insert into private.quarantined_submissions (reason, name, email, company, message)
  values (p_reason, p_name, p_email, p_company, p_message);
end
$$;
revoke all on function private.quarantine_submission(text, text, text, text, text, text)
  from public;

-- Whether this insert is private.restore_quarantined's, for the entry it names: that message
-- was counted against the flood limits when it arrived. Every other insert returns at once.
create or replace function private.is_restoring(p_name text, p_email text, p_message text)
  returns boolean language plpgsql stable set search_path = ''
as $$
declare
  restoring text := nullif(current_setting('contact.restoring_quarantined', true), '');
begin
  if restoring is null then
    return false;
  end if;
  return exists (
    select 1 from private.quarantined_submissions q
     where q.id::text = restoring
       and q.name = p_name and q.email = p_email and q.message = p_message
  );
end
$$;
revoke all on function private.is_restoring(text, text, text) from public;

-- Before each insert, as its owner so it sees earlier rows: quarantines what the bot signals
-- flag, checks the fields in the visitor's words, merges a double click and counts the flood
-- limits.
create or replace function private.guard_contact_submission()
  returns trigger language plpgsql security definer set search_path = ''
as $$
declare
  headers jsonb := coalesce(nullif(current_setting('request.headers', true), '')::jsonb, '{}');
  settings private.contact_settings;
  flagged text;
begin
  select * into settings from private.contact_settings;

  -- The bot signals: a field people never see, and how long the page had been open.
  flagged := case
    when private.has_visible_text(new.form_trap) then 'trap_filled'
    when new.form_elapsed_ms < settings.min_fill_ms then 'too_fast'
  end;
  new.form_trap := null;
  new.form_elapsed_ms := null;
  if not coalesce(private.has_visible_text(new.company), false) then
    new.company := null;
  end if;
  new.client_ip := private.client_address(
    headers, settings.client_address_header, settings.client_address_hops);
  new.client_key := private.client_key(new.client_ip);

  -- Answered like a success, kept for review, mailed to no one.
  if flagged is not null then
    perform private.quarantine_submission(
      flagged, new.name, new.email, new.company, new.message, new.client_key);
    return null;
  end if;

  perform private.check_contact_fields(new.name, new.email, new.company, new.message);

  -- Identical submissions are serialised so a double click cannot slip two rows past the check.
  perform pg_advisory_xact_lock(hashtext(new.email));
  -- A double click or a retried request is the same lead: keep the first row, drop this one.
  if exists (
    select 1 from public.contact_submissions s
     where s.created_at > now() - interval '10 seconds'
       and s.name = new.name and s.email = new.email and s.message = new.message
       and s.company is not distinct from new.company
  ) then
    return null;
  end if;

  if not private.is_restoring(new.name, new.email, new.message) then
    perform private.count_submission(new.client_key);
  end if;
  return new;
end
$$;
revoke all on function private.guard_contact_submission() from public;

-- Makes a quarantined submission a lead, dated when the visitor sent it: the field rules
-- apply (the guard runs), the bot signals and the flood count do not. The lead is unsent, so
-- the mail sweep sends it (the lead desk claims it at once). Returns the lead's id, or null
-- when there is no such entry (restored or deleted meanwhile).
create or replace function private.restore_quarantined(p_id uuid, p_via text default 'sql')
  returns uuid language plpgsql set search_path = ''
as $$
declare
  entry private.quarantined_submissions;
  lead_id uuid;
begin
  select * into entry from private.quarantined_submissions where id = p_id for update;
  if not found then
    return null;
  end if;
  perform set_config('contact.restoring_quarantined', p_id::text, true);
  insert into public.contact_submissions (created_at, name, email, company, message)
  values (entry.quarantined_at, entry.name, entry.email, entry.company, entry.message)
  returning id into lead_id;
  perform set_config('contact.restoring_quarantined', '', true);
  if lead_id is null then
    -- The guard merged it into the same lead sent seconds ago: that one is the lead.
    select s.id into lead_id from public.contact_submissions s
     where s.name = entry.name and s.email = entry.email and s.message = entry.message
       and s.company is not distinct from entry.company
     order by s.created_at desc limit 1;
  end if;
  delete from private.quarantined_submissions where id = p_id;
  insert into private.lead_audit (action, leads, via) values ('restore', 1, p_via);
  return lead_id;
end
$$;
revoke all on function private.restore_quarantined(uuid, text) from public;

-- Deletes quarantined submissions older than contact_settings.quarantine_days; returns how
-- many. The Node server runs it daily, pg_cron on hosted Supabase.
create or replace function private.purge_quarantine()
  returns integer language sql set search_path = ''
as $$
  with purged as (
    delete from private.quarantined_submissions q
     using private.contact_settings c
     where q.quarantined_at < now() - make_interval(days => c.quarantine_days)
    returning 1
  )
  select count(*)::integer from purged;
$$;
revoke all on function private.purge_quarantine() from public;

-- Erasure (LGPD art. 18) reaches every message sent from the address: its leads and what waits
-- in quarantine. One audit line counts both; returns how many.
create or replace function private.erase_leads_by_email(p_email text, p_via text default 'sql')
  returns integer language sql set search_path = ''
as $$
  with leads as (
    delete from public.contact_submissions where lower(email) = lower(btrim(p_email)) returning 1
  ), quarantined as (
    delete from private.quarantined_submissions
     where lower(email) = lower(btrim(p_email)) returning 1
  )
  select private.audit_removal('erase',
    (select count(*)::integer from leads) + (select count(*)::integer from quarantined), p_via);
$$;
revoke all on function private.erase_leads_by_email(text, text) from public;

-- Where pg_cron exists (hosted Supabase), the daily purge runs in the database at 03:27 UTC.
select private.schedule_if_cron(
  'purge-quarantine', '27 3 * * *', 'select private.purge_quarantine()'
);
