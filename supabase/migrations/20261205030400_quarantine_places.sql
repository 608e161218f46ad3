-- The quarantine's places shared at three widths, and room kept for newcomers (decision 059,
-- amending 041). 25 /48s, 20 places each, filled all 500 in 1.5 s; from then on every person
-- a bot signal flagged (autofill in the hidden field, a pasted message) was refused for up to
-- QUARANTINE_DAYS, until the junk was purged or deleted. Now:
-- - one address (an IPv4 address, an IPv6 /64) holds at most 1/100 of the places (5 of 500),
--   one network (an IPv6 /48, an IPv4 /24) 1/25 (20), and one provider (an IPv6 /32, an IPv4
--   /16: what a tunnel broker, a cloud or an ISP hands its networks out of) 1/10 (50): 25 /48s
--   of one provider hold 50 places;
-- - when the places are all taken, a flagged post is still kept if its provider holds fewer
--   than 1/100 of them (5), up to twice the places in all: a person from anywhere the flood is
--   not still gets in, and to close those places too an attacker needs another hundred
--   providers' worth of networks. Callers whose address is not known count as one provider.
-- Nothing already kept is ever pushed out (its sender was thanked); whatever cannot be kept is
-- refused in words with 503 and Retry-After, as before. Safe to apply twice.

-- Keeps a flagged submission for review (20261128020200_counter_and_quarantine_shares.sql's,
-- with the provider's share and the newcomers' room).
create or replace function private.quarantine_submission(
  p_reason text,
  p_name text,
  p_email text,
  p_company text,
  p_message text,
  p_client_key text,
  p_from public.contact_submissions
)
  returns void language plpgsql set search_path = ''
as $$
declare
  capacity integer;
  caller_network inet := private.client_prefix(p_client_key, 48, 24)::inet;
  caller_provider inet := private.client_prefix(p_client_key, 32, 16)::inet;
  held record;
  cannot_keep constant text :=
    'Não conseguimos receber a sua mensagem agora. Tente de novo mais tarde ou fale conosco por e-mail ou telefone.';
begin
  perform pg_advisory_xact_lock(hashtext(coalesce(p_email, '')));
  if exists (
    select 1 from private.quarantined_submissions q
     where q.quarantined_at > now() - interval '10 seconds'
       and q.name = p_name and q.email = p_email and q.message = p_message
       and q.company is not distinct from p_company
  ) then
    return;
  end if;
  perform private.count_submission(p_client_key);
  -- As a lead's fields would be: the same words, the same 400 (nothing tells a bot it was
  -- flagged; a person learns what to fix).
  perform private.check_contact_fields(p_name, p_email, p_company, p_message);
  -- One decision about the places at a time, so concurrent posts cannot overfill them.
  perform pg_advisory_xact_lock(7242011);
  select quarantine_max_entries into capacity from private.contact_settings;
  -- What is held in all, and by the caller's address, network and provider (the keys the guard
  -- wrote are addresses and /64s, each inside its blocks).
  select count(*) as everyone,
         count(*) filter (where q.client_key = p_client_key) as address,
         count(*) filter (where q.client_key::inet <<= caller_network) as network,
         count(*) filter (where q.client_key::inet <<= caller_provider
                             or (caller_provider is null and q.client_key is null)) as provider
    into held
    from private.quarantined_submissions q;
  if (p_client_key is not null and held.address >= greatest(1, capacity / 100))
     or (caller_network is not null and held.network >= greatest(1, capacity / 25))
     or (caller_provider is not null and held.provider >= greatest(1, capacity / 10))
     or (held.everyone >= capacity
         and (held.provider >= greatest(1, capacity / 100) or held.everyone >= 2 * capacity)) then
    -- 503: not a flood limit a server should repeat, but no place for it now.
    perform private.refuse(503, 'PT503', cannot_keep, null,
      jsonb_build_object('Retry-After', '3600'));
  end if;
  insert into private.quarantined_submissions (reason, name, email, company, message, client_key,
    referrer_origin, landing_path, utm_source, utm_medium, utm_campaign, utm_term, utm_content)
  values (p_reason, p_name, p_email, p_company, p_message, p_client_key,
    p_from.referrer_origin, p_from.landing_path, p_from.utm_source, p_from.utm_medium,
    p_from.utm_campaign, p_from.utm_term, p_from.utm_content);
end
$$;
revoke all on function private.quarantine_submission(
  text, text, text, text, text, text, public.contact_submissions) from public;
