-- The visitor's call for the company's e-mail (send-contact-email) gets a flood limit of its
-- own (issue 18, decision 027). Each call claims mail for a stored submission with exactly the
-- values sent; one that matches nothing cost a query under the mail budget's lock and was
-- answered 409, as often as anyone cared to ask. Now such misses are counted per address (an
-- IPv6 /64; unknown callers together), with the same limits and window as submissions: a
-- visitor misses at most once per message sent, so only a caller asking for mail that was
-- never stored reaches them, and then gets 429 with Retry-After, which the Node server may
-- repeat without asking again until it passes. Safe to apply twice.

-- Claims that found nothing, per address and minute ('' for every unknown address together).
create table if not exists private.mail_claim_misses (
  client_key text not null,
  minute timestamptz not null,
  misses integer not null,
  primary key (client_key, minute)
);
revoke all on table private.mail_claim_misses from public;

-- For forgetting old minutes, whichever addresses they belong to.
create index if not exists mail_claim_misses_minute_idx on private.mail_claim_misses (minute);

-- private.claim_submission_mail for a visitor's request, whose headers name the caller as the
-- flood limits read them (contact_settings.client_address_header and _hops). Refused with 429
-- once the caller's misses in the window reach the limit for submissions; otherwise claims, and
-- counts a miss when nothing matched.
create or replace function private.claim_visitor_mail(
  p_headers jsonb,
  p_name text,
  p_email text,
  p_company text,
  p_message text,
  p_window_minutes integer,
  p_lease_minutes integer
)
  returns setof private.mail_claim language plpgsql set search_path = ''
as $$
declare
  settings private.contact_settings;
  caller_key text;
  counter_key text;
  allowed integer;
  recent integer;
  bucket record;
  wait_seconds integer;
  claim private.mail_claim;
begin
  select * into settings from private.contact_settings;
  caller_key := private.client_key(private.client_address(
    coalesce(p_headers, '{}'), settings.client_address_header, settings.client_address_hops));
  counter_key := coalesce(caller_key, '');
  allowed := case when caller_key is null
    then settings.unknown_address_limit else settings.per_address_limit end;

  -- This minute's counter, locked: one address's calls are decided one at a time, on every
  -- server, so parallel calls cannot slip past the limit. A refusal undoes the row.
  insert into private.mail_claim_misses as m (client_key, minute, misses)
  values (counter_key, date_trunc('minute', now()), 0)
  on conflict (client_key, minute) do update set misses = m.misses;
  select coalesce(sum(m.misses), 0) into recent
    from private.mail_claim_misses m
   where m.client_key = counter_key
     and m.minute > now() - make_interval(mins => settings.window_minutes);

  if recent >= allowed then
    -- Retry-After: when enough of the oldest minutes have left the window for one more.
    for bucket in
      select m.minute, m.misses from private.mail_claim_misses m
       where m.client_key = counter_key
         and m.minute > now() - make_interval(mins => settings.window_minutes)
       order by m.minute
    loop
      recent := recent - bucket.misses;
      if recent < allowed then
        wait_seconds := greatest(1, ceil(extract(epoch from
          bucket.minute + make_interval(mins => settings.window_minutes) - now())))::integer;
        exit;
      end if;
    end loop;
    perform private.refuse(429, 'PT429',
      case when caller_key is null
        then 'Recebemos muitos pedidos de aviso por e-mail agora. Tente novamente em alguns minutos.'
        else 'Muitos pedidos de aviso por e-mail deste endereço. Tente novamente em alguns minutos.' end,
      format('Tente de novo em %s minuto(s).', ceil(coalesce(wait_seconds, 60) / 60.0)),
      jsonb_build_object('Retry-After', coalesce(wait_seconds, 60)::text));
  end if;

  select * into claim from private.claim_submission_mail(
    p_name, p_email, p_company, p_message, p_window_minutes, p_lease_minutes);
  if claim.outcome = 'not_found' then
    update private.mail_claim_misses m set misses = m.misses + 1
     where m.client_key = counter_key and m.minute = date_trunc('minute', now());
    delete from private.mail_claim_misses m where m.minute < now() - interval '1 day';
  end if;
  return next claim;
end
$$;
revoke all on function private.claim_visitor_mail(jsonb, text, text, text, text, integer, integer)
  from public;
