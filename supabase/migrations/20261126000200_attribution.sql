-- Where each lead came from (issue 20): the external site that sent the visitor (its origin,
-- never the full address), the campaign's utm_* parameters and the page they landed on, as the
-- page's script read them on arrival. Sent by the contact insert, the form posted without
-- script and book_meeting; no cookie and no storage on the visitor's device (decision 033).
--
-- Every value is visitor-controlled, so the database bounds it like every other field. A value
-- that breaks a rule is DROPPED (stored as null), never refused: a malformed utm must never
-- cost anyone their message. docs/hostile-inputs.md lists the rules. Safe to apply twice.

alter table public.contact_submissions
  add column if not exists referrer_origin text,
  add column if not exists landing_path text,
  add column if not exists utm_source text,
  add column if not exists utm_medium text,
  add column if not exists utm_campaign text,
  add column if not exists utm_term text,
  add column if not exists utm_content text;

grant insert (referrer_origin, landing_path, utm_source, utm_medium, utm_campaign, utm_term,
  utm_content) on table public.contact_submissions to anon;

-- A utm_* value as stored: trimmed, at most max_chars code points, with nothing that is not
-- shown as itself (controls, line breaks, direction and other format characters); null
-- otherwise. The campaign's own words are kept as typed: case is the campaign's choice.
create or replace function private.clean_utm(value text, max_chars integer)
  returns text language sql immutable set search_path = ''
as $$
  select case
    when v is null or v = '' then null
    when char_length(v) > max_chars then null
    when v ~ '[\u0000-\u001f\u007f-\u009f\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180b-\u180f\u200b-\u200f\u2028-\u202e\u2060-\u206f\ufe00-\ufe0f\ufeff\ufff0-\ufffb]'
      then null
    when not private.has_visible_text(v) then null
    else v
  end
    from (select btrim(value) as v) as trimmed
$$;
revoke all on function private.clean_utm(text, integer) from public;

-- An origin: http(s), a host name of letters, digits, dots and hyphens (IDN as punycode, as
-- browsers write origins) and an optional port; lower case. Anything else (a path, a query,
-- credentials, another scheme) is not an origin: null.
create or replace function private.clean_referrer_origin(value text)
  returns text language sql immutable set search_path = ''
as $$
  select case
    when v ~ '^https?://[a-z0-9]([a-z0-9.-]{0,251}[a-z0-9])?(:[0-9]{1,5})?$'
      and v !~ '\.\.' then v
  end
    from (select lower(btrim(value)) as v) as trimmed
$$;
revoke all on function private.clean_referrer_origin(text) from public;

-- A path on this site: starts with one slash (two would be another host), at most 200
-- characters of the set a URL path may hold unescaped (RFC 3986 pchar and '/'), no query and
-- no fragment; null otherwise.
create or replace function private.clean_landing_path(value text)
  returns text language sql immutable set search_path = ''
as $$
  select case
    when value ~ '^/([A-Za-z0-9._~!$&''()*+,;=:@%-][A-Za-z0-9._~!$&''()*+,;=:@%/-]*)?$'
      and char_length(value) <= 200 then value
  end
$$;
revoke all on function private.clean_landing_path(text) from public;

-- The source one lead or one visit is counted under: the campaign's utm_source in lower case,
-- or else the referring site's host without "www.", or '' (direct: typed, a bookmark, an app
-- that sends no referrer). The overview groups visits and leads by this one rule.
create or replace function private.attribution_source(p_utm_source text, p_referrer_origin text)
  returns text language sql immutable set search_path = ''
as $$
  select coalesce(
    lower(nullif(btrim(p_utm_source), '')),
    substring(p_referrer_origin from '^https?://(?:www\.)?([^:/]+)'),
    ''
  )
$$;
revoke all on function private.attribution_source(text, text) from public;

-- Before the guard (triggers run in name order): whatever sent the row, its attribution is
-- clean before anything reads it. A booking's lead passes here too. As its owner: the visitor's
-- role may not call what is in schema private.
create or replace function private.clean_attribution()
  returns trigger language plpgsql security definer set search_path = ''
