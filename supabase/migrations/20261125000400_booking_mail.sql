-- Delivering the booking e-mails (issue 19, decision 029): the outbox private.booking_messages
-- (20261125000000_bookings.sql) is claimed, sent and recorded the way lead e-mails are
-- (20261122000000_mail_delivery.sql, decision 016): a lease longer than the SMTP time limits,
-- `for update skip locked`, a doubling back-off, and a permanent refusal set apart (decision
-- 022). The visitor's e-mails carry the manage link, whose token is stored only as a hash: the
-- two calls that know it put it on the rows that need it, until they are sent. pg_cron asks the
-- send-booking-email function to sweep every minute on hosted Supabase. Safe to apply twice.

-- The manage token, on the visitor's rows that show the link (confirmation, update, reminder)
-- while they wait to be sent: cleared when the row is sent or refused, deleted with the row
-- (dropped, or erased with its booking). Never on the company's rows.
alter table private.booking_messages
  add column if not exists manage_token text,
  add column if not exists refused_at timestamptz;

alter table private.booking_messages
  drop constraint if exists booking_messages_manage_token_check,
  add constraint booking_messages_manage_token_check
    check (manage_token is null or (manage_token ~ '^[0-9a-f]{64}$' and recipient = 'visitor'));

-- Puts the manage token on the booking's visitor rows still to be sent that show the link.
-- Returns the booking as given, so the calls below stay one expression.
create or replace function private.attach_manage_link(p_booking jsonb, p_token text)
  returns jsonb language sql set search_path = ''
as $$
  update private.booking_messages m
     set manage_token = p_token
   where m.booking_id = (p_booking ->> 'id')::uuid
     and m.recipient = 'visitor'
     and m.kind in ('confirmation', 'update', 'reminder')
     and m.sent_at is null and m.refused_at is null
     and m.manage_token is null
     and p_token ~ '^[0-9a-f]{64}$';
  select p_booking;
$$;
revoke all on function private.attach_manage_link(jsonb, text) from public;

-- The two calls that know the token (20261125000200_booking_calls.sql), now also giving it to
-- the e-mails that link to the manage page. Same arguments, grants kept.
create or replace function public.book_meeting(
  starts_at timestamptz default null,
  name text default null,
  email text default null,
  company text default null,
  note text default null,
  time_zone text default null,
  form_trap text default null,
  form_elapsed_ms integer default null
)
  returns jsonb language sql volatile security definer set search_path = ''
as $$
  select private.attach_manage_link(b, b ->> 'manage_token')
    from private.book_meeting($1, $2, $3, $4, $5, $6, $7, $8, now()) b
$$;

create or replace function public.reschedule_booking(
  token text default null,
  starts_at timestamptz default null
)
  returns jsonb language sql volatile security definer set search_path = ''
as $$
  select private.attach_manage_link(private.reschedule_booking($1, $2, now()), $1)
$$;

revoke all on function public.book_meeting(timestamptz, text, text, text, text, text, text, integer)
  from public, anon, authenticated;
revoke all on function public.reschedule_booking(text, timestamptz) from public, anon, authenticated;
grant execute on function public.book_meeting(timestamptz, text, text, text, text, text, text,
  integer) to anon, authenticated, service_role;
grant execute on function public.reschedule_booking(text, timestamptz)
  to anon, authenticated, service_role;

-- What a claim hands the sender: the row, and the booking as it is now.
do $$
begin
  if not exists (
    select 1 from pg_type t join pg_namespace n on n.oid = t.typnamespace
     where n.nspname = 'private' and t.typname = 'booking_mail_claim'
  ) then
    create type private.booking_mail_claim as (
      message_id bigint,
      kind text,
      recipient text,
      sequence integer,
      manage_token text,
      booking_id uuid,
      lead_id uuid,
      status text,
      starts_at timestamptz,
      ends_at timestamptz,
      name text,
      email text,
      company text,
      note text,
      time_zone text,
      company_time_zone text,
      meeting_url text,
      cancelled_by text,
      cancel_message text
    );
  end if;
end
$$;

-- Claims due rows (of one booking, or of all when p_booking_id is null) for p_lease_minutes:
-- while the lease runs nobody else may send them, and a sender that dies leaves them due again
-- when it ends. Rows a later change made pointless are dropped first, never sent: an invitation
-- or reminder of an older sequence (the later e-mail says it all), a reminder of a meeting that
-- is not confirmed any more, anything to the visitor once the meeting has begun. The company's
-- copies always go: they are its notice of the lead.
create or replace function private.claim_booking_mail(
  p_booking_id uuid,
  p_limit integer,
  p_lease_minutes integer
)
  returns setof private.booking_mail_claim language plpgsql set search_path = ''
