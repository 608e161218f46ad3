-- The pipeline watches itself (decision 052): mail failing for minutes, a message refused for
-- good, the company's calendar unreadable for an hour, a webhook receiver set apart, the
-- quarantine nearly full, a scheduled backup that failed. Each problem becomes an incident once
-- it has lasted its grace; the company is told once per incident through a channel that still
-- works (a webhook when mail is down, e-mail when a webhook is down, both otherwise) and every
-- desk page shows it until it is gone. /healthz reads the queues' ages from here. The Node
-- server's watch and pg_cron run the same private.watch_pipeline(). Safe to apply twice.

-- How the last e-mails went, whichever sender sent them (lead notifications, booking e-mails,
-- the desk's replies, the company's alerts): failing_since is the first failure since the last
-- success. A refusal of one message's content, or of a visitor's address, says nothing about
-- the mail server and is not noted (the delivery code decides, mail-health.ts).
create table if not exists private.mail_health (
  id boolean primary key default true check (id),
  last_success_at timestamptz,
  last_failure_at timestamptz,
  failing_since timestamptz,
  last_error text check (char_length(last_error) <= 500)
);
insert into private.mail_health default values on conflict (id) do nothing;
revoke all on table private.mail_health from public;

create or replace function private.note_mail_outcome(p_ok boolean, p_error text)
  returns void language sql set search_path = ''
as $$
  update private.mail_health
     set last_success_at = case when p_ok then now() else last_success_at end,
         last_failure_at = case when p_ok then last_failure_at else now() end,
         failing_since = case when p_ok then null else coalesce(failing_since, now()) end,
         last_error = case when p_ok then null else left(coalesce(p_error, 'unknown error'), 500) end;
$$;
revoke all on function private.note_mail_outcome(boolean, text) from public;