as $$
begin
  new.referrer_origin := private.clean_referrer_origin(new.referrer_origin);
  new.landing_path := private.clean_landing_path(new.landing_path);
  new.utm_source := private.clean_utm(new.utm_source, 100);
  new.utm_medium := private.clean_utm(new.utm_medium, 100);
  new.utm_campaign := private.clean_utm(new.utm_campaign, 200);
  new.utm_term := private.clean_utm(new.utm_term, 200);
  new.utm_content := private.clean_utm(new.utm_content, 200);
  return new;
end
$$;
revoke all on function private.clean_attribution() from public;

drop trigger if exists attribution_clean on public.contact_submissions;
create trigger attribution_clean
  before insert or update of referrer_origin, landing_path, utm_source, utm_medium,
    utm_campaign, utm_term, utm_content
  on public.contact_submissions
  for each row execute function private.clean_attribution();

-- What the trigger lets through, held as constraints too, so no other path stores more.
alter table public.contact_submissions
  drop constraint if exists contact_submissions_attribution_check,
  add constraint contact_submissions_attribution_check check (
    char_length(referrer_origin) <= 260
    and char_length(landing_path) <= 200
    and char_length(utm_source) <= 100
    and char_length(utm_medium) <= 100
    and char_length(utm_campaign) <= 200
    and char_length(utm_term) <= 200
    and char_length(utm_content) <= 200
  );

-- A booking's attribution, written on its lead. The keys are the column names; any other key,
-- or a value that is not a string, is ignored (the trigger above cleans the rest).
create or replace function private.attribute_lead(p_lead_id uuid, p_attribution jsonb)
  returns void language plpgsql set search_path = ''
as $$
declare
  a jsonb := case when jsonb_typeof(p_attribution) = 'object' then p_attribution else '{}' end;
  text_of constant text := 'string';
begin
  if a = '{}'::jsonb then
    return;
  end if;
  update public.contact_submissions s set
    referrer_origin = case when jsonb_typeof(a -> 'referrer_origin') = text_of then a ->> 'referrer_origin' end,
    landing_path = case when jsonb_typeof(a -> 'landing_path') = text_of then a ->> 'landing_path' end,
    utm_source = case when jsonb_typeof(a -> 'utm_source') = text_of then a ->> 'utm_source' end,
    utm_medium = case when jsonb_typeof(a -> 'utm_medium') = text_of then a ->> 'utm_medium' end,
    utm_campaign = case when jsonb_typeof(a -> 'utm_campaign') = text_of then a ->> 'utm_campaign' end,
    utm_term = case when jsonb_typeof(a -> 'utm_term') = text_of then a ->> 'utm_term' end,
    utm_content = case when jsonb_typeof(a -> 'utm_content') = text_of then a ->> 'utm_content' end
   where s.id = p_lead_id;
end
$$;
revoke all on function private.attribute_lead(uuid, jsonb) from public;

-- book_meeting gains one optional argument, `attribution` (a JSON object of the columns
-- above). The old eight-argument function is dropped so PostgREST finds one candidate for a
-- call with or without it: callers that never send it are answered as before.
drop function if exists public.book_meeting(timestamptz, text, text, text, text, text, text, integer);
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
  -- As 20261125000400_booking_mail.sql answers it: with the e-mails' manage link.
  return private.attach_manage_link(booked, booked ->> 'manage_token');
end
$$;
revoke all on function public.book_meeting(timestamptz, text, text, text, text, text, text,
  integer, jsonb) from public, anon, authenticated;
grant execute on function public.book_meeting(timestamptz, text, text, text, text, text, text,
  integer, jsonb) to anon, authenticated, service_role;

-- The desk filters by source and campaign within the list's newest-first order; no index: the
-- filters read the rows the list reads anyway (BENCHMARKS.md §8 on the insert path's cost).
