-- The agenda safe from strangers (decision 038). A booking made on the site is a hold: it keeps
-- its slot for `hold_minutes` and becomes a meeting only when someone confirms it from the
-- inbox it names, through the manage link, which now travels only by e-mail. A stranger who
-- types someone else's address (or a made-up one) therefore causes one short e-mail that
-- carries none of their words, and a hold that frees itself; the invitation, the company's copy,
-- the reminder and the webhooks' booking.created come when the meeting really exists. Limits
-- count networks (an IPv6 /48, an IPv4 /24) besides addresses, and e-mail inboxes (the same
-- inbox however its address is spelled): per network, bookings a day, holds at once and
-- meetings to come; per inbox, requests a day. Nothing is taken from the contact guard or the
-- flood limits; the booking calls' own rules only. Safe to apply twice.

-- ---------------------------------------------------------------------------------------------
-- Settings (server/booking/booking-settings.ts holds the same defaults).

alter table private.booking_settings
  -- How long a booking waits for its confirmation from the inbox before its slot is freed.
  add column if not exists hold_minutes integer not null default 30
    check (hold_minutes between 5 and 1440),
  -- Bookings one network (IPv6 /48, IPv4 /24) may make in 24 hours, cancelled ones included.
  add column if not exists per_network_per_day integer not null default 6
    check (per_network_per_day >= 1),
  -- Bookings of one network waiting for their confirmation at once.
  add column if not exists holds_per_network integer not null default 2
    check (holds_per_network >= 1),
  -- Meetings to come (held or confirmed) of one network.
  add column if not exists upcoming_per_network integer not null default 6
    check (upcoming_per_network >= 1),
  -- Confirmation requests one inbox may be sent in 24 hours, whoever asks: all a stranger can
  -- make the company's mail server send to an address.
  add column if not exists requests_per_email_per_day integer not null default 3
    check (requests_per_email_per_day between 1 and 10);

-- ---------------------------------------------------------------------------------------------
-- The bookings: a new status, when the hold ends, when it was confirmed, the hold's token and
-- the network it came from.

alter table public.bookings
  -- When the hold ends; kept after (the desk shows until when an unconfirmed one waited).
  add column if not exists hold_until timestamptz,
  -- When the inbox confirmed it; null for a hold never confirmed.
  add column if not exists confirmed_at timestamptz,
  -- SHA-256 of the token the booking page holds: it can ask for the hold's e-mail at once and
  -- give the hold up (a mistyped address), nothing else. Shown once, never stored.
  add column if not exists hold_token_hash text unique,
  -- private.client_network(client_key): what the network limits count.
  add column if not exists client_network text;

-- Every booking before holds existed was confirmed when it was made.
update public.bookings set confirmed_at = created_at
 where confirmed_at is null and hold_until is null;
-- A booking written straight into the table (the desk, a test) is a meeting at once.
alter table public.bookings alter column confirmed_at set default now();
update public.bookings set client_network = private.client_network(client_key)
 where client_network is null and client_key is not null;

-- Dropped and added again so applying twice keeps one of each.
alter table public.bookings
  drop constraint if exists bookings_status_check,
  add constraint bookings_status_check
    check (status in ('pending', 'confirmed', 'held', 'no_show', 'cancelled')),
  drop constraint if exists bookings_pending_check,
  -- Pending is exactly "neither confirmed nor cancelled", and always has its end.
  add constraint bookings_pending_check check (
    (status = 'pending') = (confirmed_at is null and cancelled_at is null)
    and (status <> 'pending' or hold_until is not null)
  );

create index if not exists bookings_network_created_idx
  on public.bookings (client_network, created_at) where client_network is not null;
create index if not exists bookings_pending_idx
  on public.bookings (hold_until) where status = 'pending';

-- The one e-mail a hold sends: the request to confirm, to the visitor only.
alter table private.booking_messages
  drop constraint if exists booking_messages_kind_check,
  add constraint booking_messages_kind_check
    check (kind in ('request', 'confirmation', 'reminder', 'update', 'cancellation'));

-- One row per confirmation request sent to an inbox: what the per-inbox limit counts. Only a
-- SHA-256 of the inbox (private.mail_recipient_key), kept two days.
create table if not exists private.booking_requests (
  recipient_hash text not null,
  requested_at timestamptz not null
);
create index if not exists booking_requests_recipient_idx
  on private.booking_requests (recipient_hash, requested_at);
revoke all on table private.booking_requests from public;

-- ---------------------------------------------------------------------------------------------
-- Helpers.

-- The inbox an address reaches, however it is written: letter case, a subaddress after '+'
-- (Gmail, Outlook, iCloud, Fastmail, Proton…: ana+1@ and ana@ are one inbox), and the dots Gmail
-- ignores. Two spellings of one inbox count as one for every per-e-mail rule.
create or replace function private.mail_recipient_key(p_email text)
  returns text language sql immutable set search_path = ''
as $$
  with parts as (
    select lower(split_part(p_email, '@', 1)) as local_part,
           lower(substr(p_email, strpos(p_email, '@') + 1)) as domain
  ),
  tagless as (
    select case when strpos(local_part, '+') > 1 then split_part(local_part, '+', 1)
                else local_part end as local_part,
           case when domain = 'googlemail.com' then 'gmail.com' else domain end as domain
      from parts
  )
  select case when domain = 'gmail.com' then replace(local_part, '.', '') else local_part end
         || '@' || domain
    from tagless
   where p_email is not null
$$;
revoke all on function private.mail_recipient_key(text) from public;

create index if not exists bookings_recipient_idx
  on public.bookings (private.mail_recipient_key(email));

