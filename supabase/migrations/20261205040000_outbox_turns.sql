-- Every outbox of company notifications capped and digested like the lead e-mails (issue 30,
-- decision 060). Decision 016's rule, at most RATE_LIMIT_MAIL_PER_HOUR single messages an hour
-- and the rest together in one digest every digest_every_minutes, now holds per queue (the
-- kind of message) and per channel (the company's inbox, or one chat receiver): overdue-lead
-- alerts, incident alerts, and each webhook event type posted to Slack, Teams or Discord. The
-- rule is written once here (private.outbox_turn, one ledger, private.outbox_sends, and one
-- back-off, private.outbox_backoff) for the queues that use it, the first steps to one outbox:
-- the lead e-mails keep decision 016's copy of it for now. Nothing is dropped: what the cap
-- holds back waits for its digest, and each message is in exactly one send per channel. A
-- Standard Webhooks receiver (a program: a CRM, n8n) still gets every event on its own, as
-- decision 032 promises. Safe to apply twice.

-- ---------------------------------------------------------------------------------------------
-- The ledger: one row per message a capped queue sent, or is sending, to one channel ('' is
-- the company's inbox; a chat receiver's id otherwise). What the cap and the digest's turn
-- count; kept two days.
create table if not exists private.outbox_sends (
  id bigint generated always as identity primary key,
  queue text not null check (queue ~ '^[a-z][a-z_.]{0,59}$'),
  channel text not null default '' check (char_length(channel) <= 40),
  kind text not null check (kind in ('single', 'digest')),
  items integer not null default 0 check (items >= 0),
  started_at timestamptz not null default now(),
  finished_at timestamptz,
  -- null while the receiving end has not answered
  ok boolean
);
create index if not exists outbox_sends_turn_idx
  on private.outbox_sends (queue, channel, kind, started_at);
create index if not exists outbox_sends_started_idx on private.outbox_sends (started_at);
revoke all on table private.outbox_sends from public;

-- The one back-off: after the n-th failed attempt, 1 minute, 2, 4 … at most 6 hours (the
-- exponent is bounded: an interval can overflow after about fifty failures).
create or replace function private.outbox_backoff(p_failures integer)
  returns interval language sql immutable set search_path = ''
as $$
  select least(interval '6 hours',
    interval '1 minute' * power(2, least(greatest(coalesce(p_failures, 1) - 1, 0), 20)))
$$;
revoke all on function private.outbox_backoff(integer) from public;

-- What the cap allows one queue on one channel now: how many single messages, whether a digest
-- may go, and when the next may. Decided one at a time per queue and channel (a lock held to
-- the end of the caller's transaction), on every server and Edge Function. A send that failed
-- reached nobody: it counts neither against the cap nor as the digest's turn.
create or replace function private.outbox_turn(
  p_queue text,
  p_channel text,
  out singles integer,
  out digest_now boolean,
  out next_digest_at timestamptz
)
  language plpgsql set search_path = ''
as $$
declare
  settings private.contact_settings;
  last_digest timestamptz;
begin
  perform pg_advisory_xact_lock(20261205, hashtext(p_queue || ' ' || p_channel));
  select * into settings from private.contact_settings;
  select greatest(0, settings.mail_per_hour - count(*)::integer) into singles
    from private.outbox_sends s
   where s.queue = p_queue and s.channel = p_channel and s.kind = 'single'
     and s.started_at > now() - interval '1 hour' and s.ok is not false;
  select max(s.started_at) into last_digest
    from private.outbox_sends s
   where s.queue = p_queue and s.channel = p_channel and s.kind = 'digest'
     and s.ok is not false
     and s.started_at > now() - make_interval(mins => settings.digest_every_minutes);
  digest_now := last_digest is null;
  next_digest_at := coalesce(last_digest + make_interval(mins => settings.digest_every_minutes),
                             now());
end
$$;
revoke all on function private.outbox_turn(text, text) from public;

create or replace function private.open_outbox_send(
  p_queue text,
  p_channel text,
  p_kind text,
  p_items integer
)
  returns bigint language sql set search_path = ''
as $$
  insert into private.outbox_sends (queue, channel, kind, items)
  values (p_queue, p_channel, p_kind, p_items)
  returning id
$$;
revoke all on function private.open_outbox_send(text, text, text, integer) from public;

create or replace function private.finish_outbox_send(p_id bigint, p_ok boolean)
  returns void language sql set search_path = ''
as $$
  update private.outbox_sends set finished_at = coalesce(finished_at, now()), ok = p_ok
   where id = p_id;
$$;
revoke all on function private.finish_outbox_send(bigint, boolean) from public;

-- ---------------------------------------------------------------------------------------------
-- The company's outbox (20261128120000_reply_promise.sql): alerts claimed per kind through the
-- turn above. Each claimed alert names its send, a single e-mail or a digest of its kind.
alter table private.company_alerts add column if not exists send_id bigint;
create index if not exists company_alerts_send_idx on private.company_alerts (send_id)
  where sent_at is null;

do $$
begin
  if not exists (
    select 1 from pg_attribute a
      join pg_type t on t.typrelid = a.attrelid
      join pg_namespace n on n.oid = t.typnamespace
     where n.nspname = 'private' and t.typname = 'company_alert_claim' and a.attname = 'send_id'
  ) then
    alter type private.company_alert_claim add attribute send_id bigint,
      add attribute send_kind text;
  end if;
end
$$;

-- Claims due alerts for p_lease_minutes: per kind, single e-mails while the hour's cap allows
-- (p_limit at most in one call), then, once the cap is spent, the rest of the kind in one
-- digest (at most digest_max_leads) when its turn has come. The weekly summary is one a week
-- (its unique index) and never capped. A lead answered since its overdue alert was queued needs
-- no alert any more: it is dropped, never sent.
create or replace function private.claim_company_alerts(p_limit integer, p_lease_minutes integer)
  returns setof private.company_alert_claim language plpgsql set search_path = ''
as $$
declare
  settings private.contact_settings;
  due_kind text;
  queue text;
  turn record;
  singles_allowed integer;
  digest_allowed boolean;
  picked bigint;
  new_send bigint;
  singles_left integer := p_limit;
  singles_taken integer;
  claimed integer;
begin
  select * into settings from private.contact_settings;
  delete from private.company_alerts a
   using public.contact_submissions s
   where a.kind = 'lead_overdue' and a.sent_at is null and s.id = a.lead_id
     and s.first_answered_at is not null;
  delete from private.outbox_sends o where o.started_at < now() - interval '2 days';

  for due_kind in
    select distinct a.kind from private.company_alerts a
     where a.sent_at is null and a.due_at <= now()
       and (a.claimed_until is null or a.claimed_until <= now())
     order by a.kind
  loop
    queue := 'alert.' || due_kind;
    if due_kind = 'weekly_summary' then
      singles_allowed := singles_left;
      digest_allowed := false;
    else
      turn := private.outbox_turn(queue, '');
      singles_allowed := turn.singles;
      digest_allowed := turn.digest_now;
    end if;
    singles_taken := 0;
    for picked in
      select a.id from private.company_alerts a
       where a.kind = due_kind and a.sent_at is null and a.due_at <= now()
         and (a.claimed_until is null or a.claimed_until <= now())
       order by a.due_at, a.id
       limit greatest(0, least(singles_allowed, singles_left))
         for update skip locked
    loop
      new_send := private.open_outbox_send(queue, '', 'single', 1);
      singles_taken := singles_taken + 1;
      return query
        update private.company_alerts a
           set claimed_until = now() + make_interval(mins => p_lease_minutes),
               attempts = a.attempts + 1, send_id = new_send
         where a.id = picked
        returning a.id, a.kind, a.lead_id, a.incident_id, a.week::text, new_send, 'single'::text;
    end loop;
    singles_left := singles_left - singles_taken;

    -- The cap is spent (not merely this call's share of it): the rest goes as one digest.
    if digest_allowed and singles_taken >= singles_allowed then
      new_send := private.open_outbox_send(queue, '', 'digest', 0);
      return query
        with rest as (
          select a.id from private.company_alerts a
           where a.kind = due_kind and a.sent_at is null and a.due_at <= now()
             and (a.claimed_until is null or a.claimed_until <= now())
           order by a.due_at, a.id
           limit settings.digest_max_leads
             for update skip locked
        )
        update private.company_alerts a
           set claimed_until = now() + make_interval(mins => p_lease_minutes),
               attempts = a.attempts + 1, send_id = new_send
          from rest
         where a.id = rest.id
        returning a.id, a.kind, a.lead_id, a.incident_id, a.week::text, new_send,
          'digest'::text;
      get diagnostics claimed = row_count;
      if claimed = 0 then
        delete from private.outbox_sends where id = new_send;
      else
        update private.outbox_sends set items = claimed where id = new_send;
      end if;
    end if;
  end loop;
end
$$;
revoke all on function private.claim_company_alerts(integer, integer) from public;

-- How a send of the company's outbox ended, for every alert it carried: sent, or failed for now
-- with the one back-off.
create or replace function private.finish_alert_send(p_send_id bigint, p_ok boolean, p_error text)
  returns void language plpgsql set search_path = ''
as $$
begin
  perform private.finish_outbox_send(p_send_id, p_ok);
  if p_ok then
    update private.company_alerts a
       set sent_at = now(), claimed_until = null, failed_at = null, last_error = null
     where a.send_id = p_send_id and a.sent_at is null;
  else
    update private.company_alerts a
       set failed_at = now(), last_error = left(coalesce(p_error, 'unknown error'), 500),
           due_at = now() + private.outbox_backoff(a.attempts), claimed_until = null
     where a.send_id = p_send_id and a.sent_at is null;
  end if;
end
$$;
revoke all on function private.finish_alert_send(bigint, boolean, text) from public;

-- The mail server refused the send's content for good and it carried one alert: set apart,
-- never due again (a digest is split first, below).
create or replace function private.refuse_alert_send(p_send_id bigint, p_error text)
  returns void language plpgsql set search_path = ''
as $$
begin
  perform private.finish_outbox_send(p_send_id, false);
  update private.company_alerts a
     set failed_at = now(), refused_at = now(), due_at = 'infinity', claimed_until = null,
         last_error = left(coalesce(p_error, 'refused'), 500)
   where a.send_id = p_send_id and a.sent_at is null;
end
$$;
revoke all on function private.refuse_alert_send(bigint, text) from public;

-- A digest whose content was refused for good is split (decision 022's way): these of its
-- alerts, those still on it, move to a digest send of their own with a fresh lease. The
-- refused send ends failed; the parts are digests, so the cap of single e-mails holds.
create or replace function private.split_alert_send(
  p_send_id bigint,
  p_ids bigint[],
  p_lease_minutes integer
)
  returns setof private.company_alert_claim language plpgsql set search_path = ''
as $$
declare
  send private.outbox_sends;
  new_send bigint;
  moved integer;
begin
  select * into send from private.outbox_sends where id = p_send_id;
  perform private.finish_outbox_send(p_send_id, false);
  new_send := private.open_outbox_send(send.queue, send.channel, 'digest', 0);
  return query
    update private.company_alerts a
       set claimed_until = now() + make_interval(mins => p_lease_minutes), send_id = new_send
     where a.id = any(p_ids) and a.send_id = p_send_id and a.sent_at is null
    returning a.id, a.kind, a.lead_id, a.incident_id, a.week::text, new_send, 'digest'::text;
  get diagnostics moved = row_count;
  if moved = 0 then
    delete from private.outbox_sends where id = new_send;
  else
    update private.outbox_sends set items = moved where id = new_send;
  end if;
end
$$;
revoke all on function private.split_alert_send(bigint, bigint[], integer) from public;

-- ---------------------------------------------------------------------------------------------
-- Webhooks (20261126000000_webhooks.sql): a receiver read by people (Slack, Teams, Discord)
-- gets at most the hour's cap of posts of each event type; the rest of that type go together
-- in one post when the digest's turn comes. A Standard Webhooks receiver is a program: every
-- event reaches it on its own, with its own id (decision 032).
alter table private.webhook_deliveries add column if not exists send_id bigint;
create index if not exists webhook_deliveries_send_idx on private.webhook_deliveries (send_id)
  where delivered_at is null;

do $$
begin
  if not exists (
    select 1 from pg_attribute a
      join pg_type t on t.typrelid = a.attrelid
      join pg_namespace n on n.oid = t.typnamespace
     where n.nspname = 'private' and t.typname = 'webhook_claim' and a.attname = 'send_id'
  ) then
    alter type private.webhook_claim add attribute send_id bigint,
      add attribute send_kind text;
  end if;
end
$$;

-- How many events one chat post may carry: what fits a Slack or Teams message comfortably, and
-- about what fits a Discord message's 2000 characters (webhook-messages.ts measures; what does
-- not fit is held back for the next digest).
create or replace function private.webhook_digest_size(p_format text)
  returns integer language sql immutable set search_path = ''
as $$
  select case p_format when 'discord' then 10 else 25 end
$$;
revoke all on function private.webhook_digest_size(text) from public;

-- Claims this receiver's next due delivery (oldest first) for p_lease_seconds; nothing when
-- there is none, the receiver is not listed or is disabled, or every due one is claimed. For a
-- chat receiver the delivery's type takes its turn: a single post while the hour's cap allows,
-- else every due delivery of that type in one digest (several rows, one send) when the
-- digest's turn has come, else that type waits for its turn (due then) and the next oldest of
-- another type is looked at.
create or replace function private.claim_webhook_delivery(
  p_receiver_id bigint,
  p_lease_seconds integer
)
  returns setof private.webhook_claim language plpgsql set search_path = ''
as $$
declare
  receiver private.webhook_receivers;
  picked bigint;
  picked_type text;
  queue text;
  turn record;
  new_send bigint;
  claimed integer;
begin
  select * into receiver from private.webhook_receivers r
   where r.id = p_receiver_id and r.active and r.disabled_at is null;
  if not found then
    return;
  end if;
  loop
    select d.id, e.type into picked, picked_type
      from private.webhook_deliveries d
      join private.webhook_events e on e.id = d.event_id
     where d.receiver_id = p_receiver_id
       and d.delivered_at is null and d.failed_at is null
       and d.due_at <= now() and (d.claimed_until is null or d.claimed_until <= now())
     order by d.due_at, d.id
     limit 1
     for update of d skip locked;
    if picked is null then
      return;
    end if;

    if receiver.format = 'standard' then
      return query
        update private.webhook_deliveries d
           set claimed_until = now() + make_interval(secs => p_lease_seconds), send_id = null
          from private.webhook_events e
         where d.id = picked and e.id = d.event_id
        returning d.id, d.event_id, d.attempts, e.payload, receiver.url, receiver.format,
          receiver.secret, null::bigint, 'single'::text;
      return;
    end if;

    queue := 'webhook.' || picked_type;
    turn := private.outbox_turn(queue, p_receiver_id::text);
    if turn.singles > 0 then
      new_send := private.open_outbox_send(queue, p_receiver_id::text, 'single', 1);
      return query
        update private.webhook_deliveries d
           set claimed_until = now() + make_interval(secs => p_lease_seconds), send_id = new_send
          from private.webhook_events e
         where d.id = picked and e.id = d.event_id
        returning d.id, d.event_id, d.attempts, e.payload, receiver.url, receiver.format,
          receiver.secret, new_send, 'single'::text;
      return;
    end if;

    if turn.digest_now then
      new_send := private.open_outbox_send(queue, p_receiver_id::text, 'digest', 0);
      return query
        with rest as (
          select d.id from private.webhook_deliveries d
            join private.webhook_events e on e.id = d.event_id
           where d.receiver_id = p_receiver_id and e.type = picked_type
             and d.delivered_at is null and d.failed_at is null
             and d.due_at <= now() and (d.claimed_until is null or d.claimed_until <= now())
           order by d.due_at, d.id
           limit private.webhook_digest_size(receiver.format)
             for update of d skip locked
        )
        update private.webhook_deliveries d
           set claimed_until = now() + make_interval(secs => p_lease_seconds), send_id = new_send
          from rest, private.webhook_events e
         where d.id = rest.id and e.id = d.event_id
        returning d.id, d.event_id, d.attempts, e.payload, receiver.url, receiver.format,
          receiver.secret, new_send, 'digest'::text;
      get diagnostics claimed = row_count;
      update private.outbox_sends set items = claimed where id = new_send;
      return;
    end if;

    -- This type's cap is spent and its digest went lately: all of it waits for the next turn.
    update private.webhook_deliveries d
       set due_at = turn.next_digest_at
      from private.webhook_events e
     where e.id = d.event_id and d.receiver_id = p_receiver_id and e.type = picked_type
       and d.delivered_at is null and d.failed_at is null and d.due_at <= now()
       and (d.claimed_until is null or d.claimed_until <= now());
    picked := null;
  end loop;
end
$$;
revoke all on function private.claim_webhook_delivery(bigint, integer) from public;

-- How a chat post ended, for every delivery it carried (private.finish_webhook_delivery for
-- each, so one rule decides retries and setting apart), the ledger told; a failed digest's
-- deliveries are due again together, so they go together again.
create or replace function private.finish_webhook_send(
  p_send_id bigint,
  p_outcome text,
  p_status integer,
  p_error text,
  p_retry_after_seconds integer
)
  returns void language plpgsql set search_path = ''
as $$
declare
  delivery bigint;
begin
  for delivery in
    select d.id from private.webhook_deliveries d
     where d.send_id = p_send_id and d.delivered_at is null
     order by d.id
  loop
    perform private.finish_webhook_delivery(delivery, p_outcome, p_status, p_error,
      p_retry_after_seconds);
  end loop;
  update private.webhook_deliveries d
     set due_at = (select max(x.due_at) from private.webhook_deliveries x
                    where x.send_id = p_send_id and x.delivered_at is null
                      and x.failed_at is null)
   where d.send_id = p_send_id and d.delivered_at is null and d.failed_at is null;
  perform private.finish_outbox_send(p_send_id, p_outcome = 'delivered');
end
$$;
revoke all on function private.finish_webhook_send(bigint, text, integer, text, integer)
  from public;

-- A digest too long for one message (Discord's 2000 characters): these of its deliveries go
-- back to wait for the next digest, unclaimed and not counted.
create or replace function private.hold_back_webhook_deliveries(p_send_id bigint, p_ids bigint[])
  returns void language plpgsql set search_path = ''
as $$
begin
  update private.webhook_deliveries
     set claimed_until = null, send_id = null
   where send_id = p_send_id and id = any(p_ids) and delivered_at is null;
  update private.outbox_sends
     set items = (select count(*) from private.webhook_deliveries d where d.send_id = p_send_id)
   where id = p_send_id;
end
$$;
revoke all on function private.hold_back_webhook_deliveries(bigint, bigint[]) from public;

-- The sender stopped before the receiver answered: the post's deliveries are due again at
-- once, no attempt counted, and the send reached nobody.
create or replace function private.release_webhook_send(p_send_id bigint)
  returns void language plpgsql set search_path = ''
as $$
begin
  update private.webhook_deliveries set claimed_until = null
   where send_id = p_send_id and delivered_at is null;
  perform private.finish_outbox_send(p_send_id, false);
end
$$;
revoke all on function private.release_webhook_send(bigint) from public;
