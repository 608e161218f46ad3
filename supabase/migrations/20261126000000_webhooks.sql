-- Webhooks (issue 20): each new lead, booking, rescheduled and cancelled booking is sent as
-- JSON to the URLs the company lists, signed as Standard Webhooks says, with the durability of
-- the lead e-mail: every delivery is queued in the same transaction as its event (triggers
-- below), claimed with a lease, retried with back-off and recorded, one row per event and
-- receiver, so a receiver that is down only ever delays itself. The delivery core is
-- supabase/functions/_shared/webhook-delivery.ts; decision 032 says why. Safe to apply twice.

-- Where a delivery may go: https, or plain http on this machine's loopback (tests, a local
-- n8n). No user name or password in the address (fetch refuses them), no blanks.
create or replace function private.is_webhook_url(value text)
  returns boolean language sql immutable set search_path = ''
as $$
  select char_length(value) <= 2000
     and value !~ '[\s\u0000-\u001f\u007f-\u009f]'
     and value !~ '#'
     and (
       value ~ '^https://[^/?@]+(/[^@]*)?$'
       or value ~ '^http://(127\.[0-9]{1,3}\.[0-9]{1,3}\.[0-9]{1,3}|localhost|\[::1\])(:[0-9]{1,5})?(/[^@]*)?$'
     )
$$;
revoke all on function private.is_webhook_url(text) from public;

-- A signing secret as Standard Webhooks writes it: `whsec_` and the base64 of 24 to 64 random
-- bytes; several, separated by spaces, while a secret is being replaced (each signs).
create or replace function private.is_webhook_secret(value text)
  returns boolean language plpgsql immutable set search_path = ''
as $$
declare
  part text;
  bytes integer;
begin
  if value is null or value !~ '^whsec_[A-Za-z0-9+/]+={0,2}( whsec_[A-Za-z0-9+/]+={0,2})*$' then
    return false;
  end if;
  foreach part in array string_to_array(value, ' ') loop
    bytes := length(decode(substr(part, 7), 'base64'));
    if bytes < 24 or bytes > 64 then
      return false;
    end if;
  end loop;
  return true;
exception when others then
  return false;
end
$$;
revoke all on function private.is_webhook_secret(text) from public;

-- The receivers. On the Node server they are written from WEBHOOK_URLS at every start
-- (private.sync_webhook_receivers); on hosted Supabase the company inserts them with SQL
-- (docs/leads-on-supabase.md). `format` is how a delivery is written: the signed JSON of
-- Standard Webhooks, or a readable message for a Slack, Microsoft Teams or Discord channel.
create table if not exists private.webhook_receivers (
  id bigint generated always as identity primary key,
  url text not null unique check (private.is_webhook_url(url)),
  format text not null default 'standard'
    check (format in ('standard', 'slack', 'teams', 'discord')),
  -- This receiver's own signing secret(s); null signs with WEBHOOK_SECRET (the server's
  -- setting, or the function's secret on hosted Supabase).
  secret text check (secret is null or private.is_webhook_secret(secret)),
  -- false: no longer listed (removed from WEBHOOK_URLS); nothing new is queued for it and what
  -- waits is not sent, but kept (and shown) until the clean-up.
  active boolean not null default true,
  -- The receiver answered 410 Gone: it wants nothing more (Standard Webhooks: disable it).
  -- Events are still queued for it; they go out once someone re-enables it in the desk.
  disabled_at timestamptz,
  created_at timestamptz not null default now(),
  last_success_at timestamptz,
  last_failure_at timestamptz,
  last_error text check (char_length(last_error) <= 500)
);
revoke all on table private.webhook_receivers from public;

-- One row. The desk's address of a lead without its id (…/painel/contatos/): payloads link to
-- the lead with it. The Node server writes it at start when its lead desk is on; null (hosted
-- Supabase without a desk) leaves the link out.
create table if not exists private.webhook_settings (
  id boolean primary key default true check (id),
  lead_link_base text
    check (lead_link_base ~ '^https?://[^\s?#]+/$' and char_length(lead_link_base) <= 500)
);
insert into private.webhook_settings default values on conflict (id) do nothing;
revoke all on table private.webhook_settings from public;

