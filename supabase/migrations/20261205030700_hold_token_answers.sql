-- The booking page's hold token answers alike whatever became of the hold (decision 059,
-- amending 038). Whoever typed an address holds that token, and a stranger who typed someone
-- else's could read the owner's answer from it: giving the hold up answered 409 "confirmed"
-- once the owner confirmed, the hold itself (pending, or expired) otherwise; and asking the
-- e-mail function for the hold's e-mails sent the owner's invitation early, answering "sent"
-- instead of "nothing_due". Now:
-- - giving up with the hold token always answers {"id", "status": "released"}: a hold still
--   waiting is given up silently as before; a confirmed meeting, a lapsed hold or one given up
--   already stays as it is. The page needs nothing more (the time is free again, or it is the
--   inbox's business now: its link moves and cancels);
-- - the hold token claims the hold's request e-mail only, which goes when the hold does; so
--   the e-mail function answers "nothing_due" for it once the request has left or the hold is
--   over, confirmed or not.
-- The manage token (the inbox's) answers as before. Safe to apply twice.

-- What the page's token is answered when it gives its hold up, whatever the hold became.
create or replace function private.hold_released_json(b public.bookings)
  returns jsonb language sql immutable set search_path = ''
as $$
  select jsonb_build_object('id', b.id, 'status', 'released')
$$;
revoke all on function private.hold_released_json(public.bookings) from public;

-- The visitor cancels (20261128010100_booking_holds.sql's): a meeting through the manage link
-- (both sides are told), or a hold through the e-mail's link ("it was not me"), silently; the
-- page's hold token gives a waiting hold up silently and is answered alike in every case.
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
  if found and booking.hold_token_hash = hash then
    if private.booking_state(booking, p_now) = 'pending' then
      perform private.cancel_booking(booking.id, 'visitor', p_message, false, p_now);
    end if;
    return private.hold_released_json(booking);
  end if;
  if found and booking.status = 'pending' then
    if private.booking_state(booking, p_now) = 'pending' then
      booking := private.cancel_booking(booking.id, 'visitor', p_message, false, p_now);
    end if;
    return private.booking_json(booking, p_now);
  end if;
  booking := private.booking_to_change(p_token, p_now);
  booking := private.cancel_booking(booking.id, 'visitor', p_message, true, p_now);
  return private.booking_json(booking, p_now);
end
$$;
revoke all on function private.cancel_booking_by_token(text, text, timestamptz) from public;

-- The due e-mails a token may ask for at once (20261128010100_booking_holds.sql's): the
-- manage token its booking's, the hold token only its hold's request while the hold waits.
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
  select b.id into found_id from public.bookings b where b.manage_token_hash = hash;
  if found_id is not null then
    return query select * from private.claim_booking_mail(found_id, p_limit, p_lease_minutes);
    return;
  end if;
  -- A waiting hold has no e-mail but its request.
  select b.id into found_id from public.bookings b
   where b.hold_token_hash = hash and b.status = 'pending' and b.hold_until > now();
  if found_id is null then
    return;
  end if;
  return query select * from private.claim_booking_mail(found_id, p_limit, p_lease_minutes);
end
$$;
revoke all on function private.claim_booking_mail_by_token(text, integer, integer) from public;
