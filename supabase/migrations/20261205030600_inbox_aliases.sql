-- One inbox, however its address is written (decision 059, amending 038): the per-inbox limits
-- (three requests a day, one meeting to come) missed the providers' own aliases. An iCloud
-- inbox answers at icloud.com, me.com and mac.com alike, a Proton one at proton.me,
-- protonmail.com, protonmail.ch and pm.me (9 to 12 requests a day reached one inbox), and
-- Fastmail delivers anything@user.fastmail.com to user@fastmail.com (no limit at all). Besides
-- letter case, a +tag and Gmail's dots (20261128010100_booking_holds.sql), the key now folds:
-- - iCloud: me.com and mac.com are icloud.com;
-- - Proton: its four domains are proton.me, and the dots, hyphens and underscores it ignores in
--   a name are dropped;
-- - Fastmail: a subdomain address is its user's (a hyphen in the subdomain stands for an
--   underscore in the name, so the two are one), on the Fastmail domains whose subdomain
--   addressing is documented.
-- The index on the key is rebuilt: its entries were computed by the old function. Counts of
-- requests kept before (private.booking_requests, two days) keep their old keys. Safe to apply
-- twice.

-- The Fastmail domains where any@user.<domain> is user@<domain>.
create or replace function private.fastmail_domains()
  returns text[] language sql immutable set search_path = ''
as $$
  select array['fastmail.com', 'fastmail.fm', 'sent.com', 'emailplus.org', 'ftml.net',
    'realemail.net', 'reallyfast.info', 'warpmail.net']
$$;
revoke all on function private.fastmail_domains() from public;

-- The inbox an address reaches, however it is written. Two spellings of one inbox count as one
-- for every per-e-mail rule.
create or replace function private.mail_recipient_key(p_email text)
  returns text language plpgsql immutable set search_path = ''
as $$
declare
  local_part text := lower(split_part(p_email, '@', 1));
  domain text := lower(substr(p_email, strpos(p_email, '@') + 1));
  subdomain text := split_part(domain, '.', 1);
begin
  if p_email is null then
    return null;
  end if;
  -- Fastmail's subdomain addressing: the subdomain is the user, what stands left of @ a tag.
  if strpos(domain, '.') > 0
     and substr(domain, length(subdomain) + 2) = any (private.fastmail_domains()) then
    local_part := subdomain;
    domain := substr(domain, length(subdomain) + 2);
  end if;
  -- A subaddress after '+' (Gmail, Outlook, iCloud, Fastmail, Proton…).
  if strpos(local_part, '+') > 1 then
    local_part := split_part(local_part, '+', 1);
  end if;
  domain := case
    when domain = 'googlemail.com' then 'gmail.com'
    when domain in ('me.com', 'mac.com') then 'icloud.com'
    when domain in ('protonmail.com', 'protonmail.ch', 'pm.me') then 'proton.me'
    else domain
  end;
  local_part := case
    when domain = 'gmail.com' then replace(local_part, '.', '')
    when domain = 'proton.me' then translate(local_part, '.-_', '')
    when domain = any (private.fastmail_domains()) then replace(local_part, '-', '_')
    else local_part
  end;
  return local_part || '@' || domain;
end
$$;
revoke all on function private.mail_recipient_key(text) from public;

reindex index public.bookings_recipient_idx;