-- One row per incident: what (kind, and which one: a receiver's id), since when the problem is
-- known, when the company was told (opened_at: it lasted its grace) and when it ended. detail
-- holds counts and our own words, never a visitor's data.
create table if not exists private.pipeline_incidents (
  id bigint generated always as identity primary key,
  kind text not null check (kind in ('mail_failing', 'mail_refused', 'busy_calendar',
    'webhook_set_apart', 'quarantine_full', 'backup_failed')),
  subject text not null default '' check (char_length(subject) <= 100),
  detail jsonb not null default '{}',
  since timestamptz not null,
  first_seen_at timestamptz not null default now(),
  last_seen_at timestamptz not null default now(),
  opened_at timestamptz,
  resolved_at timestamptz
);
create unique index if not exists pipeline_incidents_current_idx
  on private.pipeline_incidents (kind, subject) where resolved_at is null;
create index if not exists pipeline_incidents_opened_idx
  on private.pipeline_incidents (opened_at);
revoke all on table private.pipeline_incidents from public;

do $$
begin
  if not exists (
    select 1 from pg_constraint where conname = 'company_alerts_incident_fkey'
  ) then
    alter table private.company_alerts
      add constraint company_alerts_incident_fkey foreign key (incident_id)
        references private.pipeline_incidents (id) on delete cascade;
  end if;
end
$$;

-- How long a problem must last before it is an incident: mail a few minutes (a blip retried
-- within them is no news), the calendar an hour (it is read every ten minutes and a feed has
-- off moments); the others at once.
create or replace function private.incident_grace(p_kind text)
  returns interval language sql immutable set search_path = ''
as $$
  select case p_kind
    when 'mail_failing' then interval '5 minutes'
    when 'busy_calendar' then interval '1 hour'
    else interval '0'
  end
$$;
revoke all on function private.incident_grace(text) from public;

-- Every problem there is now: kind, subject, since when, and its detail.
create or replace function private.pipeline_problems()
  returns table (kind text, subject text, since timestamptz, detail jsonb)
  language plpgsql stable set search_path = ''
as $$
declare
  max_entries integer := (select c.quarantine_max_entries from private.contact_settings c);
  quarantined integer := (select count(*)::integer from private.quarantined_submissions);
  already_full boolean := exists (select 1 from private.pipeline_incidents i
                                   where i.kind = 'quarantine_full' and i.resolved_at is null);
begin
  return query
    select 'mail_failing'::text, ''::text, h.failing_since,
           jsonb_build_object('error', h.last_error, 'waiting',
             (select count(*) from public.contact_submissions s
               where s.notified_at is null and s.notify_refused_at is null))
      from private.mail_health h where h.failing_since is not null;

  return query
    with refused as (
      select s.notify_refused_at as at from public.contact_submissions s
       where s.notified_at is null and s.notify_refused_at is not null
      union all
      select m.refused_at from private.booking_messages m
       where m.sent_at is null and m.refused_at is not null
      union all
      select r.refused_at from private.lead_replies r
       where r.sent_at is null and r.refused_at is not null
      union all
      select a.refused_at from private.company_alerts a
       where a.sent_at is null and a.refused_at is not null
    )
    select 'mail_refused'::text, ''::text, min(refused.at),
           jsonb_build_object('count', count(*))
      from refused having count(*) > 0;

  -- The latest read failed, within the last day (a feed turned off stops being read).
  return query
    select 'busy_calendar'::text, ''::text, coalesce(f.last_success_at, f.last_error_at),
           jsonb_build_object('error', f.last_error, 'last_success_at', f.last_success_at)
      from private.busy_feed_status f
     where f.last_error_at is not null
       and f.last_error_at > coalesce(f.last_success_at, '-infinity')
       and f.last_error_at > now() - interval '1 day';

  return query
    select 'webhook_set_apart'::text, r.id::text,
           coalesce(least(r.disabled_at, min(d.failed_at)), r.disabled_at, min(d.failed_at)),
           jsonb_build_object('receiver', r.id, 'format', r.format, 'gone', r.disabled_at is not null,
             'count', count(d.id), 'error', r.last_error)
      from private.webhook_receivers r
      left join private.webhook_deliveries d
        on d.receiver_id = r.id and d.delivered_at is null and d.failed_at is not null
     where r.active
     group by r.id
    having r.disabled_at is not null or count(d.id) > 0;

  -- Told at nine tenths, over when it is back under eight tenths: no flapping at the line.
  if max_entries > 0 and (quarantined * 10 >= max_entries * 9
                          or (already_full and quarantined * 10 >= max_entries * 8)) then
    return query select 'quarantine_full'::text, ''::text, now(),
      jsonb_build_object('count', quarantined, 'max', max_entries);
  end if;

  -- Scheduled backups (built apart) say how the last one went through
  -- private.backup_problem() returns table (since timestamptz, detail jsonb): a row when the
  -- last scheduled backup failed, none when it succeeded. Until it exists, nothing is asked.
  if to_regprocedure('private.backup_problem()') is not null then
    return query execute
      'select ''backup_failed''::text, ''''::text, b.since, b.detail from private.backup_problem() b';
  end if;
end
$$;
revoke all on function private.pipeline_problems() from public;

-- An incident as its pipeline.incident webhook carries it.
create or replace function private.webhook_incident(i private.pipeline_incidents)
  returns jsonb language sql stable set search_path = ''
as $$
  select jsonb_build_object(
    'id', i.id,
    'kind', i.kind,
    'since', private.webhook_utc(i.since),
    'since_local', private.webhook_local(i.since, b.time_zone),
    'opened_at', private.webhook_utc(i.opened_at),
    'time_zone', b.time_zone,
    'detail', i.detail,
    'desk_url', regexp_replace(w.lead_link_base, 'contatos/$', ''))
    from private.booking_settings b, private.webhook_settings w
$$;
revoke all on function private.webhook_incident(private.pipeline_incidents) from public;

-- Compares what is wrong now with the incidents known: new problems start one (unconfirmed),
-- known ones are refreshed, gone ones end (an unconfirmed one that passed within its grace is
-- forgotten). An incident past its grace is opened and told, once, through what still works.
-- Mail failing also asks the oldest failed e-mails to go again each minute, so its end is
-- seen soon; when it ends, everything that waited for a retry is sent at once. One watch at a
-- time, whatever number of servers run it.
create or replace function private.check_pipeline()
  returns integer language plpgsql security definer set search_path = ''
as $$
declare
  problems jsonb;
  problem record;
  incident private.pipeline_incidents;
  mail_was_failing boolean;
  opened integer := 0;
begin
  perform pg_advisory_xact_lock(20261128120100);
  problems := (select coalesce(jsonb_agg(to_jsonb(p)), '[]') from private.pipeline_problems() p);
  mail_was_failing := exists (select 1 from private.pipeline_incidents i
                               where i.kind = 'mail_failing' and i.resolved_at is null);

  for problem in
    select * from jsonb_to_recordset(problems) as p(kind text, subject text, since timestamptz,
      detail jsonb)
  loop
    update private.pipeline_incidents i
       set last_seen_at = now(), detail = problem.detail, since = least(i.since, problem.since)
     where i.kind = problem.kind and i.subject = problem.subject and i.resolved_at is null;
    if not found then
      insert into private.pipeline_incidents (kind, subject, detail, since)
      values (problem.kind, problem.subject, problem.detail, coalesce(problem.since, now()));
    end if;
  end loop;

  delete from private.pipeline_incidents i
   where i.resolved_at is null and i.opened_at is null
     and not exists (select 1 from jsonb_to_recordset(problems) as p(kind text, subject text)
                      where p.kind = i.kind and p.subject = i.subject);
  update private.pipeline_incidents i set resolved_at = now()
   where i.resolved_at is null
     and not exists (select 1 from jsonb_to_recordset(problems) as p(kind text, subject text)
                      where p.kind = i.kind and p.subject = i.subject);

  for incident in
    update private.pipeline_incidents i set opened_at = now()
     where i.resolved_at is null and i.opened_at is null
       and i.since <= now() - private.incident_grace(i.kind)
    returning i.*
  loop
    -- Mail down: the e-mail would not arrive. A receiver down: its own webhook would not.
    if incident.kind <> 'mail_failing' then
      insert into private.company_alerts (kind, incident_id) values ('incident', incident.id);
    end if;
    if incident.kind <> 'webhook_set_apart' then
      perform private.queue_webhook_event('pipeline.incident', null,
        jsonb_build_object('incident', private.webhook_incident(incident)));
    end if;
    opened := opened + 1;
  end loop;

  if exists (select 1 from private.mail_health h
              where h.failing_since is not null and h.last_failure_at < now() - interval '1 minute')
  then
    -- Mail has been failing and nothing tried it for a minute: one e-mail of each queue goes
    -- again now, and the first success ends the incident.
    update public.contact_submissions s set next_notify_at = now()
     where s.id = (select x.id from public.contact_submissions x
                    where x.notified_at is null and x.notify_refused_at is null
                      and x.notify_error is not null and x.next_notify_at > now()
                    order by x.next_notify_at limit 1);
    update private.booking_messages m set due_at = now()
     where m.id = (select x.id from private.booking_messages x
                    where x.sent_at is null and x.refused_at is null and x.failed_at is not null
                      and x.due_at > now() order by x.due_at limit 1);
    update private.company_alerts a set due_at = now()
     where a.id = (select x.id from private.company_alerts x
                    where x.sent_at is null and x.refused_at is null and x.failed_at is not null
                      and x.due_at > now() order by x.due_at limit 1);
  elsif mail_was_failing and not exists (select 1 from private.pipeline_incidents i
                                          where i.kind = 'mail_failing' and i.resolved_at is null)
  then
    -- Mail is back: what waited for a retry goes now, not after its back-off.
    update public.contact_submissions s set next_notify_at = now()
     where s.notified_at is null and s.notify_refused_at is null and s.notify_error is not null
       and s.next_notify_at > now();
    update private.booking_messages m set due_at = now()
     where m.sent_at is null and m.refused_at is null and m.failed_at is not null
       and m.due_at > now();
    update private.lead_replies r set due_at = now()
     where r.sent_at is null and r.refused_at is null and r.failed_at is not null
       and r.due_at > now();
    update private.company_alerts a set due_at = now()
     where a.sent_at is null and a.refused_at is null and a.failed_at is not null
       and a.due_at > now();
  end if;
  return opened;
end
$$;
revoke all on function private.check_pipeline() from public;

-- Incidents are kept for the weekly summary, a quarter at most.
create or replace function private.forget_old_incidents()
  returns void language sql set search_path = ''
as $$
  delete from private.pipeline_incidents
   where resolved_at < now() - interval '90 days';
$$;
revoke all on function private.forget_old_incidents() from public;

-- What /healthz says (and an operator can read): each queue's size and its oldest item's age,
-- and the open incidents' kinds. Counts and ages only: no personal data.
create or replace function private.pipeline_health()
  returns jsonb language sql stable security definer set search_path = ''
as $$
  with ages as (
    select 'lead_mail' as queue, count(*) as waiting, min(s.created_at) as oldest
      from public.contact_submissions s
     where s.notified_at is null and s.notify_refused_at is null
    union all
    select 'booking_mail', count(*), min(m.due_at) from private.booking_messages m
     where m.sent_at is null and m.refused_at is null and m.due_at <= now()
    union all
    select 'replies', count(*), min(r.created_at) from private.lead_replies r
     where r.sent_at is null and r.refused_at is null
    union all
    select 'alerts', count(*), min(a.created_at) from private.company_alerts a
     where a.sent_at is null and a.refused_at is null
    union all
    select 'webhooks', count(*), min(d.created_at) from private.webhook_deliveries d
      join private.webhook_receivers r on r.id = d.receiver_id
     where d.delivered_at is null and d.failed_at is null and r.active and r.disabled_at is null
  )
  select jsonb_build_object(
    'queues', (select jsonb_object_agg(a.queue, jsonb_build_object(
                 'waiting', a.waiting,
                 'oldest_seconds', case when a.oldest is null then null
                   else greatest(0, floor(extract(epoch from now() - a.oldest)))::bigint end))
                 from ages a),
    'incidents', (select coalesce(jsonb_agg(distinct i.kind), '[]')
                    from private.pipeline_incidents i
                   where i.resolved_at is null and i.opened_at is not null));
$$;
revoke all on function private.pipeline_health() from public;

-- The watch: overdue leads (20261128120000_reply_promise.sql), then the incidents.
create or replace function private.watch_pipeline()
  returns jsonb language plpgsql security definer set search_path = ''
as $$
declare
  overdue integer := private.sweep_overdue_leads();
begin
  return jsonb_build_object('overdue', overdue, 'incidents', private.check_pipeline());
end
$$;
revoke all on function private.watch_pipeline() from public;