-- One row per event, with the payload as every signed delivery sends it: {type, timestamp,
-- data}. The id is the `webhook-id` of every attempt to every receiver, so a receiver that keeps
-- the ids it has seen processes the event once. It belongs to its lead: erasing the lead
-- (LGPD) or its retention purge deletes it, and its deliveries with it.
create table if not exists private.webhook_events (
  id text primary key check (id ~ '^msg_[0-9a-f]{32}$'),
  type text not null
    check (type in ('lead.created', 'booking.created', 'booking.rescheduled', 'booking.cancelled')),
  lead_id uuid not null references public.contact_submissions (id) on delete cascade,
  occurred_at timestamptz not null default now(),
  payload jsonb not null
);
create index if not exists webhook_events_lead_idx on private.webhook_events (lead_id);
create index if not exists webhook_events_occurred_idx on private.webhook_events (occurred_at);
revoke all on table private.webhook_events from public;

-- One row per event and receiver: its own attempts, lease and back-off. `due_at` is when it may
-- be tried next; `claimed_until` the lease of the sender trying it (one that dies leaves it due
-- again when the lease ends); `failed_at` sets it apart once the retry schedule ran out (or the
-- receiver answered 410): only "retry now" in the desk tries it again.
create table if not exists private.webhook_deliveries (
  id bigint generated always as identity primary key,
  event_id text not null references private.webhook_events (id) on delete cascade,
  receiver_id bigint not null references private.webhook_receivers (id) on delete cascade,
  created_at timestamptz not null default now(),
  due_at timestamptz not null default now(),
  attempts integer not null default 0 check (attempts >= 0),
  claimed_until timestamptz,
  last_attempt_at timestamptz,
  delivered_at timestamptz,
  failed_at timestamptz,
  last_status integer,
  last_error text check (char_length(last_error) <= 500),
  unique (event_id, receiver_id)
);
create index if not exists webhook_deliveries_due_idx
  on private.webhook_deliveries (receiver_id, due_at)
  where delivered_at is null and failed_at is null;
create index if not exists webhook_deliveries_receiver_idx
  on private.webhook_deliveries (receiver_id);
revoke all on table private.webhook_deliveries from public;

-- An instant as payloads carry it: UTC, ISO 8601 with milliseconds.
create or replace function private.webhook_utc(value timestamptz)
  returns text language sql immutable set search_path = ''
