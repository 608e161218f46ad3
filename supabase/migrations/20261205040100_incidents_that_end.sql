-- Incidents that end (issue 30, decision 060, amending 052). A stranger could open
-- `mail_refused` (a message a relay refuses: the anti-virus test string in a lead) and nothing
-- closed it: the banner and /healthz said "degraded" for ever, and, the incident being one for
-- every outbox, later real refusals were never told. Now:
-- - mail_refused is one incident per outbox (lead_mail, booking_mail, replies, alerts), and a
--   refused message stops counting once it is re-sent, erased, dismissed, or its cause is gone
--   (the lead was answered or marked spam; the meeting is over; the visitor got another reply;
--   the alert's lead was answered, its incident ended, a later summary went);
-- - every incident can be dismissed in the desk (who and when are kept): it leaves the banner
--   and /healthz at once and ends with its problem; dismissing a refusal or a receiver's
--   set-apart deliveries dismisses those messages, so the incident ends at the next watch and
--   a later refusal (or a later delivery set apart) is a new incident, told again;
-- - each incident says which outbox holds what it is about (detail.outbox; for mail failing,
--   how many wait in each). Safe to apply twice.

alter table private.pipeline_incidents
  add column if not exists dismissed_at timestamptz,
  -- How it was dismissed: 'painel' (the desk has one shared password, so the desk is who) or
  -- 'sql'.
  add column if not exists dismissed_by text check (char_length(dismissed_by) <= 100);

-- The latest dismissal of each kind and subject: refusals (and deliveries set apart) up to it
-- are the team's known ones. Kept for ever (one row per outbox or receiver): the incidents
-- themselves are forgotten after 90 days, a refused message left in place is not.
create table if not exists private.incident_dismissals (
  kind text not null,
  subject text not null default '',
  dismissed_at timestamptz not null,
  primary key (kind, subject)
);
revoke all on table private.incident_dismissals from public;

create or replace function private.incident_dismissed_at(p_kind text, p_subject text)
  returns timestamptz language sql stable set search_path = ''
as $$
  select coalesce(
    (select d.dismissed_at from private.incident_dismissals d
      where d.kind = p_kind and d.subject = p_subject),
    '-infinity')
$$;
revoke all on function private.incident_dismissed_at(text, text) from public;

-- Every problem there is now: kind, subject, since when, and its detail (20261128120100's,
-- with the outboxes named, one mail_refused per outbox and dismissals honoured).
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
           jsonb_build_object('error', h.last_error,
             'waiting', (select count(*) from public.contact_submissions s
                          where s.notified_at is null and s.notify_refused_at is null),
             'outboxes', jsonb_build_object(
               'lead_mail', (select count(*) from public.contact_submissions s
                              where s.notified_at is null and s.notify_refused_at is null),
               'booking_mail', (select count(*) from private.booking_messages m
                                 where m.sent_at is null and m.refused_at is null),
               'replies', (select count(*) from private.lead_replies r
                            where r.sent_at is null and r.refused_at is null),
               'alerts', (select count(*) from private.company_alerts a
                           where a.sent_at is null and a.refused_at is null)))
      from private.mail_health h where h.failing_since is not null;

  -- A message refused for good, per outbox, while it still matters and is not dismissed.
  return query
    with refused as (
      select 'lead_mail' as outbox, s.notify_refused_at as at from public.contact_submissions s
       where s.notified_at is null and s.notify_refused_at is not null
         -- answered, or marked spam: the team has read it in the desk
         and s.first_answered_at is null and s.lead_status <> 'spam'
      union all
      select 'booking_mail', m.refused_at from private.booking_messages m
        join public.bookings b on b.id = m.booking_id
       where m.sent_at is null and m.refused_at is not null
         -- a meeting that is over needs no e-mail about it
         and b.ends_at > now()
      union all
      select 'replies', r.refused_at from private.lead_replies r
        join public.contact_submissions s on s.id = r.lead_id
       where r.sent_at is null and r.refused_at is not null
         -- the visitor was answered since, by a later reply or another way
         and not (s.first_answered_at is not null and s.first_answered_at > r.created_at)
         and not exists (select 1 from private.lead_replies x
                          where x.lead_id = r.lead_id and x.sent_at is not null
                            and x.created_at > r.created_at)
      union all
      select 'alerts', a.refused_at from private.company_alerts a
       where a.sent_at is null and a.refused_at is not null
         and case a.kind
           when 'lead_overdue' then exists (select 1 from public.contact_submissions s
                                             where s.id = a.lead_id
                                               and s.first_answered_at is null)
           when 'incident' then exists (select 1 from private.pipeline_incidents i
                                         where i.id = a.incident_id and i.resolved_at is null)
           else not exists (select 1 from private.company_alerts x
                             where x.kind = a.kind and x.sent_at is not null
                               and x.week > a.week)
         end
    )
    select 'mail_refused'::text, r.outbox, min(r.at),
           jsonb_build_object('count', count(*), 'outbox', r.outbox)
      from refused r
     where r.at > private.incident_dismissed_at('mail_refused', r.outbox)
     group by r.outbox;

  -- The latest read failed, within the last day (a feed turned off stops being read).
  return query
    select 'busy_calendar'::text, ''::text, coalesce(f.last_success_at, f.last_error_at),
           jsonb_build_object('error', f.last_error, 'last_success_at', f.last_success_at)
      from private.busy_feed_status f
     where f.last_error_at is not null
       and f.last_error_at > coalesce(f.last_success_at, '-infinity')
       and f.last_error_at > now() - interval '1 day';

  -- A listed receiver with deliveries set apart since the last dismissal, or gone (410) since.
  return query
    with receivers as (
      select r.*, private.incident_dismissed_at('webhook_set_apart', r.id::text) as known
        from private.webhook_receivers r
       where r.active
    )
    select 'webhook_set_apart'::text, r.id::text,
           coalesce(least(gone.at, min(d.failed_at)), gone.at, min(d.failed_at)),
           jsonb_build_object('receiver', r.id, 'format', r.format, 'gone', gone.at is not null,
             'count', count(d.id), 'error', r.last_error, 'outbox', 'webhooks')
      from receivers r
      cross join lateral (select case when r.disabled_at > r.known then r.disabled_at end as at)
        gone
      left join private.webhook_deliveries d
        on d.receiver_id = r.id and d.delivered_at is null and d.failed_at is not null
       and d.failed_at > r.known
     group by r.id, r.format, r.last_error, gone.at
    having gone.at is not null or count(d.id) > 0;

  -- Told at nine tenths, over when it is back under eight tenths: no flapping at the line.
  if max_entries > 0 and (quarantined * 10 >= max_entries * 9
                          or (already_full and quarantined * 10 >= max_entries * 8)) then
    return query select 'quarantine_full'::text, ''::text, now(),
      jsonb_build_object('count', quarantined, 'max', max_entries);
  end if;

  -- Scheduled backups (built apart) say how the last one went through
  -- private.backup_problem() returns table (since timestamptz, detail jsonb).
  if to_regprocedure('private.backup_problem()') is not null then
    return query execute
      'select ''backup_failed''::text, ''''::text, b.since, b.detail from private.backup_problem() b';
  end if;
end
$$;
revoke all on function private.pipeline_problems() from public;

-- Dismisses an open incident (the desk's button, or SQL): it leaves the banner and /healthz at
-- once and ends with its problem. For refusals and deliveries set apart, the messages known now
-- are dismissed with it, so it ends at the next watch and a later one is told again. Answers
-- whether it dismissed one (an unknown, unopened, ended or dismissed incident: no).
create or replace function private.dismiss_incident(p_id bigint, p_by text)
  returns boolean language plpgsql security definer set search_path = ''
as $$
declare
  incident private.pipeline_incidents;
begin
  update private.pipeline_incidents i
     set dismissed_at = now(), dismissed_by = left(coalesce(p_by, 'sql'), 100)
   where i.id = p_id and i.opened_at is not null and i.resolved_at is null
     and i.dismissed_at is null
  returning i.* into incident;
  if not found then
    return false;
  end if;
  insert into private.incident_dismissals (kind, subject, dismissed_at)
  values (incident.kind, incident.subject, now())
  on conflict (kind, subject) do update set dismissed_at = excluded.dismissed_at;
  return true;
end
$$;
revoke all on function private.dismiss_incident(bigint, text) from public;

-- What /healthz says (20261128120100's): a dismissed incident is known to the team and no
-- longer makes the site "degraded".
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
                   where i.resolved_at is null and i.opened_at is not null
                     and i.dismissed_at is null));
$$;
revoke all on function private.pipeline_health() from public;
