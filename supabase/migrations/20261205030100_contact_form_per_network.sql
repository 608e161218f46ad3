-- The contact form's flood limit counted at three widths (decision 059): the address as before
-- (an IPv4 address or an IPv6 /64, per_address_limit), its home (an IPv6 /56) and its network
-- (an IPv6 /48, an IPv4 /24). 101 leads from 101 /64s of one /56 came in 0.3 s, each within its
-- own /64's ten: a script inside one connection rotates /64s for free. Every path that inserts a
-- lead (the site's insert, the form's own POST, the submit-contact-form function, a flagged post
-- on its way to the quarantine) passes private.count_submission, so on hosted Supabase too.
-- Same words, same 429 and Retry-After as the address's limit. Safe to apply twice.

alter table private.contact_settings
  -- RATE_LIMIT_PER_HOME: submissions one IPv6 /56 may make per window, all its /64s together.
  add column if not exists per_home_limit integer not null default 20,
  -- RATE_LIMIT_PER_NETWORK: the same for one IPv6 /48 or IPv4 /24.
  add column if not exists per_network_limit integer not null default 60;
alter table private.contact_settings
  drop constraint if exists contact_settings_per_home_limit_check,
  add constraint contact_settings_per_home_limit_check check (per_home_limit >= 1),
  drop constraint if exists contact_settings_per_network_limit_check,
  add constraint contact_settings_per_network_limit_check check (per_network_limit >= 1);

-- Counts one submission at every width its address has (the address, its /56, its /48 or /24;
-- '' and the shared cap when the address is not known) and refuses it with 429 past any of
-- them. A wider block may always send what one address may: its limit is never below
-- per_address_limit (an operator who raises that one, for a proxy of many people, raises all).
-- The row lock on each minute's counter, taken narrowest first, makes concurrent submissions of
-- one block wait for each other; a refusal undoes every count with the rest of the statement.
create or replace function private.count_submission(p_client_key text)
  returns void language plpgsql set search_path = ''
as $$
declare
  settings private.contact_settings;
  counters text[];
  limits integer[];
  counter_key text;
  allowed integer;
  recent integer;
  bucket record;
  wait_seconds integer;
begin
  select * into settings from private.contact_settings;
  if p_client_key is null then
    counters := array[''];
    limits := array[settings.unknown_address_limit];
  else
    counters := array[p_client_key, private.client_prefix(p_client_key, 56, null),
      private.client_prefix(p_client_key, 48, 24)];
    limits := array[settings.per_address_limit,
      greatest(settings.per_home_limit, settings.per_address_limit),
      greatest(settings.per_network_limit, settings.per_address_limit)];
  end if;
  for level in 1 .. cardinality(counters) loop
    counter_key := counters[level];
    continue when counter_key is null;
    allowed := limits[level];
    insert into private.submission_counts as counts (client_key, minute, submissions)
    values (counter_key, date_trunc('minute', now()), 1)
    on conflict (client_key, minute) do update set submissions = counts.submissions + 1;
    select coalesce(sum(counts.submissions), 0) into recent
      from private.submission_counts counts
     where counts.client_key = counter_key
       and counts.minute > now() - make_interval(mins => settings.window_minutes);
    continue when recent <= allowed;
    -- Retry-After: when enough of the oldest minutes have left the window for one more.
    for bucket in
      select counts.minute, counts.submissions from private.submission_counts counts
       where counts.client_key = counter_key
         and counts.minute > now() - make_interval(mins => settings.window_minutes)
       order by counts.minute
    loop
      recent := recent - bucket.submissions;
      if recent <= allowed then
        wait_seconds := greatest(1, ceil(extract(epoch from
          bucket.minute + make_interval(mins => settings.window_minutes) - now())))::integer;
        exit;
      end if;
    end loop;
    perform private.refuse(429, 'PT429',
      case when p_client_key is null
        then 'Recebemos muitas mensagens agora. Tente novamente em alguns minutos.'
        else 'Muitas mensagens enviadas deste endereço. Tente novamente em alguns minutos.' end,
      format('Tente de novo em %s minuto(s).', ceil(coalesce(wait_seconds, 60) / 60.0)),
      jsonb_build_object('Retry-After', coalesce(wait_seconds, 60)::text));
  end loop;
end
$$;
revoke all on function private.count_submission(text) from public;