-- A booking's state as visitors and the desk read it: 'pending' (waiting for its confirmation),
-- 'expired' (never confirmed in time: its slot is free), or its status.
create or replace function private.booking_state(b public.bookings, p_now timestamptz)
  returns text language sql stable set search_path = ''
as $$
  select case
    when b.status = 'pending' and b.hold_until <= p_now then 'expired'
    when b.status = 'cancelled' and b.confirmed_at is null and b.cancelled_by is null then 'expired'
    else b.status
  end
$$;
revoke all on function private.booking_state(public.bookings, timestamptz) from public;

-- The lead's message while its booking waits for the inbox, and once its time is up
-- (20261125000200_booking_calls.sql's booking_lead_message says the rest).
create or replace function private.hold_lead_message(p_expired boolean, p_starts_at timestamptz,
  p_note text)
  returns text language sql stable set search_path = ''
as $$
  select format(E'%s: %s (%s).\n\n%s',
      case when p_expired then 'Pedido de consultoria gratuita não confirmado por e-mail'
           else 'Consultoria gratuita pedida pelo site, aguardando confirmação por e-mail' end,
      to_char(p_starts_at at time zone s.time_zone, 'DD/MM/YYYY "às" HH24:MI'),
      s.time_zone,
      p_note)
    from private.booking_settings s
$$;
revoke all on function private.hold_lead_message(boolean, timestamptz, text) from public;

-- The lead's message, kept in step with the booking, whatever its state.
create or replace function private.booking_lead_text(b public.bookings, p_now timestamptz)
  returns text language sql stable set search_path = ''
as $$
  select case private.booking_state(b, p_now)
    when 'pending' then private.hold_lead_message(false, b.starts_at, b.note)
    when 'expired' then private.hold_lead_message(true, b.starts_at, b.note)
    else private.booking_lead_message(b.status, b.sequence, b.starts_at, b.note)
  end
$$;
revoke all on function private.booking_lead_text(public.bookings, timestamptz) from public;

-- A booking as the page shows it (20261125000200_booking_calls.sql's), with the hold: its
-- state, until when it waits, and whether it may be confirmed.
create or replace function private.booking_json(b public.bookings, p_now timestamptz)
  returns jsonb language sql stable set search_path = ''
as $$
  select jsonb_build_object(
    'id', b.id,
    'status', private.booking_state(b, p_now),
    'starts_at', private.utc_text(b.starts_at),
    'ends_at', private.utc_text(b.ends_at),
    'time_zone', b.time_zone,
    'company_time_zone', s.time_zone,
    'meeting_url', b.meeting_url,
    'name', b.name,
    'email', b.email,
    'company', b.company,
    'note', b.note,
    'sequence', b.sequence,
    'hold_until', private.utc_text(b.hold_until),
    'cancelled_at', private.utc_text(b.cancelled_at),
    'cancelled_by', b.cancelled_by,
    'cancel_message', b.cancel_message,
    'can_confirm', private.booking_state(b, p_now) in ('pending', 'expired')
      and b.starts_at > p_now,
    'can_cancel', (b.status = 'confirmed' and b.starts_at > p_now)
      or private.booking_state(b, p_now) = 'pending',
    'can_reschedule', b.status = 'confirmed' and b.starts_at > p_now
      and b.sequence < private.booking_change_limit()
  )
    from private.booking_settings s
$$;
revoke all on function private.booking_json(public.bookings, timestamptz) from public;

-- A booking call from a network the company blocked (20261128010000_blocked_networks.sql).
create or replace function private.refuse_blocked_booking()
  returns void language plpgsql set search_path = ''
as $$
begin
  perform private.booking_refuse(403, 'network_blocked',
    'Não é possível agendar a partir desta rede. Fale com a gente por e-mail ou telefone.');
end
$$;
revoke all on function private.refuse_blocked_booking() from public;

-- Ends holds whose time is up (all of them, or those within p_within, but p_except): their
-- slots are free, their unsent request is dropped, their lead says so. The free times already
-- ignore such holds; this makes the rows say it too, and clears the way for the exclusion
-- constraint before a booking takes the slot. Rows another transaction holds are left for the
-- next call. Also forgets the per-inbox requests older than two days. Returns how many ended.
create or replace function private.expire_booking_holds(
  p_now timestamptz default now(),
  p_within tstzrange default null,
  p_except uuid default null
)
  returns integer language plpgsql set search_path = ''
as $$
declare
  ended integer;
begin
  with stale as (
    select b.id from public.bookings b
     where b.status = 'pending' and b.hold_until <= p_now
       and (p_within is null or tstzrange(b.starts_at, b.blocked_until) && p_within)
       and b.id is distinct from p_except
       for update skip locked
  ),
  expired as (
    update public.bookings b
       set status = 'cancelled', cancelled_at = b.hold_until, updated_at = p_now
      from stale
     where b.id = stale.id
    returning b.*
  ),
  leads as (
    -- Read before the update (one snapshot): a hold whose time is up, which is what it says.
    update public.contact_submissions s
       set message = private.booking_lead_text(b, p_now)
      from public.bookings b
      join expired e on e.id = b.id
     where s.id = b.lead_id
    returning 1
  ),
  dropped as (
    delete from private.booking_messages m
     using expired e
     where m.booking_id = e.id and m.sent_at is null
    returning 1
  )
  select count(*) into ended from expired;
  if p_within is null then
    delete from private.booking_requests r where r.requested_at < p_now - interval '2 days';
  end if;
  return ended;
end
$$;
revoke all on function private.expire_booking_holds(timestamptz, tstzrange, uuid) from public;

-- ---------------------------------------------------------------------------------------------
-- The free slots (20261125000100_booking_availability.sql), with holds: a hold keeps its slot
-- (and counts in its day's maximum) until its time is up, then frees it at once, whether or not
-- anything has ended it yet.
create or replace function private.free_slots(
  p_now timestamptz,
  p_from timestamptz default null,
  p_until timestamptz default null,
  p_ignore_booking uuid default null,
  p_count_bookings boolean default true
)
  returns table (starts_at timestamptz, ends_at timestamptz)
  language plpgsql stable
  set jit = off
  set search_path = ''
  rows 400
as $$
#variable_conflict use_column
begin
  return query
  with settings as (
    select s.*,
      make_interval(mins => s.slot_minutes) as slot,
      make_interval(mins => s.buffer_minutes) as buffer,
      greatest(coalesce(p_from, p_now), p_now + make_interval(hours => s.min_notice_hours))
        as earliest,
      least(coalesce(p_until, 'infinity'::timestamptz),
        ((p_now at time zone s.time_zone)::date + s.horizon_days + 1)::timestamp
          at time zone s.time_zone) as until
      from private.booking_settings s
     limit 1
  ),
  span as (
    select s.*, greatest(s.until, s.earliest) as latest,
      (s.earliest at time zone s.time_zone)::date as first_day,
      (greatest(s.until, s.earliest) at time zone s.time_zone)::date as last_day
      from settings s
  ),
  holidays as (
    select h.day, h.closed_until
      from span s,
      generate_series(extract(year from s.first_day)::integer,
        extract(year from greatest(s.first_day, s.last_day))::integer) as y (year),
      private.brazil_holidays(y.year) h
     where h.closure = 'national'
        or (h.closure = 'carnaval' and s.close_on_carnaval)
        or (h.closure = 'corpus_christi' and s.close_on_corpus_christi)
  ),
  open_days as (
    select s.first_day + n as day, max(h.closed_until) as opens_after
      from span s
      cross join generate_series(0, s.last_day - s.first_day) as g (n)
      left join holidays h on h.day = s.first_day + n
     where extract(isodow from s.first_day + n)::integer = any (s.weekdays)
       and not exists (
         select 1 from private.booking_closed_days c where c.day = s.first_day + n
       )
     group by 1
    having bool_and(h.day is null or h.closed_until is not null)
  ),
  slots as materialized (
    select o.day, o.opens_after, local_start,
      local_start at time zone s.time_zone as starts_at
      from open_days o, span s,
      generate_series(0,
        (extract(epoch from s.closes - s.opens)::integer / 60 - s.slot_minutes) / s.slot_minutes)
        as g (n),
      lateral (select (o.day + s.opens) + g.n * s.slot as local_start) l
  ),
  live as (
    -- What keeps a slot: every booking not cancelled, but a hold whose time is up.
    select b.starts_at, b.blocked_until
      from public.bookings b, span s
     where p_count_bookings
       and b.status <> 'cancelled'
       and (b.status <> 'pending' or b.hold_until > p_now)
       and b.id is distinct from p_ignore_booking
       and b.starts_at < greatest((s.last_day + 1)::timestamp at time zone s.time_zone,
         s.latest + s.buffer)
       and b.blocked_until > s.earliest - s.buffer
  ),
  full_days as (
    select (l.starts_at at time zone s.time_zone)::date as day
      from live l, span s
     where l.starts_at >= s.first_day::timestamp at time zone s.time_zone
     group by 1, s.max_per_day
    having count(*) >= s.max_per_day
  ),
  held as (
    select coalesce(range_agg(r.times), '{}'::tstzmultirange) as times
      from (
        select tstzrange(l.starts_at, l.blocked_until) as times
          from live l, span s
         where tstzrange(l.starts_at, l.blocked_until) && tstzrange(s.earliest, s.latest + s.buffer)
        union all
        select tstzrange(t.starts_at, t.ends_at + s.buffer)
          from private.busy_times t, span s
         where tstzrange(t.starts_at, t.ends_at)
            && tstzrange(s.earliest - s.buffer, s.latest + s.buffer)
      ) r
  )
  select sl.starts_at, sl.starts_at + s.slot
    from slots sl, span s, held
   where sl.starts_at >= s.earliest
     and sl.starts_at + s.slot <= s.latest
     and (sl.opens_after is null or sl.local_start::time >= sl.opens_after)
     and not (held.times && tstzrange(sl.starts_at, sl.starts_at + s.slot + s.buffer))
     and sl.day not in (select f.day from full_days f)
   order by sl.starts_at;
end
$$;
revoke all on function private.free_slots(timestamptz, timestamptz, timestamptz, uuid, boolean)
  from public;

-- A 429 whose Retry-After is when the oldest of the counted rows leaves the 24-hour window.
create or replace function private.refuse_for_a_day(
  p_reason text,
  p_message text,
  p_oldest timestamptz,
  p_now timestamptz
)
  returns void language plpgsql set search_path = ''
as $$
declare
  wait_seconds integer :=
    greatest(1, ceil(extract(epoch from p_oldest + interval '1 day' - p_now)))::integer;
begin
  perform private.booking_refuse(429, p_reason, p_message,
    format('Tente de novo em %s hora(s).', ceil(wait_seconds / 3600.0)),
    jsonb_build_object('Retry-After', wait_seconds::text));
end
$$;
revoke all on function private.refuse_for_a_day(text, text, timestamptz, timestamptz) from public;

-- Books a slot as a hold (20261125000200_booking_calls.sql's checks, then the network's and
-- the inbox's): the lead, the booking waiting for its confirmation, and the one e-mail that asks
-- for it, all in this one transaction. Returns the booking with its manage token (which only the
-- e-mail may carry: public.book_meeting keeps it from the caller) and its hold token.
create or replace function private.book_meeting(
  p_starts_at timestamptz,
  p_name text,
  p_email text,
  p_company text,
  p_note text,
  p_time_zone text,
  p_form_trap text,
  p_form_elapsed_ms integer,
  p_now timestamptz
)
  returns jsonb language plpgsql set search_path = ''
as $$
declare
  settings private.booking_settings;
  fill_ms integer;
  visitor_company text := p_company;
  visitor_zone text := p_time_zone;
  caller_ip text := private.request_client_ip();
  caller_key text := private.client_key(caller_ip);
  caller_network text := private.client_network(caller_key);
  recipient text;
  recipient_digest text;
  allowed integer;
  made integer;
  oldest timestamptz;
  token text := replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '');
  hold_token text := replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '');
  new_lead uuid;
  booking public.bookings;
  reserved tstzrange;
  single_line constant text := '[\u0000-\u001f\u007f-\u009f\u2028\u2029]';
begin
  select * into settings from private.booking_settings;
  select c.min_fill_ms into fill_ms from private.contact_settings c;

  if private.is_network_blocked(caller_key) then
    perform private.refuse_blocked_booking();
  end if;

  -- The page's signals stay, against the laziest scripts; nothing relies on them (decision 038:
  -- the caller sets them).
  if coalesce(private.has_visible_text(p_form_trap), false)
     or coalesce(p_form_elapsed_ms, -1) < fill_ms then
    perform private.booking_refuse(400, 'not_confirmed',
      'Não foi possível confirmar o agendamento. Aguarde alguns segundos e tente de novo.');
  end if;

  perform private.check_text_field(p_name, 200, single_line, 'Informe o seu nome.',
    'O nome pode ter até 200 caracteres.',
    'O nome não pode ter quebras de linha nem caracteres de controle.');
  if not coalesce(private.is_email_address(p_email), false) then
    raise exception 'Informe um e-mail válido, como nome@empresa.com.br.' using errcode = '23514';
  end if;
  if not coalesce(private.has_visible_text(visitor_company), false) then
    visitor_company := null;
  end if;
  perform private.check_text_field(visitor_company, 200, single_line, null,
    'O nome da empresa pode ter até 200 caracteres.',
    'O nome da empresa não pode ter quebras de linha nem caracteres de controle.');
  perform private.check_text_field(p_note, 1000,
    '[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]',
    'Conte em poucas palavras o que quer conversar.',
    'O assunto pode ter até 1000 caracteres.',
    'O assunto não pode ter caracteres de controle.');
  if p_starts_at is null then
    perform private.booking_refuse(400, 'slot_required', 'Escolha um horário para a reunião.');
  end if;
  if not private.is_time_zone(visitor_zone) then
    visitor_zone := settings.time_zone;
  end if;

  if not private.is_slot_free(p_now, p_starts_at, null) then
    perform private.refuse_slot(p_now, p_starts_at, null);
  end if;

  -- Per network (an IPv6 /48, an IPv4 /24): one home or office has a /56 or a /48, and a
  -- script behind it as many /64s as it likes. Unknown callers share the cap below instead.
  if caller_network is not null then
    perform pg_advisory_xact_lock(7242113, hashtext(caller_network));
    select count(*) into made from public.bookings b
     where b.client_network = caller_network and b.created_at > p_now - interval '1 day';
    if made >= settings.per_network_per_day then
      select b.created_at into oldest from public.bookings b
       where b.client_network = caller_network and b.created_at > p_now - interval '1 day'
       order by b.created_at offset made - settings.per_network_per_day limit 1;
      perform private.refuse_for_a_day('network_limit',
        'Muitos agendamentos feitos desta rede hoje. Tente novamente mais tarde.', oldest, p_now);
    end if;
    select count(*), min(b.hold_until) into made, oldest from public.bookings b
     where b.client_network = caller_network and b.status = 'pending'
       and b.hold_until > p_now;
    if made >= settings.holds_per_network then
      perform private.booking_refuse(429, 'network_holds',
        'Outro agendamento feito desta rede ainda aguarda confirmação por e-mail. Tente de novo em alguns minutos.',
        format('Tente de novo em %s minuto(s).',
          ceil(extract(epoch from oldest - p_now) / 60.0)),
        jsonb_build_object('Retry-After',
          greatest(1, ceil(extract(epoch from oldest - p_now)))::integer::text));
    end if;
    select count(*) into made from public.bookings b
     where b.client_network = caller_network and b.starts_at > p_now
       and (b.status in ('confirmed', 'held') or (b.status = 'pending' and b.hold_until > p_now));
    if made >= settings.upcoming_per_network then
      perform private.booking_refuse(409, 'network_upcoming',
        'Já há muitas reuniões marcadas a partir desta rede. Para marcar outra, fale com a gente por e-mail ou telefone.');
    end if;
  end if;

  -- Per address (an IPv6 /64 or an IPv4 address), or every unknown address together, in 24
  -- hours, cancelled and expired ones included, so giving one up does not refill the allowance.
  perform pg_advisory_xact_lock(7242110, hashtext(coalesce(caller_key, '')));
  allowed := case when caller_key is null
    then settings.unknown_addresses_per_day else settings.per_address_per_day end;
  select count(*) into made from public.bookings b
   where (b.client_key = caller_key or (caller_key is null and b.client_key is null))
     and b.created_at > p_now - interval '1 day';
  if made >= allowed then
    select b.created_at into oldest from public.bookings b
     where (b.client_key = caller_key or (caller_key is null and b.client_key is null))
       and b.created_at > p_now - interval '1 day'
     order by b.created_at offset made - allowed limit 1;
    perform private.refuse_for_a_day('address_limit',
      case when caller_key is null
        then 'Recebemos muitos agendamentos agora. Tente novamente mais tarde.'
        else 'Muitos agendamentos feitos deste endereço hoje. Tente novamente mais tarde.' end,
      oldest, p_now);
  end if;

  -- Per inbox: one meeting (or hold) to come, and a few requests a day, whoever asks. The
  -- refusal for the requests is the inbox's, not the caller's: it carries no Retry-After, so no
  -- server remembers it against the caller's other bookings (decision 027).
  recipient := private.mail_recipient_key(p_email);
  perform pg_advisory_xact_lock(7242111, hashtext(recipient));
  select b.* into booking from public.bookings b
   where private.mail_recipient_key(b.email) = recipient
     and b.ends_at > p_now
     and (b.status in ('confirmed', 'held') or (b.status = 'pending' and b.hold_until > p_now))
   order by b.status = 'pending'
   limit 1;
  if found and booking.status = 'pending' then
    perform private.booking_refuse(409, 'email_pending',
      'Já enviamos a este e-mail um pedido de confirmação. Confirme pelo link do e-mail (veja também o spam) ou tente de novo mais tarde.',
      format('Tente de novo em %s minuto(s).',
        ceil(extract(epoch from booking.hold_until - p_now) / 60.0)));
  elsif found then
    perform private.booking_refuse(409, 'email_has_booking',
      'Este e-mail já tem uma reunião marcada. Para mudar o horário ou cancelar, use o link do e-mail de confirmação.');
  end if;
  recipient_digest := encode(sha256(convert_to(recipient, 'UTF8')), 'hex');
  select count(*) into made from private.booking_requests r
   where r.recipient_hash = recipient_digest and r.requested_at > p_now - interval '1 day';
  if made >= settings.requests_per_email_per_day then
    select r.requested_at into oldest from private.booking_requests r
     where r.recipient_hash = recipient_digest and r.requested_at > p_now - interval '1 day'
     order by r.requested_at offset made - settings.requests_per_email_per_day limit 1;
    perform private.booking_refuse(429, 'email_limit',
      'Este e-mail já recebeu pedidos de agendamento demais hoje. Procure o nosso e-mail na caixa de entrada (e no spam) ou fale com a gente por e-mail ou telefone.',
      format('Tente de novo em %s hora(s).',
        ceil(extract(epoch from oldest + interval '1 day' - p_now) / 3600.0)));
  end if;

  perform private.lock_booking_day(p_starts_at);
  reserved := tstzrange(p_starts_at,
    p_starts_at + make_interval(mins => settings.slot_minutes + settings.buffer_minutes));
  perform private.expire_booking_holds(p_now, reserved);
  if not private.is_slot_free(p_now, p_starts_at, null) then
    perform private.refuse_slot(p_now, p_starts_at, null);
  end if;

  begin
    insert into public.contact_submissions
      (created_at, name, email, company, message, client_ip, client_key, notified_at, notified_via)
    values (p_now, p_name, p_email, visitor_company,
      private.hold_lead_message(false, p_starts_at, p_note), caller_ip, caller_key, p_now,
      'booking')
    returning id into new_lead;
    insert into public.bookings (lead_id, status, starts_at, ends_at, blocked_until, name, email,
      company, note, time_zone, meeting_url, manage_token_hash, hold_token_hash, hold_until,
      confirmed_at, client_ip, client_key, client_network, created_at, updated_at)
    values (new_lead, 'pending', p_starts_at,
      p_starts_at + make_interval(mins => settings.slot_minutes), upper(reserved),
      p_name, p_email, visitor_company, p_note, visitor_zone,
      coalesce(settings.meeting_url,
        'https://meet.jit.si/Consultoria-' || replace(gen_random_uuid()::text, '-', '')),
      private.manage_token_hash(token), private.manage_token_hash(hold_token),
      least(p_now + make_interval(mins => settings.hold_minutes), p_starts_at), null,
      caller_ip, caller_key, caller_network, p_now, p_now)
    returning * into booking;
  exception when exclusion_violation then
    perform private.booking_refuse(409, 'slot_taken',
      'Esse horário acabou de ser reservado por outra pessoa. Escolha outro horário.');
  end;

  insert into private.booking_requests (recipient_hash, requested_at)
  values (recipient_digest, p_now);
  insert into private.booking_messages (booking_id, kind, recipient, sequence, created_at, due_at)
  values (booking.id, 'request', 'visitor', 0, p_now, p_now);
  return private.booking_json(booking, p_now)
    || jsonb_build_object('manage_token', token, 'hold_token', hold_token);
end
$$;
revoke all on function private.book_meeting(timestamptz, text, text, text, text, text, text, integer,
  timestamptz) from public;

-- Confirms a hold from the inbox (the manage link's token): it becomes a meeting, and the
-- invitation, the company's copy, the reminder and booking.created follow. A hold whose time is
-- up is confirmed too while its slot is still free; otherwise the visitor is told to pick
-- another. Confirming a meeting again answers it unchanged.
create or replace function private.confirm_booking(p_token text, p_now timestamptz)
  returns jsonb language plpgsql set search_path = ''
as $$
declare
  booking public.bookings;
  state text;
begin
  if private.is_network_blocked(private.client_key(private.request_client_ip())) then
    perform private.refuse_blocked_booking();
  end if;
  select * into booking from public.bookings b
   where b.manage_token_hash = private.manage_token_hash(p_token);
  if not found then
    perform private.booking_refuse(404, 'not_found',
      'Não encontramos esse agendamento. Confira o link do e-mail.');
  end if;
  -- The day's lock first, as a booking takes it, then the row: no two orders, no deadlock.
  perform private.lock_booking_day(booking.starts_at);
  select * into booking from public.bookings b where b.id = booking.id for update;
  state := private.booking_state(booking, p_now);
  if state in ('confirmed', 'held', 'no_show') then
    return private.booking_json(booking, p_now);
  end if;
  if state = 'cancelled' then
    perform private.booking_refuse(409, 'cancelled', 'Esse agendamento já foi cancelado.');
  end if;
  if booking.starts_at <= p_now then
    perform private.booking_refuse(409, 'not_changeable',
      'Essa reunião já começou ou já passou; ela não pode mais ser mudada.');
  end if;
  if state = 'expired' then
    -- Late: the slot must still be on offer, and the inbox must not have booked another since.
    perform private.expire_booking_holds(p_now,
      tstzrange(booking.starts_at, booking.blocked_until), booking.id);
    if not private.is_slot_free(p_now, booking.starts_at, booking.id) or exists (
      select 1 from public.bookings b
       where private.mail_recipient_key(b.email) = private.mail_recipient_key(booking.email)
         and b.id <> booking.id and b.ends_at > p_now
         and (b.status in ('confirmed', 'held') or (b.status = 'pending' and b.hold_until > p_now))
    ) then
      perform private.booking_refuse(409, 'hold_expired',
        'O prazo para confirmar acabou e esse horário não está mais disponível. Escolha outro horário.');
    end if;
  end if;
  begin
    update public.bookings b
       set status = 'confirmed', confirmed_at = p_now, cancelled_at = null, updated_at = p_now
     where b.id = booking.id
    returning * into booking;
  exception when exclusion_violation then
    perform private.booking_refuse(409, 'hold_expired',
      'O prazo para confirmar acabou e esse horário não está mais disponível. Escolha outro horário.');
  end;
  update public.contact_submissions s set message = private.booking_lead_text(booking, p_now)
   where s.id = booking.lead_id;
  delete from private.booking_messages m
   where m.booking_id = booking.id and m.kind = 'request' and m.sent_at is null;
  perform private.queue_booking_messages(booking, 'confirmation', p_now);
  return private.booking_json(booking, p_now);
end
$$;
revoke all on function private.confirm_booking(text, timestamptz) from public;

-- Cancels one booking (20261125000200_booking_calls.sql's), by the visitor or the company. Only
-- a meeting that existed is announced: a hold never confirmed goes silently (its calendar never
-- had it), whatever p_notify says, and its unsent request is dropped.
create or replace function private.cancel_booking(
  p_id uuid,
  p_by text,
  p_message text,
  p_notify boolean,
  p_now timestamptz
)
  returns public.bookings language plpgsql set search_path = ''
as $$
declare
  booking public.bookings;
  message text := p_message;
begin
  if not coalesce(private.has_visible_text(message), false) then
    message := null;
  end if;
  perform private.check_text_field(message, 1000,
    '[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]', null,
    'A mensagem pode ter até 1000 caracteres.',
    'A mensagem não pode ter caracteres de controle.');
  update public.bookings b
     set status = 'cancelled', cancelled_at = p_now, cancelled_by = p_by,
         cancel_message = message,
         sequence = b.sequence + (case when b.confirmed_at is null then 0 else 1 end),
         updated_at = p_now
   where b.id = p_id and b.status <> 'cancelled'
  returning * into booking;
  if not found then
    return null;
  end if;
  update public.contact_submissions s set message = private.booking_lead_text(booking, p_now)
   where s.id = booking.lead_id;
  if p_notify and booking.confirmed_at is not null then
    perform private.queue_booking_messages(booking, 'cancellation', p_now);
  else
    delete from private.booking_messages m where m.booking_id = booking.id and m.sent_at is null;
  end if;
  return booking;
end
$$;
revoke all on function private.cancel_booking(uuid, text, text, boolean, timestamptz) from public;

-- The visitor cancels: a meeting through the manage link (both sides are told), or a hold
-- through either token (the page's, for an address typed wrong; the e-mail's, "it was not
-- me"), silently.
create or replace function private.cancel_booking_by_token(
  p_token text,
  p_message text,
  p_now timestamptz
)
  returns jsonb language plpgsql set search_path = ''
as $$
declare
  booking public.bookings;
  hash text := private.manage_token_hash(p_token);
begin
  if private.is_network_blocked(private.client_key(private.request_client_ip())) then
    perform private.refuse_blocked_booking();
  end if;
  select * into booking from public.bookings b
   where b.manage_token_hash = hash or b.hold_token_hash = hash
   for update;
  if found and booking.status = 'pending' then
    if private.booking_state(booking, p_now) = 'pending' then
      booking := private.cancel_booking(booking.id, 'visitor', p_message, false, p_now);
    end if;
    return private.booking_json(booking, p_now);
  end if;
  if found and booking.hold_token_hash = hash then
    -- The page's token opens a hold only: once confirmed, the meeting is the inbox's.
    if private.booking_state(booking, p_now) = 'expired' then
      return private.booking_json(booking, p_now);
    end if;
    perform private.booking_refuse(409, 'confirmed',
      'Essa reunião já foi confirmada. Para mudar o horário ou cancelar, use o link do e-mail.');
  end if;
  booking := private.booking_to_change(p_token, p_now);
  booking := private.cancel_booking(booking.id, 'visitor', p_message, true, p_now);
  return private.booking_json(booking, p_now);
end
$$;
revoke all on function private.cancel_booking_by_token(text, text, timestamptz) from public;

-- The visitor moves a meeting (20261125000200_booking_calls.sql's), now refused to a blocked
-- network, and clearing holds whose time is up from the new slot first.
create or replace function private.reschedule_booking(
  p_token text,
  p_starts_at timestamptz,
  p_now timestamptz
)
  returns jsonb language plpgsql set search_path = ''
as $$
declare
  settings private.booking_settings;
  booking public.bookings;
begin
  if private.is_network_blocked(private.client_key(private.request_client_ip())) then
    perform private.refuse_blocked_booking();
  end if;
  booking := private.booking_to_change(p_token, p_now);
  select * into settings from private.booking_settings;
  if p_starts_at is null then
    perform private.booking_refuse(400, 'slot_required', 'Escolha um horário para a reunião.');
  end if;
  if p_starts_at = booking.starts_at then
    return private.booking_json(booking, p_now);
  end if;
  if booking.sequence >= private.booking_change_limit() then
    perform private.booking_refuse(409, 'too_many_changes',
      'Esse agendamento já foi remarcado muitas vezes. Para mudar de novo, fale com a gente por e-mail ou telefone.');
  end if;
  if not private.is_slot_free(p_now, p_starts_at, booking.id) then
    perform private.refuse_slot(p_now, p_starts_at, booking.id);
  end if;
  perform private.lock_booking_day(p_starts_at);
  perform private.expire_booking_holds(p_now, tstzrange(p_starts_at,
    p_starts_at + make_interval(mins => settings.slot_minutes + settings.buffer_minutes)));
  if not private.is_slot_free(p_now, p_starts_at, booking.id) then
    perform private.refuse_slot(p_now, p_starts_at, booking.id);
  end if;
  begin
    update public.bookings b
       set starts_at = p_starts_at,
           ends_at = p_starts_at + make_interval(mins => settings.slot_minutes),
           blocked_until = p_starts_at
             + make_interval(mins => settings.slot_minutes + settings.buffer_minutes),
           sequence = b.sequence + 1,
           updated_at = p_now
     where b.id = booking.id
    returning * into booking;
  exception when exclusion_violation then
    perform private.booking_refuse(409, 'slot_taken',
      'Esse horário acabou de ser reservado por outra pessoa. Escolha outro horário.');
  end;
  update public.contact_submissions s set message = private.booking_lead_text(booking, p_now)
   where s.id = booking.lead_id;
  perform private.queue_booking_messages(booking, 'update', p_now);
  return private.booking_json(booking, p_now);
end
$$;
revoke all on function private.reschedule_booking(text, timestamptz, timestamptz) from public;

-- For the desk, against a flood (20261125000200_booking_calls.sql's): frees holds too.
create or replace function private.release_bookings(
  p_email text default null,
  p_address text default null,
  p_created_after timestamptz default null
)
  returns integer language plpgsql set search_path = ''
as $$
declare
  address_key text := coalesce(private.client_key(p_address), nullif(btrim(p_address), ''));
  released integer := 0;
  junk record;
begin
  if p_email is null and address_key is null and p_created_after is null then
    raise exception 'Name an e-mail, an address or an instant.' using errcode = '22023';
  end if;
  for junk in
    select b.id, b.lead_id from public.bookings b
     where b.status in ('pending', 'confirmed', 'held')
       and b.starts_at > now()
       and (p_email is null or lower(b.email) = lower(btrim(p_email)))
       and (address_key is null or b.client_key = address_key)
       and (p_created_after is null or b.created_at >= p_created_after)
     order by b.starts_at
  loop
    perform private.cancel_booking(junk.id, 'company', null, false, now());
    update public.contact_submissions s
       set lead_status = 'spam', status_changed_at = now()
     where s.id = junk.lead_id;
    released := released + 1;
  end loop;
  return released;
end
$$;
revoke all on function private.release_bookings(text, text, timestamptz) from public;

-- The private calendar feed (20261125000500_desk_agenda.sql's) holds meetings only, never holds.
create or replace function private.booking_feed_events(p_past_days integer default 30)
  returns table (
    id uuid,
    status text,
    starts_at timestamptz,
    ends_at timestamptz,
    name text,
    email text,
    company text,
    note text,
    meeting_url text,
    sequence integer,
    updated_at timestamptz
  )
  language sql stable set search_path = ''
as $$
  select b.id, b.status, b.starts_at, b.ends_at, b.name, b.email, b.company, b.note,
         b.meeting_url, b.sequence, b.updated_at
    from public.bookings b
   where b.status not in ('cancelled', 'pending')
     and b.starts_at >= now() - make_interval(days => greatest(p_past_days, 0))
   order by b.starts_at, b.id
$$;
revoke all on function private.booking_feed_events(integer) from public;

-- A day the company closes lets go of the holds on it (their visitors learn it when they try to
-- confirm); its meetings are close_booking_day's business, which lists or cancels them.
create or replace function private.release_holds_of_closed_day()
  returns trigger language plpgsql security definer set search_path = ''
as $$
declare
  hold record;
begin
  for hold in
    select b.id from public.bookings b, private.booking_settings s
     where b.status = 'pending'
       and b.starts_at >= new.day::timestamp at time zone s.time_zone
       and b.starts_at < (new.day + 1)::timestamp at time zone s.time_zone
  loop
    perform private.cancel_booking(hold.id, 'company', null, false, now());
  end loop;
  return null;
end
$$;
revoke all on function private.release_holds_of_closed_day() from public;

drop trigger if exists release_holds_of_closed_day on private.booking_closed_days;
create trigger release_holds_of_closed_day
  after insert or update of day on private.booking_closed_days
  for each row execute function private.release_holds_of_closed_day();

-- ---------------------------------------------------------------------------------------------
-- The e-mails (20261125000400_booking_mail.sql's claim): a request is dropped once its hold is
-- over (confirmed, given up, expired), and renders with the hold's end; the page's hold token
-- claims its booking's due e-mails as the manage token does.

do $$
begin
  if not exists (
    select 1 from pg_attribute a
     where a.attrelid = 'private.booking_mail_claim'::regclass and a.attname = 'hold_until'
       and not a.attisdropped
  ) then
    alter type private.booking_mail_claim add attribute hold_until timestamptz;
  end if;
end
$$;

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
        and ((d.kind not in ('cancellation', 'request') and d.sequence < b.sequence)
          or (d.kind = 'reminder' and b.status <> 'confirmed')
          or (d.kind = 'request' and (b.status <> 'pending' or b.hold_until <= now()))
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
        b.meeting_url, b.cancelled_by, b.cancel_message, b.hold_until
      from claimed c
      join public.bookings b on b.id = c.booking_id
     cross join private.booking_settings s
     order by c.due_at, c.id;
end
$$;
revoke all on function private.claim_booking_mail(uuid, integer, integer) from public;

create or replace function private.claim_booking_mail_by_token(
  p_token text,
  p_limit integer,
  p_lease_minutes integer
)
  returns setof private.booking_mail_claim language plpgsql set search_path = ''
as $$
declare
  hash text := private.manage_token_hash(p_token);
  found_id uuid;
begin
  select b.id into found_id from public.bookings b
   where b.manage_token_hash = hash or b.hold_token_hash = hash;
  if found_id is null then
    return;
  end if;
  return query select * from private.claim_booking_mail(found_id, p_limit, p_lease_minutes);
end
$$;
revoke all on function private.claim_booking_mail_by_token(text, integer, integer) from public;

-- The manage link goes on the request too (20261125000400_booking_mail.sql's, one kind more).
create or replace function private.attach_manage_link(p_booking jsonb, p_token text)
  returns jsonb language sql set search_path = ''
as $$
  update private.booking_messages m
     set manage_token = p_token
   where m.booking_id = (p_booking ->> 'id')::uuid
     and m.recipient = 'visitor'
     and m.kind in ('request', 'confirmation', 'update', 'reminder')
     and m.sent_at is null and m.refused_at is null
     and m.manage_token is null
     and p_token ~ '^[0-9a-f]{64}$';
  select p_booking;
$$;
revoke all on function private.attach_manage_link(jsonb, text) from public;

-- ---------------------------------------------------------------------------------------------
-- Webhooks (20261126000000_webhooks.sql's trigger): events for meetings only. booking.created
-- when a hold is confirmed (or a meeting is written straight in), and no event for a hold that
-- never became one.
create or replace function private.queue_booking_webhook()
  returns trigger language plpgsql security definer set search_path = ''
as $$
declare
  zone text := (select s.time_zone from private.booking_settings s);
begin
  if tg_op = 'INSERT' then
    if new.status <> 'pending' then
      perform private.queue_webhook_event('booking.created', new.lead_id,
        jsonb_build_object('booking', private.webhook_booking(new)));
    end if;
  elsif old.confirmed_at is null and new.confirmed_at is not null then
    perform private.queue_webhook_event('booking.created', new.lead_id,
      jsonb_build_object('booking', private.webhook_booking(new)));
  elsif old.confirmed_at is null then
    return null;
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

-- ---------------------------------------------------------------------------------------------
-- The calls visitors may make.

-- book_meeting answers the hold and its page token; the manage token goes only to the e-mail
-- (on its request row), so whoever moves, cancels or confirms has read the inbox.
create or replace function public.book_meeting(
  starts_at timestamptz default null,
  name text default null,
  email text default null,
  company text default null,
  note text default null,
  time_zone text default null,
  form_trap text default null,
  form_elapsed_ms integer default null,
  attribution jsonb default null
)
  returns jsonb language plpgsql volatile security definer set search_path = ''
as $$
declare
  booked jsonb := private.book_meeting($1, $2, $3, $4, $5, $6, $7, $8, now());
begin
  perform private.attribute_lead(b.lead_id, attribution)
     from public.bookings b
    where b.manage_token_hash = private.manage_token_hash(booked ->> 'manage_token');
  perform private.attach_manage_link(booked, booked ->> 'manage_token');
  return booked - 'manage_token';
end
$$;

-- Confirming from the inbox: the e-mail's link opens the manage page, whose button calls this.
create or replace function public.confirm_booking(token text default null)
  returns jsonb language sql volatile security definer set search_path = ''
as $$
  select private.attach_manage_link(private.confirm_booking($1, now()), $1)
$$;

revoke all on function public.book_meeting(timestamptz, text, text, text, text, text, text,
  integer, jsonb) from public, anon, authenticated;
revoke all on function public.confirm_booking(text) from public, anon, authenticated;
grant execute on function public.book_meeting(timestamptz, text, text, text, text, text, text,
  integer, jsonb) to anon, authenticated, service_role;
grant execute on function public.confirm_booking(text) to anon, authenticated, service_role;

-- Holds whose time is up are ended every minute where pg_cron runs (hosted Supabase); the Node
-- server does it in its minute sweep. Nothing depends on it being on time: the free times and
-- the calls already treat such holds as over.
do $$
begin
  perform private.schedule_if_cron(
    'expire-booking-holds', '* * * * *', 'select private.expire_booking_holds()');
end
$$;
