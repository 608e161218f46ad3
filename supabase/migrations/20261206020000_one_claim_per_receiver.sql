-- Two servers claiming one chat receiver's deliveries at once could deadlock (PostgreSQL
-- answered one of them "deadlock detected" and its sweep did nothing that turn): a claim locked
-- a due delivery (`for update skip locked`) and then waited for its type's turn (the advisory
-- lock of private.outbox_turn), while the other claim, holding that turn, moved every due
-- delivery of the type to the next digest, the locked one included, and waited for it. Locks
-- taken in two orders make a cycle; now a claim first takes its receiver's lock, so claims of
-- one receiver run one after another and every lock after it is taken by one of them at a time
-- (decision 088). A claim is a few short statements: the wait is milliseconds.
-- Safe to apply twice.

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
  -- First, before any delivery is locked: one claim at a time per receiver.
  perform pg_advisory_xact_lock(20261206, hashtext('webhook receiver ' || p_receiver_id));
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
