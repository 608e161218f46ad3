-- What visitors may call to book (hosted Supabase serves every function in public at
-- /rest/v1/rpc/NAME; the Node server does the same): five functions, each a thin,
-- security definer wrapper over the private function that does the work at an instant the
-- caller passes (now() here; any instant in tests). Everything else stays in private, including
-- what the lead desk calls to cancel or to free junk bookings. Refusals are Portuguese, with
-- PostgREST's status codes, and a `details` that names the reason for code to act on
-- (docs/booking.md lists them). Safe to apply twice.

-- A refusal shaped the way PostgREST lets SQL shape one: status, headers, and the body.
create or replace function private.booking_refuse(
  status integer,
  reason text,
  message text,
  hint text default null,
  headers jsonb default '{}'
)
  returns void language plpgsql set search_path = ''
as $$
begin
  raise sqlstate 'PGRST' using
    message = json_build_object(
      'code', 'PT' || status, 'message', message, 'details', reason, 'hint', hint)::text,
    detail = json_build_object('status', status, 'headers', headers)::text;
end
$$;
revoke all on function private.booking_refuse(integer, text, text, text, jsonb) from public;

-- An instant as the page reads it: UTC, ISO 8601, whatever the session's time zone.
create or replace function private.utc_text(value timestamptz)
  returns text language sql immutable set search_path = ''