as $$
  select to_char(value at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
$$;
revoke all on function private.webhook_utc(timestamptz) from public;

-- The same instant on a zone's clock, ISO 8601 with that zone's offset then (…T14:30:00-03:00).
create or replace function private.webhook_local(value timestamptz, zone text)
  returns text language sql stable set search_path = ''
as $$
  with offset_minutes as (
    select (extract(epoch from (value at time zone zone) - (value at time zone 'UTC')) / 60)::integer
      as minutes
  )
  select to_char(value at time zone zone, 'YYYY-MM-DD"T"HH24:MI:SS')
      || case when o.minutes < 0 then '-' else '+' end
      || lpad((abs(o.minutes) / 60)::text, 2, '0') || ':'
      || lpad((abs(o.minutes) % 60)::text, 2, '0')
    from offset_minutes o
   where value is not null
$$;
revoke all on function private.webhook_local(timestamptz, text) from public;

-- Queues one event for every listed receiver, in the caller's transaction: the event and its
-- deliveries exist exactly when what caused them does. Nothing is written while no receiver is
-- listed.
create or replace function private.queue_webhook_event(p_type text, p_lead_id uuid, p_data jsonb)
  returns void language plpgsql set search_path = ''
as $$
declare
  event_id text;
begin
  if not exists (select 1 from private.webhook_receivers r where r.active) then
    return;
  end if;
  event_id := 'msg_' || replace(gen_random_uuid()::text, '-', '');
  insert into private.webhook_events (id, type, lead_id, occurred_at, payload)
  values (event_id, p_type, p_lead_id, now(), jsonb_build_object(
    'type', p_type,
    'timestamp', private.webhook_utc(now()),
    'data', p_data));
  insert into private.webhook_deliveries (event_id, receiver_id)
  select event_id, r.id from private.webhook_receivers r where r.active;
end
$$;
revoke all on function private.queue_webhook_event(text, uuid, jsonb) from public;

-- The desk's address of a lead, or null when no desk is known.
create or replace function private.webhook_lead_link(p_lead_id uuid)
  returns text language sql stable set search_path = ''
as $$
  select w.lead_link_base || p_lead_id::text from private.webhook_settings w
$$;
revoke all on function private.webhook_lead_link(uuid) from public;

-- lead.created: a lead the form (or a restore from quarantine) stored. A booking's lead is
-- announced as booking.created instead; what the guard quarantined or dropped never becomes a
-- row, so it is never sent. Security definer: visitors insert as anon, which reads nothing here.
create or replace function private.queue_lead_webhook()
  returns trigger language plpgsql security definer set search_path = ''
as $$
declare
  zone text := (select s.time_zone from private.booking_settings s);
begin
  perform private.queue_webhook_event('lead.created', new.id, jsonb_build_object('lead',
    jsonb_build_object(
      'id', new.id,
      'received_at', private.webhook_utc(new.created_at),
      'received_at_local', private.webhook_local(new.created_at, zone),
      'time_zone', zone,
      'name', new.name,
      'email', new.email,
      'company', new.company,
      'message', new.message,
      'desk_url', private.webhook_lead_link(new.id))));
  return null;
end
$$;
revoke all on function private.queue_lead_webhook() from public;

drop trigger if exists queue_lead_webhook on public.contact_submissions;
create trigger queue_lead_webhook
  after insert on public.contact_submissions
  for each row
  when (new.notified_via is distinct from 'booking')
  execute function private.queue_lead_webhook();

-- A booking as its events carry it: times in UTC and on the company's clock, the visitor's own
-- zone, the room, who and why; never its manage token, address or bookkeeping.
create or replace function private.webhook_booking(b public.bookings)
  returns jsonb language sql stable set search_path = ''
as $$
  select jsonb_build_object(
    'id', b.id,
    'lead_id', b.lead_id,
    'status', b.status,
    'starts_at', private.webhook_utc(b.starts_at),
    'ends_at', private.webhook_utc(b.ends_at),
    'starts_at_local', private.webhook_local(b.starts_at, s.time_zone),
    'ends_at_local', private.webhook_local(b.ends_at, s.time_zone),
    'time_zone', s.time_zone,
    'visitor_time_zone', b.time_zone,
    'meeting_url', b.meeting_url,
    'name', b.name,
    'email', b.email,
    'company', b.company,
    'note', b.note,
    'desk_url', private.webhook_lead_link(b.lead_id))
    from private.booking_settings s
$$;
revoke all on function private.webhook_booking(public.bookings) from public;

-- booking.created, booking.rescheduled (the meeting moved; the previous time is given) and
-- booking.cancelled (by the visitor or the company, with their message), whichever call made
-- the change: the triggers see every one.
create or replace function private.queue_booking_webhook()
  returns trigger language plpgsql security definer set search_path = ''
as $$
declare
  zone text := (select s.time_zone from private.booking_settings s);
begin
  if tg_op = 'INSERT' then
    perform private.queue_webhook_event('booking.created', new.lead_id,
      jsonb_build_object('booking', private.webhook_booking(new)));
  elsif new.status = 'cancelled' and old.status <> 'cancelled' then
    perform private.queue_webhook_event('booking.cancelled', new.lead_id,
      jsonb_build_object('booking', private.webhook_booking(new) || jsonb_build_object(
        'cancelled_at', private.webhook_utc(new.cancelled_at),
        'cancelled_by', new.cancelled_by,
        'cancel_message', new.cancel_message)));
  elsif new.status <> 'cancelled' and new.starts_at is distinct from old.starts_at then
    perform private.queue_webhook_event('booking.rescheduled', new.lead_id,
      jsonb_build_object('booking', private.webhook_booking(new) || jsonb_build_object(
        'previous_starts_at', private.webhook_utc(old.starts_at),
        'previous_starts_at_local', private.webhook_local(old.starts_at, zone))));
  end if;
  return null;
end
$$;
revoke all on function private.queue_booking_webhook() from public;

drop trigger if exists queue_booking_webhook on public.bookings;
create trigger queue_booking_webhook
  after insert or update of status, starts_at on public.bookings
  for each row execute function private.queue_booking_webhook();

-- The Node server's WEBHOOK_URLS, made the listed receivers: each (url, format) listed and
-- active, every other one no longer listed. A receiver's secret, history and what it still
-- has to receive stay. Returns how many are listed.
create or replace function private.sync_webhook_receivers(p_receivers jsonb)
  returns integer language plpgsql set search_path = ''
as $$
declare
  listed integer;
begin
  -- Two servers starting together write one list after the other.
  perform pg_advisory_xact_lock(7242120);
  insert into private.webhook_receivers as r (url, format)
  select x.url, x.format from jsonb_to_recordset(p_receivers) as x(url text, format text)
  on conflict (url) do update set format = excluded.format, active = true;
  update private.webhook_receivers r set active = false
   where r.active
     and r.url not in (select x.url from jsonb_to_recordset(p_receivers) as x(url text));
  select count(*) into listed from private.webhook_receivers r where r.active;
  return listed;
end
$$;
revoke all on function private.sync_webhook_receivers(jsonb) from public;

-- Receivers with a delivery due now, for a sweep to work on. It is also the moment to forget
-- old events: delivered everywhere a week ago, or anything a month old (what was not delivered
-- by then was set apart days earlier, and the lead itself is in the desk).
create or replace function private.due_webhook_receivers()
  returns setof bigint language plpgsql set search_path = ''
as $$
begin
  delete from private.webhook_events e
   where e.occurred_at < now() - interval '30 days'
      or (e.occurred_at < now() - interval '7 days'
          and not exists (select 1 from private.webhook_deliveries d
                           where d.event_id = e.id and d.delivered_at is null));
  return query
    select r.id from private.webhook_receivers r
     where r.active and r.disabled_at is null
       and exists (
         select 1 from private.webhook_deliveries d
          where d.receiver_id = r.id and d.delivered_at is null and d.failed_at is null
            and d.due_at <= now() and (d.claimed_until is null or d.claimed_until <= now()))
     order by r.id;
end
$$;
revoke all on function private.due_webhook_receivers() from public;

-- What a sender is handed for one delivery: everything it needs to write and sign it.
do $$
begin
  if not exists (
    select 1 from pg_type t join pg_namespace n on n.oid = t.typnamespace
     where n.nspname = 'private' and t.typname = 'webhook_claim'
  ) then
    create type private.webhook_claim as (
      delivery_id bigint,
      event_id text,
      attempts integer,
      payload jsonb,
      url text,
      format text,
      secret text
    );
  end if;
end
$$;

-- Claims this receiver's next due delivery (oldest first) for p_lease_seconds; nothing when
-- there is none, the receiver is not listed or is disabled, or every due one is claimed.
create or replace function private.claim_webhook_delivery(
  p_receiver_id bigint,
  p_lease_seconds integer
)
  returns setof private.webhook_claim language plpgsql set search_path = ''
as $$
declare
  picked bigint;
begin
  select d.id into picked
    from private.webhook_deliveries d
    join private.webhook_receivers r on r.id = d.receiver_id
   where d.receiver_id = p_receiver_id and r.active and r.disabled_at is null
     and d.delivered_at is null and d.failed_at is null
     and d.due_at <= now() and (d.claimed_until is null or d.claimed_until <= now())
   order by d.due_at, d.id
   limit 1
   for update of d skip locked;
  if picked is null then
    return;
  end if;
  return query
    update private.webhook_deliveries d
       set claimed_until = now() + make_interval(secs => p_lease_seconds)
      from private.webhook_events e, private.webhook_receivers r
     where d.id = picked and e.id = d.event_id and r.id = d.receiver_id
    returning d.id, d.event_id, d.attempts, e.payload, r.url, r.format, r.secret;
end
$$;
revoke all on function private.claim_webhook_delivery(bigint, integer) from public;

-- Seconds to wait after the n-th failed attempt: Standard Webhooks' example schedule (5 s,
-- 5 min, 30 min, 2 h, 5 h, 10 h, 14 h, 20 h, 24 h), ten attempts over about three days. Past
-- the last one the delivery is set apart.
create or replace function private.webhook_retry_delay(p_attempts integer)
  returns integer language sql immutable set search_path = ''
