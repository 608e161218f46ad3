-- The page promises an answer within 24 hours; this keeps the promise measurable and warns
-- before it breaks (decision 051). Each lead learns when it was first answered, and how: a
-- reply sent from the desk (private.lead_replies, an outbox claimed and retried like the other
-- e-mails), "answered from my own mail client", the team moving it to "em contato" or
-- "fechado", or a meeting booked by the same person. A lead still unanswered
-- alert_after_hours after it reached the company is alerted once, by e-mail
-- (private.company_alerts, the company's outbox) and a `lead.overdue` webhook, never twice
-- whatever number of servers sweep. The overview's tallies (decision 036) learn the answer
-- figures. Nothing here is granted to visitors. Safe to apply twice.

-- One row: the promise and when the alert comes, in hours (fractions allowed: a test runs in
-- seconds), written by the Node server at start from company.ts and REPLY_* (on hosted
-- Supabase, update it with SQL); since when leads are watched, so the first start does not
-- alert every old lead at once; and whether the weekly summary goes out.
create table if not exists private.reply_settings (
  id boolean primary key default true check (id),
  promise_hours numeric not null default 24 check (promise_hours > 0 and promise_hours <= 168),
  alert_after_hours numeric not null default 20
    check (alert_after_hours > 0 and alert_after_hours <= 168),
  tracked_since timestamptz not null default now(),
  weekly_summary boolean not null default true,
  constraint reply_settings_alert_before_promise check (alert_after_hours < promise_hours)
);
insert into private.reply_settings default values on conflict (id) do nothing;
revoke all on table private.reply_settings from public;

alter table public.contact_submissions
  -- When the company's clock started, when that was not created_at (null: created_at): a
  -- message kept in quarantine reaches the company when it is restored.
  add column if not exists waiting_since timestamptz,
  add column if not exists first_answered_at timestamptz,
  -- resposta: a reply from the desk; manual: answered from the team's own mail client;
  -- situacao: moved to "em contato" or "fechado"; reuniao: a meeting booked.
  add column if not exists first_answer_via text,
  add column if not exists overdue_alerted_at timestamptz;

alter table public.contact_submissions
  drop constraint if exists contact_submissions_first_answer_check,
  add constraint contact_submissions_first_answer_check check (
    (first_answered_at is null) = (first_answer_via is null)
    and first_answer_via in ('resposta', 'manual', 'situacao', 'reuniao')
  );

-- Leads still waiting for their first answer, by when their wait began: the overdue sweep reads
-- a day or two of them, and the desk lists them oldest first.
create index if not exists contact_submissions_unanswered_idx
  on public.contact_submissions ((coalesce(waiting_since, created_at)))
  where first_answered_at is null;

-- A lead stored with a date an hour or more in the past (a restore from quarantine; an import
-- runs with triggers off) reaches the company now. A visitor's insert is dated now: its WHEN
-- is false and nothing is called.
create or replace function private.start_reply_clock()
  returns trigger language plpgsql set search_path = ''
as $$
begin
  new.waiting_since := now();
  return new;
end
$$;
revoke all on function private.start_reply_clock() from public;

drop trigger if exists start_reply_clock on public.contact_submissions;
create trigger start_reply_clock
  before insert on public.contact_submissions
  for each row when (new.created_at < now() - interval '1 hour')
  execute function private.start_reply_clock();

-- A booking's own lead is answered by the booking itself: the visitor has a meeting.
create or replace function private.answer_booking_lead()
  returns trigger language plpgsql set search_path = ''
as $$
begin
  new.first_answered_at := coalesce(new.first_answered_at, new.created_at);
  new.first_answer_via := coalesce(new.first_answer_via, 'reuniao');
  return new;
end
$$;
revoke all on function private.answer_booking_lead() from public;

drop trigger if exists answer_booking_lead on public.contact_submissions;
create trigger answer_booking_lead
  before insert on public.contact_submissions
  for each row when (new.notified_via = 'booking')
  execute function private.answer_booking_lead();

-- A meeting booked by someone who wrote before answers what they wrote: security definer
-- because the booking functions run it for anon.
create or replace function private.answer_leads_of_booking()
  returns trigger language plpgsql security definer set search_path = ''
as $$
begin
  update public.contact_submissions s
     set first_answered_at = new.created_at, first_answer_via = 'reuniao'
   where lower(s.email) = lower(new.email)
     and s.first_answered_at is null
     and s.created_at <= new.created_at;
  return null;
end
$$;
revoke all on function private.answer_leads_of_booking() from public;

drop trigger if exists answer_leads_of_booking on public.bookings;
create trigger answer_leads_of_booking
  after insert on public.bookings
  for each row execute function private.answer_leads_of_booking();

-- The team moving a lead to "em contato" or "fechado" has contacted it: from the desk, the
-- command or SQL alike.
create or replace function private.answer_contacted_lead()
  returns trigger language plpgsql set search_path = ''
as $$
begin
  new.first_answered_at := now();
  new.first_answer_via := 'situacao';
  return new;
end
$$;
revoke all on function private.answer_contacted_lead() from public;

drop trigger if exists answer_contacted_lead on public.contact_submissions;
create trigger answer_contacted_lead
  before update of lead_status on public.contact_submissions
  for each row when (
    new.first_answered_at is null
    and new.lead_status in ('em_contato', 'fechado')
    and old.lead_status is distinct from new.lead_status)
  execute function private.answer_contacted_lead();

-- The overview's tallies count answers: an answer, or a lead marked spam or unmarked, changes
-- its day (as an erasure does, 20261126000300_lead_tallies.sql).
drop trigger if exists forget_tallies_of_answered_lead on public.contact_submissions;
create trigger forget_tallies_of_answered_lead
  after update of first_answered_at, lead_status on public.contact_submissions
  for each row when (
    old.first_answered_at is distinct from new.first_answered_at
    or (old.lead_status = 'spam') is distinct from (new.lead_status = 'spam'))
  execute function private.forget_tallies_of_changed_lead();
alter table public.contact_submissions enable always trigger forget_tallies_of_answered_lead;

-- What is known of the leads already stored: one the team had moved on was contacted then; a
-- booking's lead was answered by its meeting. The others are unanswered: nothing says otherwise.
update public.contact_submissions s
   set first_answered_at = greatest(s.created_at, coalesce(s.status_changed_at, s.created_at)),
       first_answer_via = 'situacao'
 where s.first_answered_at is null and s.lead_status in ('em_contato', 'fechado');
update public.contact_submissions s
   set first_answered_at = s.created_at, first_answer_via = 'reuniao'
 where s.first_answered_at is null and s.notified_via = 'booking';

-- ---------------------------------------------------------------------------------------------
-- Replies from the desk: the outbox. The recipient is never stored here: it is the lead's own
-- address, read when the reply is claimed, so no form value can send mail anywhere else. The
-- text is the team's (the desk is signed in). Erased with the lead.
create table if not exists private.lead_replies (
  id bigint generated always as identity primary key,
  lead_id uuid not null references public.contact_submissions (id) on delete cascade,
  -- The form's own token: the same form sent twice (a double click, Back and resend) is one
  -- reply.
  form_key text not null check (form_key ~ '^[0-9a-f]{32}$'),
  template text check (char_length(template) <= 60),
  subject text not null
    check (char_length(btrim(subject)) between 1 and 200 and subject !~ '[\x01-\x1f\x7f]'),
  body text not null check (char_length(btrim(body)) between 1 and 10000),
  created_at timestamptz not null default now(),
  due_at timestamptz not null default now(),
  attempts integer not null default 0,
  claimed_until timestamptz,
  sent_at timestamptz,
  failed_at timestamptz,
  refused_at timestamptz,
  last_error text check (char_length(last_error) <= 500),
  unique (lead_id, form_key)
);
create index if not exists lead_replies_lead_idx on private.lead_replies (lead_id);
create index if not exists lead_replies_due_idx on private.lead_replies (due_at)
  where sent_at is null;
revoke all on table private.lead_replies from public;

-- Queues a reply and answers its id; the same form sent again answers the first one's.
create or replace function private.queue_lead_reply(
  p_lead_id uuid,
  p_form_key text,
  p_template text,
  p_subject text,
  p_body text
)
  returns bigint language plpgsql set search_path = ''
as $$
declare
  reply_id bigint;
begin
  insert into private.lead_replies (lead_id, form_key, template, subject, body)
  values (p_lead_id, p_form_key, p_template, p_subject, p_body)
  on conflict (lead_id, form_key) do nothing
  returning id into reply_id;
  if reply_id is null then
    select r.id into reply_id from private.lead_replies r
     where r.lead_id = p_lead_id and r.form_key = p_form_key;
  end if;
  return reply_id;
end
$$;
revoke all on function private.queue_lead_reply(uuid, text, text, text, text) from public;

do $$
begin
  if not exists (
    select 1 from pg_type t join pg_namespace n on n.oid = t.typnamespace
     where n.nspname = 'private' and t.typname = 'lead_reply_claim'
  ) then
    create type private.lead_reply_claim as (
      reply_id bigint,
      subject text,
      body text,
      lead_id uuid,
      created_at timestamptz,
      name text,
      email text,
      company text,
      message text
    );
  end if;
end
$$;

-- Claims due replies (one, or every due one when p_reply_id is null) for p_lease_minutes, with
-- the lead they answer as it is now.
create or replace function private.claim_lead_replies(
  p_reply_id bigint,
  p_limit integer,
  p_lease_minutes integer
)
  returns setof private.lead_reply_claim language plpgsql set search_path = ''
as $$
begin
  return query
    with picked as (
      select r.id from private.lead_replies r
       where r.sent_at is null and r.due_at <= now()
         and (r.claimed_until is null or r.claimed_until <= now())
         and (p_reply_id is null or r.id = p_reply_id)
       order by r.due_at, r.id
       limit p_limit
         for update skip locked
    ), claimed as (
      update private.lead_replies r
         set claimed_until = now() + make_interval(mins => p_lease_minutes),
             attempts = r.attempts + 1
        from picked
       where r.id = picked.id
      returning r.*
    )
    select c.id, c.subject, c.body, s.id, s.created_at, s.name, s.email, s.company, s.message
      from claimed c join public.contact_submissions s on s.id = c.lead_id
     order by c.due_at, c.id;
end
$$;
revoke all on function private.claim_lead_replies(bigint, integer, integer) from public;

-- How a reply's send ended: sent (the lead is answered, if it was not yet), or failed for now
-- with the e-mails' doubling back-off (1 minute up to 6 hours).
create or replace function private.finish_lead_reply(p_id bigint, p_ok boolean, p_error text)
  returns void language plpgsql set search_path = ''
as $$
declare
  answered uuid;
begin
  if p_ok then
    update private.lead_replies r
       set sent_at = now(), claimed_until = null, failed_at = null, last_error = null
     where r.id = p_id and r.sent_at is null
    returning r.lead_id into answered;
    update public.contact_submissions s
       set first_answered_at = now(), first_answer_via = 'resposta'
     where s.id = answered and s.first_answered_at is null;
  else
    update private.lead_replies r
       set failed_at = now(), last_error = left(coalesce(p_error, 'unknown error'), 500),
           due_at = now() + least(interval '6 hours',
             interval '1 minute' * power(2, greatest(r.attempts - 1, 0))),
           claimed_until = null
     where r.id = p_id and r.sent_at is null;
  end if;
end
$$;
revoke all on function private.finish_lead_reply(bigint, boolean, text) from public;

-- The mail server refused the reply's content for good: set apart, never due again.
create or replace function private.refuse_lead_reply(p_id bigint, p_error text)
  returns void language sql set search_path = ''
as $$
  update private.lead_replies r
     set failed_at = now(), refused_at = now(), due_at = 'infinity', claimed_until = null,
         last_error = left(coalesce(p_error, 'refused'), 500)
   where r.id = p_id and r.sent_at is null;
$$;
revoke all on function private.refuse_lead_reply(bigint, text) from public;

-- "Answered from my own mail client": one click, once (an answer already known stays).
create or replace function private.mark_lead_answered(p_lead_id uuid)
  returns boolean language sql set search_path = ''
as $$
  with marked as (
    update public.contact_submissions s
       set first_answered_at = now(), first_answer_via = 'manual'
     where s.id = p_lead_id and s.first_answered_at is null
    returning 1
  )
  select exists (select 1 from marked);
$$;
revoke all on function private.mark_lead_answered(uuid) from public;

-- ---------------------------------------------------------------------------------------------
-- The company's outbox: alerts and summaries to its own inbox, sent by the Node server's watch
-- or the watch-pipeline Edge Function (pg_cron). A row says what to tell; the e-mail is written
-- from the lead, the incident or the week as they are when it is sent.
create table if not exists private.company_alerts (
  id bigint generated always as identity primary key,
  kind text not null check (kind in ('lead_overdue', 'incident', 'weekly_summary')),
  lead_id uuid references public.contact_submissions (id) on delete cascade,
  incident_id bigint,
  -- The summary's Monday, on the company's clock.
  week date,
  created_at timestamptz not null default now(),
  due_at timestamptz not null default now(),
  attempts integer not null default 0,
  claimed_until timestamptz,
  sent_at timestamptz,
  failed_at timestamptz,
  refused_at timestamptz,
  last_error text check (char_length(last_error) <= 500),
  constraint company_alerts_subject_check check (
    (kind = 'lead_overdue' and lead_id is not null)
    or (kind = 'incident' and incident_id is not null)
    or (kind = 'weekly_summary' and week is not null))
);
create unique index if not exists company_alerts_one_summary_idx
  on private.company_alerts (week) where kind = 'weekly_summary';
create index if not exists company_alerts_due_idx on private.company_alerts (due_at)
  where sent_at is null;
create index if not exists company_alerts_lead_idx on private.company_alerts (lead_id);
revoke all on table private.company_alerts from public;

do $$
begin
  if not exists (
    select 1 from pg_type t join pg_namespace n on n.oid = t.typnamespace
     where n.nspname = 'private' and t.typname = 'company_alert_claim'
  ) then
    create type private.company_alert_claim as (
      alert_id bigint,
      kind text,
      lead_id uuid,
      incident_id bigint,
      -- As text (YYYY-MM-DD): drivers turn a date into an instant in their own time zone.
      week text
    );
  end if;
end
$$;

-- Claims due alerts for p_lease_minutes. A lead answered since its overdue alert was queued
-- (the mail server was down meanwhile) needs no alert any more: it is dropped, never sent.
create or replace function private.claim_company_alerts(p_limit integer, p_lease_minutes integer)
  returns setof private.company_alert_claim language plpgsql set search_path = ''
as $$
begin
  delete from private.company_alerts a
   using public.contact_submissions s
   where a.kind = 'lead_overdue' and a.sent_at is null and s.id = a.lead_id
     and s.first_answered_at is not null;
  return query
    with picked as (
      select a.id from private.company_alerts a
       where a.sent_at is null and a.due_at <= now()
         and (a.claimed_until is null or a.claimed_until <= now())
       order by a.due_at, a.id
       limit p_limit
         for update skip locked
    )
    update private.company_alerts a
       set claimed_until = now() + make_interval(mins => p_lease_minutes),
           attempts = a.attempts + 1
      from picked
     where a.id = picked.id
    returning a.id, a.kind, a.lead_id, a.incident_id, a.week::text;
end
$$;
revoke all on function private.claim_company_alerts(integer, integer) from public;

create or replace function private.finish_company_alert(p_id bigint, p_ok boolean, p_error text)
  returns void language plpgsql set search_path = ''
as $$
begin
  if p_ok then
    update private.company_alerts a
       set sent_at = now(), claimed_until = null, failed_at = null, last_error = null
     where a.id = p_id and a.sent_at is null;
  else
    update private.company_alerts a
       set failed_at = now(), last_error = left(coalesce(p_error, 'unknown error'), 500),
           due_at = now() + least(interval '6 hours',
             interval '1 minute' * power(2, greatest(a.attempts - 1, 0))),
           claimed_until = null
     where a.id = p_id and a.sent_at is null;
  end if;
end
$$;
revoke all on function private.finish_company_alert(bigint, boolean, text) from public;

create or replace function private.refuse_company_alert(p_id bigint, p_error text)
  returns void language sql set search_path = ''
as $$
  update private.company_alerts a
     set failed_at = now(), refused_at = now(), due_at = 'infinity', claimed_until = null,
         last_error = left(coalesce(p_error, 'refused'), 500)
   where a.id = p_id and a.sent_at is null;
$$;
revoke all on function private.refuse_company_alert(bigint, text) from public;

-- ---------------------------------------------------------------------------------------------
-- Webhooks (20261126000000_webhooks.sql) learn two events: lead.overdue, and
-- pipeline.incident (20261128120100_pipeline_watch.sql), which belongs to no lead.
alter table private.webhook_events
  drop constraint if exists webhook_events_type_check,
  add constraint webhook_events_type_check check (type in ('lead.created', 'booking.created',
    'booking.rescheduled', 'booking.cancelled', 'lead.overdue', 'pipeline.incident'));
alter table private.webhook_events alter column lead_id drop not null;

-- A lead as its webhook events carry it (lead.created's fields).
create or replace function private.webhook_lead(s public.contact_submissions)
  returns jsonb language sql stable set search_path = ''
as $$
  select jsonb_build_object(
    'id', s.id,
    'received_at', private.webhook_utc(s.created_at),
    'received_at_local', private.webhook_local(s.created_at, b.time_zone),
    'time_zone', b.time_zone,
    'name', s.name,
    'email', s.email,
    'company', s.company,
    'message', s.message,
    'desk_url', private.webhook_lead_link(s.id))
    from private.booking_settings b
$$;
revoke all on function private.webhook_lead(public.contact_submissions) from public;

-- The alert's window: from alert_after_hours after a lead reached the company until a day past
-- its deadline. A server that was down longer does not alert a lead that has waited for days:
-- the desk lists it as late either way.
create or replace function private.sweep_overdue_leads(p_limit integer default 50)
  returns integer language plpgsql security definer set search_path = ''
as $$
declare
  settings private.reply_settings;
  zone text := (select b.time_zone from private.booking_settings b);
  promise interval;
  lead public.contact_submissions;
  deadline timestamptz;
  alerted integer := 0;
begin
  select * into settings from private.reply_settings;
  promise := make_interval(secs => settings.promise_hours * 3600);
  for lead in
    with due as (
      select s.id from public.contact_submissions s
       where s.first_answered_at is null
         and coalesce(s.waiting_since, s.created_at)
               <= now() - make_interval(secs => settings.alert_after_hours * 3600)
         and coalesce(s.waiting_since, s.created_at) > now() - promise - interval '1 day'
         and coalesce(s.waiting_since, s.created_at) >= settings.tracked_since
         and s.overdue_alerted_at is null
         and s.lead_status <> 'spam'
       order by coalesce(s.waiting_since, s.created_at)
       limit p_limit
         for update skip locked
    )
    update public.contact_submissions s set overdue_alerted_at = now()
      from due where s.id = due.id
    returning s.*
  loop
    deadline := coalesce(lead.waiting_since, lead.created_at) + promise;
    perform private.queue_webhook_event('lead.overdue', lead.id, jsonb_build_object('lead',
      private.webhook_lead(lead) || jsonb_build_object(
        'waiting_since', private.webhook_utc(coalesce(lead.waiting_since, lead.created_at)),
        'deadline_at', private.webhook_utc(deadline),
        'deadline_at_local', private.webhook_local(deadline, zone),
        'promise_hours', settings.promise_hours)));
    insert into private.company_alerts (kind, lead_id) values ('lead_overdue', lead.id);
    alerted := alerted + 1;
  end loop;
  return alerted;
end
$$;
revoke all on function private.sweep_overdue_leads(integer) from public;

-- ---------------------------------------------------------------------------------------------
-- The overview's answer figures (decision 036's tallies, decision 051): per quarter-hour, the
-- leads answered, answered within the promise, never answered, and each answer's seconds (the
-- weeks' medians are taken from them). Leads marked spam and a booking's own lead (answered by
-- its booking) are not counted. A day is tallied only once its last lead's deadline has passed,
-- so an unanswered lead of a tallied day is late for good; an answer after that forgets its
-- day, as any change does.
alter table private.lead_tallies
  add column if not exists answered integer not null default 0,
  add column if not exists answered_in_time integer not null default 0,
  add column if not exists unanswered integer not null default 0,
  add column if not exists answer_seconds integer[];

create or replace function private.tally_lead_days(p_from date)
  returns integer language plpgsql security definer set search_path = ''
as $$
declare
  promise interval := (select make_interval(secs => r.promise_hours * 3600)
                         from private.reply_settings r);
  ended_before date := ((now() - interval '1 hour' - promise) at time zone 'UTC')::date;
  last_day date := least(ended_before, p_from + 91) - 1;
  tallied integer;
begin
  if not exists (
    select 1 from generate_series(0, last_day - p_from) n
     where not exists (select 1 from private.lead_tally_days t where t.day = p_from + n)
  ) then
    return 0;
  end if;
  perform private.lock_lead_tallies();
  delete from private.lead_tally_days t where t.day < p_from - 7;
  with missing as (
    insert into private.lead_tally_days (day)
    select p_from + n from generate_series(0, last_day - p_from) n
    on conflict do nothing
    returning day
  ),
  span as (
    select (min(day)::timestamp at time zone 'UTC') as starts,
           ((max(day) + 1)::timestamp at time zone 'UTC') as ends
      from missing
  ),
  leads as (
    select s.created_at, s.utm_source, s.referrer_origin, s.utm_campaign, 1 as lead, 0 as meeting,
           s.lead_status <> 'spam' and s.notified_via is distinct from 'booking' as counted,
           s.first_answered_at
      from public.contact_submissions s, span
     where s.created_at >= span.starts and s.created_at < span.ends
    union all
    select s.created_at, s.utm_source, s.referrer_origin, s.utm_campaign, 0, 1, false, null
      from public.bookings b
      join public.contact_submissions s on s.id = b.lead_id, span
     where s.created_at >= span.starts and s.created_at < span.ends
  ),
  dated as (
    select (l.created_at at time zone 'UTC')::date as day,
           date_bin('15 minutes', l.created_at, timestamptz '2000-01-03 00:00:00+00') as bucket,
           l.utm_source, l.referrer_origin, l.utm_campaign as campaign, l.lead, l.meeting,
           l.counted and l.first_answered_at is not null as answered,
           l.counted and l.first_answered_at <= l.created_at + promise as in_time,
           l.counted and l.first_answered_at is null as unanswered,
           greatest(0, extract(epoch from l.first_answered_at - l.created_at))::integer
             as answer_seconds
      from leads l
  )
  insert into private.lead_tallies (day, by_time, by_source, bucket, utm_source, referrer_origin,
                                    campaign, leads, meetings, answered, answered_in_time,
                                    unanswered, answer_seconds)
  select d.day, grouping(d.bucket) = 0, grouping(d.utm_source) = 0, d.bucket, d.utm_source,
         d.referrer_origin, d.campaign, sum(d.lead), sum(d.meeting),
         count(*) filter (where d.answered), count(*) filter (where d.in_time),
         count(*) filter (where d.unanswered),
         case when grouping(d.bucket) = 0
              then array_agg(d.answer_seconds) filter (where d.answered) end
    from dated d
   where d.day in (select day from missing)
   group by grouping sets ((d.day, d.bucket), (d.day, d.utm_source, d.referrer_origin),
                          (d.day, d.campaign));
  get diagnostics tallied = row_count;
  return tallied;
end
$$;
revoke all on function private.tally_lead_days(date) from public;

-- Days tallied before the tallies had answers are counted again on the next view (always safe:
-- decision 036).
delete from private.lead_tally_days;

-- A week's median answer time once every day of it is tallied: the median is no sum, so it
-- needs every answer's seconds, and sorting twelve weeks of them on each view (75 000 in the
-- benchmark's worst case) would double the overview's time. Kept per company time zone (the
-- weeks are its), and forgotten with any tallied day of the week.
create table if not exists private.answer_week_medians (
  time_zone text not null,
  monday date not null,
  median_seconds double precision,
  primary key (time_zone, monday)
);
revoke all on table private.answer_week_medians from public;

-- Keeps the medians of the weeks from p_first_week on that are wholly tallied and not kept yet.
create or replace function private.keep_answer_medians(p_first_week date, p_time_zone text)
  returns integer language plpgsql security definer set search_path = ''
as $$
declare
  kept integer;
begin
  perform private.lock_lead_tallies();
  with weeks as (
    select w::date as monday,
           (w::timestamp at time zone p_time_zone) as starts,
           ((w + interval '7 days')::timestamp at time zone p_time_zone) as ends
      from generate_series(p_first_week::timestamp, now()::date::timestamp, interval '7 days') w
  ),
  whole as (
    select w.* from weeks w
     where not exists (select 1 from private.answer_week_medians m
                        where m.time_zone = p_time_zone and m.monday = w.monday)
       and not exists (
         select 1 from generate_series((w.starts at time zone 'UTC')::date,
                                       ((w.ends - interval '1 microsecond') at time zone 'UTC')::date,
                                       interval '1 day') d
          where not exists (select 1 from private.lead_tally_days t where t.day = d::date))
  )
  insert into private.answer_week_medians (time_zone, monday, median_seconds)
  select p_time_zone, w.monday,
         (select percentile_cont(0.5) within group (order by v)
            from private.lead_tallies t, unnest(t.answer_seconds) v
           where t.by_time and t.bucket >= w.starts and t.bucket < w.ends)
    from whole w
  on conflict do nothing;
  get diagnostics kept = row_count;
  return kept;
end
$$;
revoke all on function private.keep_answer_medians(date, text) from public;

-- A day forgotten (an answer, an erasure, a late lead, a new promise) takes its weeks' medians.
create or replace function private.forget_answer_medians()
  returns trigger language plpgsql security definer set search_path = ''
as $$
begin
  delete from private.answer_week_medians m
   where exists (select 1 from gone g where m.monday between g.day - 7 and g.day + 1);
  return null;
end
$$;
revoke all on function private.forget_answer_medians() from public;

drop trigger if exists forget_answer_medians on private.lead_tally_days;
create trigger forget_answer_medians
  after delete on private.lead_tally_days
  referencing old table as gone
  for each statement execute function private.forget_answer_medians();
-- As the tallies' own triggers: also while an import runs with session_replication_role = replica.
alter table private.lead_tally_days enable always trigger forget_answer_medians;

-- Writes the promise, the alert and the weekly summary's choice (the Node server at start, from
-- company.ts and REPLY_*). A promise of another length changes which answers were in time:
-- the tallies are counted again.
create or replace function private.apply_reply_settings(
  p_promise_hours numeric,
  p_alert_after_hours numeric,
  p_weekly_summary boolean
)
  returns void language plpgsql set search_path = ''
as $$
begin
  if (select r.promise_hours from private.reply_settings r) is distinct from p_promise_hours then
    perform private.lock_lead_tallies();
    delete from private.lead_tally_days;
  end if;
  update private.reply_settings
     set promise_hours = p_promise_hours, alert_after_hours = p_alert_after_hours,
         weekly_summary = p_weekly_summary;
end
$$;
revoke all on function private.apply_reply_settings(numeric, numeric, boolean) from public;

-- What a watch does each time (the Node server's timer, pg_cron on hosted Supabase): mark the
-- leads whose alert is due and queue what to tell. Answers what it found, as counts.
create or replace function private.watch_pipeline()
  returns jsonb language plpgsql security definer set search_path = ''
as $$
begin
  return jsonb_build_object('overdue', private.sweep_overdue_leads());
end
$$;
revoke all on function private.watch_pipeline() from public;
