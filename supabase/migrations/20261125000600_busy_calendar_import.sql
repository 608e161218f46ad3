-- The company's own calendar blocks times (issue 19): the importer (the Node server on a timer,
-- the refresh-busy-calendar Edge Function when pg_cron asks) reads the calendar's iCalendar
-- feed and hands its busy times to private.replace_busy_times, or its failure to
-- private.record_busy_feed_error. Why so: decision 031. Safe to apply twice.

-- Replaces every busy time with the import's, in this one transaction, and records the
-- success. p_times: a JSON array of {starts_at, ends_at, source_uid}. Only what touches the
-- office hours (with the buffer around them) of an office weekday is kept: nothing else can
-- take a slot, and the rest of the company's day is none of the agenda's business. Answers how
-- many busy times are now in force.
create or replace function private.replace_busy_times(p_times jsonb)
  returns integer language plpgsql set search_path = ''
as $$
declare
  stored integer;
begin
  if jsonb_typeof(p_times) is distinct from 'array' then
    raise exception 'replace_busy_times takes a JSON array' using errcode = '22023';
  end if;
  -- One import at a time, whichever server runs it: a second one waits here, then deletes
  -- what the first inserted (each statement sees what committed before it), so two at once
  -- leave one set, never two or none. Readers (the free times) do not wait: this mode
  -- conflicts only with writers.
  lock table private.busy_times in share row exclusive mode;
  delete from private.busy_times;
  insert into private.busy_times (starts_at, ends_at, source_uid)
  select t.starts_at, t.ends_at, left(t.source_uid, 300)
    from jsonb_to_recordset(p_times) as t (starts_at timestamptz, ends_at timestamptz, source_uid text),
         private.booking_settings s
   where t.starts_at < t.ends_at
     and exists (
       select 1
         from generate_series(0,
                (t.ends_at at time zone s.time_zone)::date
                  - (t.starts_at at time zone s.time_zone)::date) as g (n),
         lateral (select (t.starts_at at time zone s.time_zone)::date + g.n as day) d
        where extract(isodow from d.day)::integer = any (s.weekdays)
          and tstzrange(t.starts_at, t.ends_at) && tstzrange(
                ((d.day + s.opens) at time zone s.time_zone)
                  - make_interval(mins => s.buffer_minutes),
                ((d.day + s.closes) at time zone s.time_zone)
                  + make_interval(mins => s.buffer_minutes))
     );
  get diagnostics stored = row_count;
  update private.busy_feed_status
     set last_success_at = now(), last_error_at = null, last_error = null, events = stored;
  return stored;
end
$$;
revoke all on function private.replace_busy_times(jsonb) from public;

-- A read that failed: the busy times stay as they are (the last known ones are closer to the
-- truth than none), and the status says why, and how many are still in force.
create or replace function private.record_busy_feed_error(p_error text)
  returns void language sql set search_path = ''
as $$
  update private.busy_feed_status
     set last_error_at = now(),
         last_error = left(coalesce(p_error, 'Erro desconhecido.'), 500),
         events = (select count(*)::integer from private.busy_times);
$$;
revoke all on function private.record_busy_feed_error(text) from public;

-- Asks an Edge Function of this project to run, through pg_net, with the secrets in Supabase
-- Vault: `project_url`, `publishable_key`, and `mail_sweep_secret`, which it sends in
-- X-Mail-Sweep-Secret (only the scheduler knows it). p_path is the function's name and
-- sub-path. Generalises what private.request_mail_sweep did for the mail sweep alone, so each
-- scheduled job is one line. Does nothing, with a notice, where pg_net is not installed.
create or replace function private.request_edge_function(
  p_path text,
  p_timeout_ms integer default 5000
)
  returns void language plpgsql set search_path = ''
as $$
declare
  project_url text;
  publishable_key text;
  sweep_secret text;
begin
  if to_regprocedure('net.http_post(text, jsonb, jsonb, jsonb, integer)') is null then
    raise notice 'pg_net is not installed: % is not requested.', p_path;
    return;
  end if;
  if to_regclass('vault.decrypted_secrets') is not null then
    execute 'select decrypted_secret from vault.decrypted_secrets where name = $1'
      into project_url using 'project_url';
    execute 'select decrypted_secret from vault.decrypted_secrets where name = $1'
      into publishable_key using 'publishable_key';
    execute 'select decrypted_secret from vault.decrypted_secrets where name = $1'
      into sweep_secret using 'mail_sweep_secret';
  end if;
  if project_url is null or publishable_key is null or sweep_secret is null then
    raise warning 'Vault secrets project_url, publishable_key and mail_sweep_secret are not all set: see docs/deploy.md.';
    return;
  end if;
  execute 'select net.http_post(url := $1, body := $2, headers := $3, timeout_milliseconds := $4)'
    using
      rtrim(project_url, '/') || '/functions/v1/' || p_path,
      '{}'::jsonb,
      jsonb_build_object(
        'Content-Type', 'application/json',
        'apikey', publishable_key,
        'Authorization', 'Bearer ' || publishable_key,
        'X-Mail-Sweep-Secret', sweep_secret
      ),
      p_timeout_ms;
end
$$;
revoke all on function private.request_edge_function(text, integer) from public;

-- The mail sweep's job keeps its command; its body is now the general request.
create or replace function private.request_mail_sweep()
  returns void language plpgsql set search_path = ''
as $$
begin
  perform private.request_edge_function('send-contact-email/retry');
end
$$;
revoke all on function private.request_mail_sweep() from public;

-- The booking e-mails' sweep (…0400_booking_mail.sql) asked through a copy of the same
-- request; it is now this one too, so the Vault secrets are read in one place.
create or replace function private.request_function_sweep(p_path text)
  returns void language plpgsql set search_path = ''
as $$
begin
  perform private.request_edge_function(p_path);
end
$$;
revoke all on function private.request_function_sweep(text) from public;

-- Every ten minutes on hosted Supabase (the Node server's default too). The function reads
-- the feed within 20 s; pg_net waits 30 s for its answer. Where the function has no
-- BOOKING_BUSY_CALENDAR_URL it answers at once and changes nothing.
do $$
begin
  if private.schedule_if_cron(
    'refresh-busy-calendar', '*/10 * * * *',
    'select private.request_edge_function(''refresh-busy-calendar'', 30000)'
  ) and exists (select 1 from pg_available_extensions where name = 'pg_net') then
    create extension if not exists pg_net;
  end if;
end
$$;
