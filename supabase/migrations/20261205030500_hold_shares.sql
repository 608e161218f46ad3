-- Holds shared wider, and fewer of them while many wait (decision 059, amending 039): 18 /48s,
-- two holds each, held every free time of the horizon for a hold period, and nothing refused
-- them. Now, besides a network's BOOKING_HOLDS_PER_NETWORK (2):
-- - a provider (an IPv6 /32, an IPv4 /16: what a tunnel broker, a cloud or an ISP hands its
--   networks out of) holds at most BOOKING_HOLDS_PER_PROVIDER (4) at once, however many of its
--   networks ask (never fewer than one network may: an operator who raises the network's share
--   raises this one with it);
-- - while more holds wait than two days of meetings (2 x BOOKING_MAX_PER_DAY: far more than a
--   small company's visitors leave waiting at once), each network and each provider may keep
--   half its share (one and two by default). A network or provider holding none is never
--   refused for this, so an honest visitor still books while an attack waits for its holds.
-- The refusal is network_holds's, with Retry-After to when enough of those holds end. Safe to
-- apply twice.

alter table private.booking_settings
  -- BOOKING_HOLDS_PER_PROVIDER: holds waiting at once from one IPv6 /32 or IPv4 /16.
  add column if not exists holds_per_provider integer not null default 4
    check (holds_per_provider >= 1);

-- How many holds one network or provider may keep waiting now: its share, or half of it (at
-- least one) while more holds wait than two days of meetings.
create or replace function private.holds_allowed(p_share integer, p_now timestamptz)
  returns integer language sql stable set search_path = ''
as $$
  select case
    when (select count(*) from public.bookings b
           where b.status = 'pending' and b.hold_until > p_now) >= 2 * s.max_per_day
      then greatest(1, p_share / 2)
    else p_share
  end
    from private.booking_settings s
$$;
revoke all on function private.holds_allowed(integer, timestamptz) from public;

-- Refuses a booking while its network's or provider's holds wait, with Retry-After to p_until,
-- when enough of them end (20261128010100_booking_holds.sql's words).
create or replace function private.refuse_waiting_holds(p_until timestamptz, p_now timestamptz)
  returns void language plpgsql set search_path = ''
as $$
begin
  perform private.booking_refuse(429, 'network_holds',
    'Outro agendamento feito desta rede ainda aguarda confirmação por e-mail. Tente de novo em alguns minutos.',
    format('Tente de novo em %s minuto(s).', ceil(extract(epoch from p_until - p_now) / 60.0)),
    jsonb_build_object('Retry-After',
      greatest(1, ceil(extract(epoch from p_until - p_now)))::integer::text));
end
$$;
revoke all on function private.refuse_waiting_holds(timestamptz, timestamptz) from public;

-- Books a slot as a hold (20261128010100_booking_holds.sql's), with the provider's holds and
-- fewer holds while many wait. Otherwise unchanged: 20261125000200_booking_calls.sql's checks,
-- then the network's and the inbox's.
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
  caller_provider text := private.client_prefix(caller_key, 32, 16);
  allowed_holds integer;
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

  -- Holds waiting at once, per provider (an IPv6 /32, an IPv4 /16), and fewer for everyone
  -- while many wait (private.holds_allowed). Unknown callers share the daily cap below instead.
  if caller_provider is not null then
    perform pg_advisory_xact_lock(7242114, hashtext(caller_provider));
    -- A provider may always hold what one of its networks may.
    allowed_holds := private.holds_allowed(
      greatest(settings.holds_per_provider, settings.holds_per_network), p_now);
    select count(*) into made from public.bookings b
     where b.status = 'pending' and b.hold_until > p_now
       and b.client_key::inet <<= caller_provider::inet;
    if made >= allowed_holds then
      select b.hold_until into oldest from public.bookings b
       where b.status = 'pending' and b.hold_until > p_now
         and b.client_key::inet <<= caller_provider::inet
       order by b.hold_until offset made - allowed_holds limit 1;
      perform private.refuse_waiting_holds(oldest, p_now);
    end if;
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
    allowed_holds := private.holds_allowed(settings.holds_per_network, p_now);
    select count(*) into made from public.bookings b
     where b.client_network = caller_network and b.status = 'pending'
       and b.hold_until > p_now;
    if made >= allowed_holds then
      select b.hold_until into oldest from public.bookings b
       where b.client_network = caller_network and b.status = 'pending'
         and b.hold_until > p_now
       order by b.hold_until offset made - allowed_holds limit 1;
      perform private.refuse_waiting_holds(oldest, p_now);
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
