-- A confirmation counts against the network's and the inbox's limits as they stand when it
-- comes (decision 059). Holds that lapsed no longer count as meetings to come, so a network
-- could let them lapse, hold more, then confirm the lapsed ones from its own inboxes: one /24
-- ended with 12 confirmed meetings against its limit of 6, each with an invitation, a company
-- copy and a webhook. Now confirming, on time or late, is refused when the network the booking
-- came from already has upcoming_per_network meetings (or live holds) to come besides it, or
-- its inbox has another; nothing is mailed or announced for a refused one (the refusal undoes
-- the whole call). A move keeps one meeting one meeting, and a meeting written in by the desk
-- or a restore is the company's own, so neither counts here. Safe to apply twice.

-- Whether the inbox (a private.mail_recipient_key) has a meeting or a live hold to come other
-- than p_except: one per inbox.
create or replace function private.inbox_has_other_booking(
  p_recipient text,
  p_except uuid,
  p_now timestamptz
)
  returns boolean language sql stable set search_path = ''
as $$
  select exists (
    select 1 from public.bookings b
     where private.mail_recipient_key(b.email) = p_recipient
       and b.id is distinct from p_except and b.ends_at > p_now
       and (b.status in ('confirmed', 'held') or (b.status = 'pending' and b.hold_until > p_now))
  )
$$;
revoke all on function private.inbox_has_other_booking(text, uuid, timestamptz) from public;

-- Confirms a hold from the inbox (20261128010100_booking_holds.sql's, with the limits). The
-- locks come in book_meeting's order (network, inbox, day), so the two never wait on each other
-- in a circle; inside them a concurrent booking or confirmation of the same network or inbox has
-- either committed (and is counted) or waits.
create or replace function private.confirm_booking(p_token text, p_now timestamptz)
  returns jsonb language plpgsql set search_path = ''
as $$
declare
  booking public.bookings;
  settings private.booking_settings;
  state text;
  recipient text;
  others integer;
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
  select * into settings from private.booking_settings;
  recipient := private.mail_recipient_key(booking.email);
  if booking.client_network is not null then
    perform pg_advisory_xact_lock(7242113, hashtext(booking.client_network));
  end if;
  perform pg_advisory_xact_lock(7242111, hashtext(recipient));
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
  -- The inbox: one meeting (or live hold) to come, this one aside. A late one must also find its
  -- slot still on offer.
  if state = 'expired' then
    perform private.expire_booking_holds(p_now,
      tstzrange(booking.starts_at, booking.blocked_until), booking.id);
  end if;
  if (state = 'expired' and not private.is_slot_free(p_now, booking.starts_at, booking.id))
     or (state = 'expired' and private.inbox_has_other_booking(recipient, booking.id, p_now)) then
    perform private.booking_refuse(409, 'hold_expired',
      'O prazo para confirmar acabou e esse horário não está mais disponível. Escolha outro horário.');
  end if;
  if private.inbox_has_other_booking(recipient, booking.id, p_now) then
    perform private.booking_refuse(409, 'email_has_booking',
      'Este e-mail já tem uma reunião marcada. Para mudar o horário ou cancelar, use o link do e-mail de confirmação.');
  end if;
  -- The network it was booked from: its meetings to come, and its holds still waiting (each was
  -- counted when it was made), this one aside.
  if booking.client_network is not null then
    select count(*) into others from public.bookings b
     where b.client_network = booking.client_network and b.id <> booking.id
       and b.starts_at > p_now
       and (b.status in ('confirmed', 'held') or (b.status = 'pending' and b.hold_until > p_now));
    if others >= settings.upcoming_per_network then
      perform private.booking_refuse(409, 'network_upcoming',
        'Já há muitas reuniões marcadas a partir desta rede. Para marcar outra, fale com a gente por e-mail ou telefone.');
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