as $$
  select ('{5,300,1800,7200,18000,36000,50400,72000,86400}'::integer[])[p_attempts]
$$;
revoke all on function private.webhook_retry_delay(integer) from public;

-- Records how an attempt ended:
-- - delivered: a 2xx answer;
-- - gone: 410, the receiver wants nothing more: this delivery is set apart, the receiver
--   disabled until someone re-enables it;
-- - failed: anything else (another status, a timeout, no connection): tried again after the
--   schedule's delay with up to 10% jitter, or the receiver's Retry-After when longer (at most a
--   day), and set apart after the tenth attempt.
-- Only the delivery's current claim is recorded: one delivered meanwhile is left as it is.
create or replace function private.finish_webhook_delivery(
  p_delivery_id bigint,
  p_outcome text,
  p_status integer,
  p_error text,
  p_retry_after_seconds integer
)
  returns void language plpgsql set search_path = ''
as $$
declare
  delivery private.webhook_deliveries;
  delay integer;
  error_text text := left(p_error, 500);
begin
  if p_outcome not in ('delivered', 'gone', 'failed') then
    raise exception 'Unknown outcome %', p_outcome using errcode = '22023';
  end if;
  update private.webhook_deliveries d
     set attempts = d.attempts + 1, last_attempt_at = now(), claimed_until = null,
         last_status = p_status,
         last_error = case when p_outcome = 'delivered' then null else error_text end
   where d.id = p_delivery_id and d.delivered_at is null
  returning * into delivery;
  if not found then
    return;
  end if;
  if p_outcome = 'delivered' then
    update private.webhook_deliveries set delivered_at = now(), failed_at = null
     where id = p_delivery_id;
    update private.webhook_receivers set last_success_at = now() where id = delivery.receiver_id;
    return;
  end if;
  update private.webhook_receivers
     set last_failure_at = now(), last_error = error_text,
         disabled_at = case when p_outcome = 'gone' then now() else disabled_at end
   where id = delivery.receiver_id;
  delay := private.webhook_retry_delay(delivery.attempts);
  if p_outcome = 'gone' or delay is null then
    update private.webhook_deliveries set failed_at = now() where id = p_delivery_id;
    return;
  end if;
  update private.webhook_deliveries
     set due_at = now() + make_interval(secs => greatest(
       delay * (1 + random() * 0.1),
       least(coalesce(p_retry_after_seconds, 0), 86400)))
   where id = p_delivery_id;
