-- A quarantined submission keeps where its sender came from (decision 037): a person whose
-- message the bot signals set apart (autofill, a pasted message) and whom the company restores
-- is a lead like any other, and the overview and the lead's page must show the campaign that
-- brought them, not "direct". The columns are the lead's own, cleaned by the same trigger
-- before the guard reads them (attribution_clean runs first: triggers fire in name order), and
-- erased, purged and restored with the entry. Safe to apply twice.

alter table private.quarantined_submissions
  add column if not exists referrer_origin text,
  add column if not exists landing_path text,
  add column if not exists utm_source text,
  add column if not exists utm_medium text,
  add column if not exists utm_campaign text,
  add column if not exists utm_term text,
  add column if not exists utm_content text;
alter table private.quarantined_submissions
  drop constraint if exists quarantined_submissions_attribution_check,
  add constraint quarantined_submissions_attribution_check check (
    char_length(referrer_origin) <= 260
    and char_length(landing_path) <= 200
    and char_length(utm_source) <= 100
    and char_length(utm_medium) <= 100
    and char_length(utm_campaign) <= 200
    and char_length(utm_term) <= 200
    and char_length(utm_content) <= 200
  );

-- Keeps a flagged submission for review, now with its attribution. Otherwise as before
-- (20261124000301_quarantine.sql): the same flood limits as any other, a double click kept
-- once, and past quarantine_max_entries or with fields a lead could not have only counted.
-- The old six-argument version is dropped first: a call with six arguments would otherwise
-- match both.
drop function if exists private.quarantine_submission(text, text, text, text, text, text);
create or replace function private.quarantine_submission(
  p_reason text,
  p_name text,
  p_email text,
  p_company text,
  p_message text,
  p_client_key text,
  p_from public.contact_submissions
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
  insert into private.quarantined_submissions (reason, name, email, company, message,
    referrer_origin, landing_path, utm_source, utm_medium, utm_campaign, utm_term, utm_content)
  values (p_reason, p_name, p_email, p_company, p_message,
    p_from.referrer_origin, p_from.landing_path, p_from.utm_source, p_from.utm_medium,
    p_from.utm_campaign, p_from.utm_term, p_from.utm_content);
end
$$;
revoke all on function private.quarantine_submission(
  text, text, text, text, text, text, public.contact_submissions) from public;

-- The guard of 20261124000301_quarantine.sql, unchanged but for handing the quarantine the
-- whole row, so its attribution is kept with it.
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
      flagged, new.name, new.email, new.company, new.message, new.client_key, new);
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

-- Restore (20261124000301_quarantine.sql) gives the lead the entry's attribution too.
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
  insert into public.contact_submissions (created_at, name, email, company, message,
    referrer_origin, landing_path, utm_source, utm_medium, utm_campaign, utm_term, utm_content)
  values (entry.quarantined_at, entry.name, entry.email, entry.company, entry.message,
    entry.referrer_origin, entry.landing_path, entry.utm_source, entry.utm_medium,
    entry.utm_campaign, entry.utm_term, entry.utm_content)
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