as $$
  select to_char(value at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')
$$;
revoke all on function private.utc_text(timestamptz) from public;

-- The caller's address as the contact guard reads it (decision 024): the one header the
-- operator trusts, counted from the right (the Node server sets x-forwarded-for at start).
create or replace function private.request_client_ip()
  returns text language sql stable set search_path = ''
as $$
  select private.client_address(
      coalesce(nullif(current_setting('request.headers', true), '')::jsonb, '{}'),
      c.client_address_header,
      c.client_address_hops)
    from private.contact_settings c
$$;
revoke all on function private.request_client_ip() from public;

-- What is stored of a manage link's token. A token that is not one we could have made finds
-- nothing, exactly like a wrong one.
create or replace function private.manage_token_hash(token text)
  returns text language sql immutable set search_path = ''
as $$
  select case when token ~ '^[0-9a-f]{64}$'
    then encode(sha256(convert_to(token, 'UTF8')), 'hex') end
$$;
revoke all on function private.manage_token_hash(text) from public;

-- How many times a visitor may move a booking (each move e-mails both sides).
create or replace function private.booking_change_limit()
  returns integer language sql immutable set search_path = ''
as $$
  select 5
$$;
revoke all on function private.booking_change_limit() from public;

-- A booking as the page shows it: instants in UTC, both time zones, what the visitor may do.
create or replace function private.booking_json(b public.bookings, p_now timestamptz)
  returns jsonb language sql stable set search_path = ''
as $$
  select jsonb_build_object(
    'id', b.id,
    'status', b.status,
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
    'cancelled_at', private.utc_text(b.cancelled_at),
    'cancelled_by', b.cancelled_by,
    'cancel_message', b.cancel_message,
    'can_cancel', b.status = 'confirmed' and b.starts_at > p_now,
    'can_reschedule', b.status = 'confirmed' and b.starts_at > p_now
      and b.sequence < private.booking_change_limit()
  )
    from private.booking_settings s
$$;
revoke all on function private.booking_json(public.bookings, timestamptz) from public;

-- The lead's message, kept in step with the booking, so the desk's list and search say what
-- the meeting is and when.
create or replace function private.booking_lead_message(
  p_status text,
  p_sequence integer,
  p_starts_at timestamptz,
  p_note text
)
  returns text language sql stable set search_path = ''
as $$
  select format(E'Consultoria gratuita %s pelo site: %s (%s).\n\n%s',
      case when p_status = 'cancelled' then 'cancelada'
           when p_sequence > 0 then 'remarcada'
           else 'marcada' end,
      to_char(p_starts_at at time zone s.time_zone, 'DD/MM/YYYY "às" HH24:MI'),
      s.time_zone,
      p_note)
    from private.booking_settings s
$$;
revoke all on function private.booking_lead_message(text, integer, timestamptz, text) from public;

-- Queues the e-mails a change causes: one to the visitor and one to the company, with the
-- booking's sequence. The reminder (to the visitor, a day before) follows the meeting: dropped
-- with the old time, queued again unless the meeting is less than a day away or cancelled.
create or replace function private.queue_booking_messages(
  b public.bookings,
  p_kind text,
  p_now timestamptz
)
  returns void language plpgsql set search_path = ''
as $$
begin
  insert into private.booking_messages (booking_id, kind, recipient, sequence, created_at, due_at)
  values (b.id, p_kind, 'visitor', b.sequence, p_now, p_now),
         (b.id, p_kind, 'company', b.sequence, p_now, p_now);
  delete from private.booking_messages m
   where m.booking_id = b.id and m.kind = 'reminder' and m.sent_at is null;
  if p_kind <> 'cancellation' and b.starts_at - interval '24 hours' > p_now then
    insert into private.booking_messages (booking_id, kind, recipient, sequence, created_at, due_at)
    values (b.id, 'reminder', 'visitor', b.sequence, p_now, b.starts_at - interval '24 hours');
  end if;
end
$$;
revoke all on function private.queue_booking_messages(public.bookings, text, timestamptz)
  from public;

-- Whether one slot is free now (the same function that lists the free times decides).
create or replace function private.is_slot_free(
  p_now timestamptz,
  p_starts_at timestamptz,
  p_ignore_booking uuid
)
  returns boolean language sql stable set search_path = ''
as $$
  select exists (
    select 1
      from private.booking_settings s,
      private.free_slots(p_now, p_starts_at, p_starts_at + make_interval(mins => s.slot_minutes),
        p_ignore_booking) f
     where f.starts_at = p_starts_at
  )
$$;
revoke all on function private.is_slot_free(timestamptz, timestamptz, uuid) from public;

-- Refuses a slot that is not free, saying whether someone took it (bookings, or its day's
-- maximum) or it was never on offer (past the notice or the horizon, closed, off the grid).
create or replace function private.refuse_slot(
  p_now timestamptz,
  p_starts_at timestamptz,
  p_ignore_booking uuid
)
  returns void language plpgsql set search_path = ''
as $$
begin
  if exists (
    select 1
      from private.booking_settings s,
      private.free_slots(p_now, p_starts_at, p_starts_at + make_interval(mins => s.slot_minutes),
        p_ignore_booking, false) f
     where f.starts_at = p_starts_at
  ) then
    perform private.booking_refuse(409, 'slot_taken',
      'Esse horário acabou de ser reservado por outra pessoa. Escolha outro horário.');
  end if;
  perform private.booking_refuse(409, 'slot_unavailable',
    'Esse horário não está disponível. Escolha outro horário da lista.');
end
$$;
revoke all on function private.refuse_slot(timestamptz, timestamptz, uuid) from public;

-- Serialises every booking change for one local day: the day's maximum is counted inside it.
create or replace function private.lock_booking_day(p_starts_at timestamptz)
  returns void language sql set search_path = ''
as $$
  select pg_advisory_xact_lock(7242112,
    (p_starts_at at time zone s.time_zone)::date - date '2000-01-01')
    from private.booking_settings s
$$;
revoke all on function private.lock_booking_day(timestamptz) from public;

-- Books a slot for a visitor: bot signals, field rules (the contact form's words), limits per
-- address and per e-mail, the slot's availability, then the lead, the booking and its e-mails,
-- all in this one transaction. Returns the booking and its manage token (shown only now).
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
  caller_key text;
  allowed integer;
  made integer;
  frees_at timestamptz;
  wait_seconds integer;
  token text := replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '');
  new_lead uuid;
  booking public.bookings;
  single_line constant text := '[\u0000-\u001f\u007f-\u009f\u2028\u2029]';
begin
  select * into settings from private.booking_settings;
  select c.min_fill_ms into fill_ms from private.contact_settings c;

  -- Bots are refused, not thanked as on the contact form: a person judged wrongly would come
  -- to a meeting that does not exist. The page always sends both signals (decision 026).
  if coalesce(private.has_visible_text(p_form_trap), false)
     or coalesce(p_form_elapsed_ms, -1) < fill_ms then
    perform private.booking_refuse(400, 'not_confirmed',
      'Não foi possível confirmar o agendamento. Aguarde alguns segundos e tente de novo.');
  end if;

  -- The contact form's rules and words (src/content/contact-errors.ts), and the note's
  -- (src/content/booking.ts).
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
  -- A zone this database does not know (a browser's newer tz data, a typo) falls back to the
  -- company's: the e-mails name the zone, so the times stay right.
  if not private.is_time_zone(visitor_zone) then
    visitor_zone := settings.time_zone;
  end if;

  -- Most losers of a race learn it here, before waiting for any lock.
  if not private.is_slot_free(p_now, p_starts_at, null) then
    perform private.refuse_slot(p_now, p_starts_at, null);
  end if;

  -- Per address (an IPv6 /64), or for every unknown address together, in 24 hours: bookings
  -- made, cancelled ones included, so cancelling does not refill the allowance.
  caller_key := private.client_key(caller_ip);
  perform pg_advisory_xact_lock(7242110, hashtext(coalesce(caller_key, '')));
  allowed := case when caller_key is null
    then settings.unknown_addresses_per_day else settings.per_address_per_day end;
  select count(*) into made from public.bookings b
   where (b.client_key = caller_key or (caller_key is null and b.client_key is null))
     and b.created_at > p_now - interval '1 day';
  if made >= allowed then
    -- Retry-After: when enough of them are a day old for one more.
    select b.created_at into frees_at from public.bookings b
     where (b.client_key = caller_key or (caller_key is null and b.client_key is null))
       and b.created_at > p_now - interval '1 day'
     order by b.created_at
     offset made - allowed limit 1;
    wait_seconds := greatest(1, ceil(extract(epoch from frees_at + interval '1 day' - p_now)))::integer;
    perform private.booking_refuse(429, 'address_limit',
      case when caller_key is null
        then 'Recebemos muitos agendamentos agora. Tente novamente mais tarde.'
        else 'Muitos agendamentos feitos deste endereço hoje. Tente novamente mais tarde.' end,
      format('Tente de novo em %s hora(s).', ceil(wait_seconds / 3600.0)),
      jsonb_build_object('Retry-After', wait_seconds::text));
  end if;

  -- One meeting to come per e-mail address.
  perform pg_advisory_xact_lock(7242111, hashtext(lower(p_email)));
  if exists (
    select 1 from public.bookings b
     where lower(b.email) = lower(p_email)
       and b.status in ('confirmed', 'held')
       and b.ends_at > p_now
  ) then
    perform private.booking_refuse(409, 'email_has_booking',
      'Este e-mail já tem uma reunião marcada. Para mudar o horário ou cancelar, use o link do e-mail de confirmação.');
  end if;

  perform private.lock_booking_day(p_starts_at);
  if not private.is_slot_free(p_now, p_starts_at, null) then
    perform private.refuse_slot(p_now, p_starts_at, null);
  end if;

  begin
    insert into public.contact_submissions
      (created_at, name, email, company, message, client_ip, client_key, notified_at, notified_via)
    values (p_now, p_name, p_email, visitor_company,
      private.booking_lead_message('confirmed', 0, p_starts_at, p_note),
      caller_ip, caller_key, p_now, 'booking')
    returning id into new_lead;
    insert into public.bookings (lead_id, starts_at, ends_at, blocked_until, name, email, company,
      note, time_zone, meeting_url, manage_token_hash, client_ip, client_key, created_at, updated_at)
    values (new_lead, p_starts_at,
      p_starts_at + make_interval(mins => settings.slot_minutes),
      p_starts_at + make_interval(mins => settings.slot_minutes + settings.buffer_minutes),
      p_name, p_email, visitor_company, p_note, visitor_zone,
      coalesce(settings.meeting_url,
        'https://meet.jit.si/Consultoria-' || replace(gen_random_uuid()::text, '-', '')),
      private.manage_token_hash(token), caller_ip, caller_key, p_now, p_now)
    returning * into booking;
  exception when exclusion_violation then
    -- Only reachable if a caller skipped the day lock: the constraint still holds.
    perform private.booking_refuse(409, 'slot_taken',
      'Esse horário acabou de ser reservado por outra pessoa. Escolha outro horário.');
  end;

  perform private.queue_booking_messages(booking, 'confirmation', p_now);
  return private.booking_json(booking, p_now) || jsonb_build_object('manage_token', token);
end
$$;
revoke all on function private.book_meeting(timestamptz, text, text, text, text, text, text, integer,
  timestamptz) from public;

-- The booking a manage token opens, locked for a change the visitor asked for; refused when
-- the token opens nothing (a wrong token learns nothing more), or the booking cannot change.
create or replace function private.booking_to_change(p_token text, p_now timestamptz)
  returns public.bookings language plpgsql set search_path = ''
as $$
declare
  booking public.bookings;
begin
  select * into booking from public.bookings b
   where b.manage_token_hash = private.manage_token_hash(p_token)
   for update;
  if not found then
    perform private.booking_refuse(404, 'not_found',
      'Não encontramos esse agendamento. Confira o link do e-mail.');
  end if;
  if booking.status = 'cancelled' then
    perform private.booking_refuse(409, 'cancelled', 'Esse agendamento já foi cancelado.');
  end if;
  if booking.status <> 'confirmed' or booking.starts_at <= p_now then
    perform private.booking_refuse(409, 'not_changeable',
      'Essa reunião já começou ou já passou; ela não pode mais ser mudada.');
  end if;
  return booking;
end
$$;
revoke all on function private.booking_to_change(text, timestamptz) from public;

-- Cancels one booking: by the visitor (their link) or the company (the desk), with a message
-- or none. notify = false e-mails no one and drops what was still to be sent (junk bookings).
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
         cancel_message = message, sequence = b.sequence + 1, updated_at = p_now
   where b.id = p_id and b.status <> 'cancelled'
  returning * into booking;
  if not found then
    return null;
  end if;
  update public.contact_submissions s
     set message = private.booking_lead_message(booking.status, booking.sequence,
       booking.starts_at, booking.note)
   where s.id = booking.lead_id;
  if p_notify then
    perform private.queue_booking_messages(booking, 'cancellation', p_now);
  else
    delete from private.booking_messages m where m.booking_id = booking.id and m.sent_at is null;
  end if;
  return booking;
end
$$;
revoke all on function private.cancel_booking(uuid, text, text, boolean, timestamptz) from public;

-- The visitor cancels through the manage link; both sides get the cancellation.
create or replace function private.cancel_booking_by_token(
  p_token text,
  p_message text,
  p_now timestamptz
)
  returns jsonb language plpgsql set search_path = ''
as $$
declare
  booking public.bookings := private.booking_to_change(p_token, p_now);
begin
  booking := private.cancel_booking(booking.id, 'visitor', p_message, true, p_now);
  return private.booking_json(booking, p_now);
end
$$;
revoke all on function private.cancel_booking_by_token(text, text, timestamptz) from public;

-- The visitor moves the meeting: the same booking (the calendar keeps one event), a higher
-- sequence, the same checks as a new booking for the new slot.
create or replace function private.reschedule_booking(
  p_token text,
  p_starts_at timestamptz,
  p_now timestamptz
)
  returns jsonb language plpgsql set search_path = ''
as $$
declare
  settings private.booking_settings;
  booking public.bookings := private.booking_to_change(p_token, p_now);
begin
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
  update public.contact_submissions s
     set message = private.booking_lead_message(booking.status, booking.sequence,
       booking.starts_at, booking.note)
   where s.id = booking.lead_id;
  perform private.queue_booking_messages(booking, 'update', p_now);
  return private.booking_json(booking, p_now);
end
$$;
revoke all on function private.reschedule_booking(text, timestamptz, timestamptz) from public;

-- For the desk: the company cancels a meeting, telling the visitor (and its own calendar) or
-- not. Returns the booking as the page shows it, or null when it was cancelled already.
create or replace function private.cancel_booking_by_company(
  p_id uuid,
  p_message text default null,
  p_notify boolean default true
)
  returns jsonb language sql set search_path = ''
as $$
  select private.booking_json(
    private.cancel_booking(p_id, 'company', p_message, p_notify, now()), now())
   where exists (select 1 from public.bookings b where b.id = p_id and b.status <> 'cancelled')
$$;
revoke all on function private.cancel_booking_by_company(uuid, text, boolean) from public;

-- For the desk, against a flood: frees every meeting still to come booked from one e-mail
-- (any letter case), one address (as typed, or its /64), or since an instant, whichever are
-- given (at least one). No one is e-mailed, unsent e-mails are dropped, and their leads are
-- marked spam. Returns how many meetings were freed.
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
     where b.status in ('confirmed', 'held')
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

-- ---------------------------------------------------------------------------------------------
-- The calls visitors may make. Nothing else in public is a function.

-- Every free time from now through the horizon, and what the page needs to show them.
create or replace function public.booking_free_times()
  returns jsonb language sql stable security definer set search_path = ''
as $$
  select jsonb_build_object(
    'time_zone', s.time_zone,
    'slot_minutes', s.slot_minutes,
    'first_day', (now() at time zone s.time_zone)::date,
    'last_day', (now() at time zone s.time_zone)::date + s.horizon_days,
    'slots', coalesce(
      -- private.utc_text's expression, written out: a function with its own search_path is
      -- not inlined, and calling it once per slot doubled the call's cost.
      (select jsonb_agg(to_char(f.starts_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')
                        order by f.starts_at)
         from private.free_slots(now()) f),
      '[]'::jsonb)
  )
    from private.booking_settings s
$$;

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
  select private.book_meeting($1, $2, $3, $4, $5, $6, $7, $8, now())
$$;

-- Read-only: what the manage page shows.
create or replace function public.booking_details(token text default null)
  returns jsonb language plpgsql stable security definer set search_path = ''
as $$
declare
  booking public.bookings;
begin
  select * into booking from public.bookings b
   where b.manage_token_hash = private.manage_token_hash(booking_details.token);
  if not found then
    perform private.booking_refuse(404, 'not_found',
      'Não encontramos esse agendamento. Confira o link do e-mail.');
  end if;
  return private.booking_json(booking, now());
end
$$;

create or replace function public.cancel_booking(token text default null, message text default null)
  returns jsonb language sql volatile security definer set search_path = ''
as $$
  select private.cancel_booking_by_token($1, $2, now())
$$;

create or replace function public.reschedule_booking(
  token text default null,
  starts_at timestamptz default null
)
  returns jsonb language sql volatile security definer set search_path = ''
as $$
  select private.reschedule_booking($1, $2, now())
$$;

-- Functions are executable by PUBLIC when created, and hosted Supabase also grants anon and
-- authenticated by default: state who may call each, once.
revoke all on function public.booking_free_times() from public, anon, authenticated;
revoke all on function public.book_meeting(timestamptz, text, text, text, text, text, text, integer)
  from public, anon, authenticated;
revoke all on function public.booking_details(text) from public, anon, authenticated;
revoke all on function public.cancel_booking(text, text) from public, anon, authenticated;
revoke all on function public.reschedule_booking(text, timestamptz) from public, anon, authenticated;
grant execute on function public.booking_free_times() to anon, authenticated, service_role;
grant execute on function public.book_meeting(timestamptz, text, text, text, text, text, text,
  integer) to anon, authenticated, service_role;
grant execute on function public.booking_details(text) to anon, authenticated, service_role;
grant execute on function public.cancel_booking(text, text) to anon, authenticated, service_role;
grant execute on function public.reschedule_booking(text, timestamptz)
  to anon, authenticated, service_role;