end
$$;
revoke all on function private.finish_webhook_delivery(bigint, text, integer, text, integer)
  from public;

-- A sender stopped before the receiver answered (the server is shutting down): the delivery
-- is due again at once, and the attempt is not counted.
create or replace function private.release_webhook_delivery(p_delivery_id bigint)
  returns void language sql set search_path = ''
as $$
  update private.webhook_deliveries set claimed_until = null
   where id = p_delivery_id and delivered_at is null
$$;
revoke all on function private.release_webhook_delivery(bigint) from public;

-- "Retry now" (the desk, or SQL): re-enables the receiver and makes everything it has not
-- received due at once, what was set apart included, with a fresh retry schedule. Returns how
-- many deliveries that is.
create or replace function private.retry_webhook_receiver(p_receiver_id bigint)
  returns integer language plpgsql set search_path = ''
as $$
declare
  retried integer;
begin
  update private.webhook_receivers set disabled_at = null where id = p_receiver_id;
  update private.webhook_deliveries d
     set due_at = now(), failed_at = null, attempts = 0
   where d.receiver_id = p_receiver_id and d.delivered_at is null
     and (d.claimed_until is null or d.claimed_until <= now());
  get diagnostics retried = row_count;
  return retried;
end
$$;
revoke all on function private.retry_webhook_receiver(bigint) from public;

-- Each receiver's state, as the desk shows it and as SQL can read it on hosted Supabase. The
-- address is not in it: the desk shows only its host and a hint (webhook-receivers.ts).
create or replace view private.webhook_receiver_status as
  select
    r.id,
    r.format,
    r.active,
    r.disabled_at,
    r.secret is not null as has_own_secret,
    r.last_success_at,
    r.last_failure_at,
    r.last_error,
    count(d.id) filter (where d.delivered_at is null and d.failed_at is null)::integer as pending,
    count(d.id) filter (where d.delivered_at is null and d.failed_at is not null)::integer
      as failed,
    count(d.id) filter (where d.delivered_at > now() - interval '7 days')::integer
      as delivered_last_week,
    min(e.occurred_at) filter (where d.delivered_at is null) as oldest_undelivered_at
  from private.webhook_receivers r
  left join private.webhook_deliveries d on d.receiver_id = r.id
  left join private.webhook_events e on e.id = d.event_id
  group by r.id;
revoke all on table private.webhook_receiver_status from public, anon, authenticated;
