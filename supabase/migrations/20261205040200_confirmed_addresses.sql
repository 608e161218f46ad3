-- Replies to addresses nobody confirmed (issue 30, decision 060, amending 051). Anyone can send
-- the form, or book a hold, in someone else's name with a note of their own; the desk's reply,
-- signed by the company, quoted that note to the address. An address is confirmed when its
-- inbox has shown it is the visitor's: today, only a booking confirmed through the link the
-- hold's e-mail carried (decision 038: the manage link travels only by e-mail). A booking made
-- before holds existed (hold_until is null) was confirmed by nobody. A reply to any other
-- address still goes, with the team's text and the company's signature, but quotes nothing the
-- visitor typed (the claim says which); the desk marks such leads. Safe to apply twice.

-- Whether this address's inbox confirmed a booking (exactly this address, in any letter case:
-- a confirmation from ana+x@ says nothing certain of ana@ on every provider).
create or replace function private.is_address_confirmed(p_email text)
  returns boolean language sql stable set search_path = ''
as $$
  select exists (
    select 1 from public.bookings b
     where lower(b.email) = lower(p_email)
       and b.confirmed_at is not null and b.hold_until is not null)
$$;
revoke all on function private.is_address_confirmed(text) from public;

create index if not exists bookings_confirmed_email_idx on public.bookings (lower(email))
  where confirmed_at is not null and hold_until is not null;

do $$
begin
  if not exists (
    select 1 from pg_attribute a
      join pg_type t on t.typrelid = a.attrelid
      join pg_namespace n on n.oid = t.typnamespace
     where n.nspname = 'private' and t.typname = 'lead_reply_claim'
       and a.attname = 'email_confirmed'
  ) then
    alter type private.lead_reply_claim add attribute email_confirmed boolean;
  end if;
end
$$;

-- Claims due replies (20261128120000's), with whether the lead's address is confirmed as of
-- the send: a booking confirmed meanwhile lets the quote go.
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
    select c.id, c.subject, c.body, s.id, s.created_at, s.name, s.email, s.company, s.message,
           private.is_address_confirmed(s.email)
      from claimed c join public.contact_submissions s on s.id = c.lead_id
     order by c.due_at, c.id;
end
$$;
revoke all on function private.claim_lead_replies(bigint, integer, integer) from public;