as $$
begin
  delete from private.booking_messages m
   where m.id in (
     select d.id from private.booking_messages d
       join public.bookings b on b.id = d.booking_id
      where d.sent_at is null and d.due_at <= now()
        and (d.claimed_until is null or d.claimed_until <= now())
        and (p_booking_id is null or d.booking_id = p_booking_id)
        and ((d.kind <> 'cancellation' and d.sequence < b.sequence)
          or (d.kind = 'reminder' and b.status <> 'confirmed')
          or (d.recipient = 'visitor' and b.starts_at <= now()))
        for update of d skip locked);
  return query
    with picked as (
      select m.id from private.booking_messages m
       where m.sent_at is null and m.due_at <= now()
         and (m.claimed_until is null or m.claimed_until <= now())
         and (p_booking_id is null or m.booking_id = p_booking_id)
       order by m.due_at, m.id
       limit p_limit
         for update skip locked
    ), claimed as (
      update private.booking_messages m
         set claimed_until = now() + make_interval(mins => p_lease_minutes),
             attempts = m.attempts + 1
        from picked
       where m.id = picked.id
      returning m.*
    )
    select c.id, c.kind, c.recipient, c.sequence, c.manage_token, b.id, b.lead_id, b.status,
        b.starts_at, b.ends_at, b.name, b.email, b.company, b.note, b.time_zone, s.time_zone,
        b.meeting_url, b.cancelled_by, b.cancel_message
      from claimed c
      join public.bookings b on b.id = c.booking_id
     cross join private.booking_settings s
     order by c.due_at, c.id;
end
$$;
revoke all on function private.claim_booking_mail(uuid, integer, integer) from public;

-- The same for the booking a manage token opens, and nothing when it opens none: what the
-- booking page asks for right after a change. An unknown token claims nothing (never the
-- whole outbox) and learns nothing.
create or replace function private.claim_booking_mail_by_token(
  p_token text,
  p_limit integer,
  p_lease_minutes integer
)
  returns setof private.booking_mail_claim language plpgsql set search_path = ''
as $$
declare
  found_id uuid;
begin
  select b.id into found_id from public.bookings b
   where b.manage_token_hash = private.manage_token_hash(p_token);
  if found_id is null then
    return;
  end if;
  return query select * from private.claim_booking_mail(found_id, p_limit, p_lease_minutes);
end
$$;
revoke all on function private.claim_booking_mail_by_token(text, integer, integer) from public;

-- Records how a claimed row's send ended: sent (the token goes), or failed for now with a
-- doubling back-off (1 minute, 2, 4 … at most 6 hours) and the reason. A row sent or dropped
-- meanwhile (another sender after an expired lease, a cancellation) is left as it is.
create or replace function private.finish_booking_mail(p_id bigint, p_ok boolean, p_error text)
  returns void language plpgsql set search_path = ''
as $$
begin
  if p_ok then
    update private.booking_messages m
       set sent_at = now(), manage_token = null, claimed_until = null,
           failed_at = null, last_error = null
     where m.id = p_id and m.sent_at is null;
  else
    update private.booking_messages m
       set failed_at = now(),
           last_error = left(coalesce(p_error, 'unknown error'), 500),
           due_at = now() + least(interval '6 hours',
             interval '1 minute' * power(2, greatest(m.attempts - 1, 0))),
           claimed_until = null
     where m.id = p_id and m.sent_at is null;
  end if;
end
$$;
revoke all on function private.finish_booking_mail(bigint, boolean, text) from public;

-- The mail server refused the row's content for good (decision 022): set apart, never due
-- again ('infinity'), its token gone, the reason kept. `update … set refused_at = null,
-- due_at = now()` sends it again (docs/booking.md).
create or replace function private.refuse_booking_mail(p_id bigint, p_error text)
  returns void language plpgsql set search_path = ''
as $$
begin
  update private.booking_messages m
     set failed_at = now(), refused_at = now(),
         last_error = left(coalesce(p_error, 'refused'), 500),
         due_at = 'infinity', manage_token = null, claimed_until = null
   where m.id = p_id and m.sent_at is null;
end
$$;
revoke all on function private.refuse_booking_mail(bigint, text) from public;

-- ---------------------------------------------------------------------------------------------
-- The scheduled sweep on hosted Supabase. private.request_mail_sweep()
-- (20261124000210_mail_sweep_secret.sql) asks one function; this asks any of ours, by path,
-- with the same Vault secrets, and the lead sweep becomes one call of it.

create or replace function private.request_function_sweep(p_path text)
  returns void language plpgsql set search_path = ''
as $$
declare
  project_url text;
  publishable_key text;
  sweep_secret text;
begin
  if to_regprocedure('net.http_post(text, jsonb, jsonb, jsonb, integer)') is null then
    raise notice 'pg_net is not installed: the sweep of % is not requested.', p_path;
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
  execute 'select net.http_post(url := $1, body := $2, headers := $3)'
    using
      rtrim(project_url, '/') || '/functions/v1/' || p_path,
      '{}'::jsonb,
      jsonb_build_object(
        'Content-Type', 'application/json',
        'apikey', publishable_key,
        'Authorization', 'Bearer ' || publishable_key,
        'X-Mail-Sweep-Secret', sweep_secret
      );
end
$$;
revoke all on function private.request_function_sweep(text) from public;

create or replace function private.request_mail_sweep()
  returns void language sql set search_path = ''
as $$
  select private.request_function_sweep('send-contact-email/retry')
$$;
revoke all on function private.request_mail_sweep() from public;

do $$
begin
  if private.schedule_if_cron(
    'send-booking-email-sweep', '* * * * *',
    'select private.request_function_sweep(''send-booking-email/sweep'')'
  ) and exists (select 1 from pg_available_extensions where name = 'pg_net') then
    create extension if not exists pg_net;
  end if;
end
$$;
