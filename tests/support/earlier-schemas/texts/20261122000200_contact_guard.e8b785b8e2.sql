-- What a submission must be, and how many may come, decided in the database so the rules
-- hold the same on PGlite, on PostgreSQL behind the Node server (any number of instances) and
-- behind PostgREST on hosted Supabase. Refusals speak Portuguese: the site shows the
-- database's message to the visitor. Safe to apply twice.

-- Written by the site's form, read by the guard below, never stored: a field people never see
-- (bots fill it) and how long the page had been open when the form was sent.
alter table public.contact_submissions
  add column if not exists form_trap text,
  add column if not exists form_elapsed_ms integer,
  -- The address the limits count: an IPv4 address, or an IPv6 /64 (one subscriber's block).
  add column if not exists client_key text;

grant insert (form_trap, form_elapsed_ms) on table public.contact_submissions to anon;

-- Submissions accepted per address and minute: what the flood limits count. A counter per
-- minute keeps each check to a handful of rows however many leads the table holds (counting
-- the leads themselves grew with them). '' stands for every unknown address together.
create table if not exists private.submission_counts (
  client_key text not null,
  minute timestamptz not null,
  submissions integer not null,
  primary key (client_key, minute)
);
revoke all on table private.submission_counts from public;

-- The limits no longer read the leads by address.
drop index if exists public.contact_submissions_client_ip_idx;

alter table private.contact_settings
  add column if not exists per_address_limit integer not null default 10
    check (per_address_limit >= 1),
  add column if not exists unknown_address_limit integer not null default 60
    check (unknown_address_limit >= 1),
  add column if not exists window_minutes integer not null default 10
    check (window_minutes >= 1),
  add column if not exists rows_per_request integer not null default 1
    check (rows_per_request >= 1),
  add column if not exists min_fill_ms integer not null default 3000
    check (min_fill_ms >= 0);

-- Submissions the guard dropped as a bot's: counted for the operator, nothing personal kept.
create table if not exists private.dropped_submissions (
  id bigint generated always as identity primary key,
  reason text not null check (reason in ('trap_filled', 'too_fast')),
  dropped_at timestamptz not null default now()
);
revoke all on table private.dropped_submissions from public;

-- Every character that shows nothing: Unicode White_Space, format and other default-ignorable
-- code points, and controls. A value made only of these is empty, whatever it looks like.
create or replace function private.has_visible_text(value text)
  returns boolean
  language sql
  immutable
  set search_path = ''
as $$
  select value ~ '[^\u0000-\u0020\u007f-\u00a0\u00ad\u034f\u061c\u115f\u1160\u1680\u17b4\u17b5\u180b-\u180f\u2000-\u200f\u2028-\u202f\u205f-\u206f\u3000\u3164\ufe00-\ufe0f\ufeff\uffa0\ufff0-\ufff8\U0001d173-\U0001d17a\U000e0000-\U000e0fff]'
$$;

-- An address that can be written into a mail header as is: a dot-atom local part (no quotes,
-- no ; < > , and the like) and a domain of letters, digits and hyphens with a real top level.
create or replace function private.is_email_address(value text)
  returns boolean
  language sql
  immutable
  set search_path = ''
as $$
  select char_length(value) <= 254
     and char_length(split_part(value, '@', 1)) <= 64
     and value ~ '^[A-Za-z0-9!#$%&''*+/=?^_`{|}~-]+(\.[A-Za-z0-9!#$%&''*+/=?^_`{|}~-]+)*@([A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+([A-Za-z]{2,63}|xn--[A-Za-z0-9-]{1,59})$'
$$;

-- The client address as the limits count it, or null when it cannot be read as one (the
-- caller then shares the cap for unknown addresses). Ports and brackets are dropped and
-- IPv4-mapped IPv6 is IPv4, so one address written several ways counts once.
create or replace function private.client_key(raw text)
  returns text
  language plpgsql
  immutable
  set search_path = ''
as $$
declare
  candidate text := btrim(coalesce(raw, ''));
  address inet;
begin
  candidate := regexp_replace(candidate, '^\[(.*)\](:[0-9]+)?$', '\1');
  candidate := regexp_replace(candidate, '^([0-9.]+):[0-9]+$', '\1');
  if candidate = '' or candidate !~ '^[0-9A-Fa-f.:]+$' then
    return null;
  end if;
  begin
    address := candidate::inet;
  exception when others then
    return null;
  end;
  if masklen(address) <> (case family(address) when 4 then 32 else 128 end) then
    return null;
  end if;
  if family(address) = 6 and address << '::ffff:0.0.0.0/96'::inet then
    address := '0.0.0.0'::inet + (address - '::ffff:0.0.0.0'::inet);
  end if;
  if family(address) = 4 then
    return host(address);
  end if;
  return network(set_masklen(address, 64))::text;
end
$$;

-- A refusal the way PostgREST lets SQL shape one: status, headers and the JSON body.
create or replace function private.refuse(
  status integer,
  code text,
  message text,
  hint text default null,
  headers jsonb default '{}'
)
  returns void
  language plpgsql
  set search_path = ''
as $$
begin
  raise sqlstate 'PGRST' using
    message = json_build_object('code', code, 'message', message, 'details', null, 'hint', hint)::text,
    detail = json_build_object('status', status, 'headers', headers)::text;
end
$$;

-- Refuses a field that is empty (when it is required: a required message is given), too long
-- or holds a forbidden character, in the visitor's words (the same as
-- src/content/contact-errors.ts).
create or replace function private.check_text_field(
  value text,
  max_chars integer,
  forbidden text,
  required_message text,
  too_long_message text,
  invalid_message text
)
  returns void
  language plpgsql
  set search_path = ''
as $$
begin
  if required_message is not null and not coalesce(private.has_visible_text(value), false) then
    raise exception '%', required_message using errcode = '23514';
  elsif char_length(value) > max_chars then
    raise exception '%', too_long_message using errcode = '23514';
  elsif value ~ forbidden then
    raise exception '%', invalid_message using errcode = '23514';
  end if;
end
$$;

create or replace function private.guard_contact_submission()
  returns trigger
  language plpgsql
  security definer
  set search_path = ''
as $$
declare
  headers jsonb := coalesce(nullif(current_setting('request.headers', true), '')::jsonb, '{}');
  settings private.contact_settings;
  counter_key text;
  allowed integer;
  recent integer;
  bucket record;
  wait_seconds integer;
  -- Line breaks and controls: what could end or split a mail header.
  single_line constant text := '[\u0000-\u001f\u007f-\u009f\u2028\u2029]';
begin
  select * into settings from private.contact_settings;

  -- Bots: answered like a success, stored nowhere, mailed to no one.
  if private.has_visible_text(new.form_trap) then
    insert into private.dropped_submissions (reason) values ('trap_filled');
    return null;
  end if;
  if new.form_elapsed_ms is not null and new.form_elapsed_ms < settings.min_fill_ms then
    insert into private.dropped_submissions (reason) values ('too_fast');
    return null;
  end if;
  new.form_trap := null;
  new.form_elapsed_ms := null;

  -- Nothing the visitor typed can end a mail header (their name and address go into one);
  -- a message may have lines and tabs.
  perform private.check_text_field(new.name, 200, single_line, 'Informe o seu nome.',
    'O nome pode ter até 200 caracteres.',
    'O nome não pode ter quebras de linha nem caracteres de controle.');
  if not coalesce(private.is_email_address(new.email), false) then
    raise exception 'Informe um e-mail válido, como nome@empresa.com.br.' using errcode = '23514';
  end if;
  if not coalesce(private.has_visible_text(new.company), false) then
    new.company := null;
  end if;
  perform private.check_text_field(new.company, 200, single_line, null,
    'O nome da empresa pode ter até 200 caracteres.',
    'O nome da empresa não pode ter quebras de linha nem caracteres de controle.');
  perform private.check_text_field(new.message, 5000, '[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]',
    'Escreva a sua mensagem.', 'A mensagem pode ter até 5000 caracteres.',
    'A mensagem não pode ter caracteres de controle.');

  -- Behind Cloudflare (hosted Supabase) cf-connecting-ip is the trustworthy address; the
  -- Node server writes the address it trusts into x-forwarded-for.
  new.client_ip := nullif(btrim(coalesce(
    headers ->> 'cf-connecting-ip',
    split_part(headers ->> 'x-forwarded-for', ',', 1)
  )), '');
  new.client_key := private.client_key(new.client_ip);

  -- Identical submissions are serialised so a double click cannot slip two rows past the check.
  perform pg_advisory_xact_lock(hashtext(new.email));
  -- A double click or a retried request is the same lead: keep the first row, drop this one.
  if exists (
    select 1 from public.contact_submissions s
     where s.created_at > now() - interval '10 seconds'
       and s.name = new.name and s.email = new.email and s.message = new.message
       and s.company is not distinct from new.company
  ) then
    return null;
  end if;

  -- Count this submission first: the row lock on the minute's counter makes concurrent
  -- submissions from one address wait for each other, and a refusal below undoes the count.
  counter_key := coalesce(new.client_key, '');
  allowed := case when new.client_key is null
    then settings.unknown_address_limit else settings.per_address_limit end;
  insert into private.submission_counts as counts (client_key, minute, submissions)
  values (counter_key, date_trunc('minute', now()), 1)
  on conflict (client_key, minute) do update set submissions = counts.submissions + 1;
  select coalesce(sum(counts.submissions), 0) into recent
    from private.submission_counts counts
   where counts.client_key = counter_key
     and counts.minute > now() - make_interval(mins => settings.window_minutes);
  if recent > allowed then
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
      case when new.client_key is null
        then 'Recebemos muitas mensagens agora. Tente novamente em alguns minutos.'
        else 'Muitas mensagens enviadas deste endereço. Tente novamente em alguns minutos.' end,
      format('Tente de novo em %s minuto(s).', ceil(coalesce(wait_seconds, 60) / 60.0)),
      jsonb_build_object('Retry-After', coalesce(wait_seconds, 60)::text));
  end if;

  return new;
end
$$;

-- The site sends one submission per request; a visitor's request carrying more is refused
-- whole (PostgREST inserts a JSON array in one statement).
create or replace function private.limit_rows_per_request()
  returns trigger
  language plpgsql
  security definer
  set search_path = ''
as $$
declare
  allowed integer;
begin
  -- The requester's role (current_user is this function's owner here).
  if coalesce(current_setting('role', true), '') not in ('anon', 'authenticated') then
    return null;
  end if;
  select rows_per_request into allowed from private.contact_settings;
  if (select count(*) from inserted) > allowed then
    perform private.refuse(400, 'PT400',
      format('Envie uma mensagem por vez (no máximo %s por envio).', allowed));
  end if;
  return null;
end
$$;

drop trigger if exists limit_rows_per_request on public.contact_submissions;
create trigger limit_rows_per_request
  after insert on public.contact_submissions
  referencing new table as inserted
  for each statement execute function private.limit_rows_per_request();

revoke all on function private.has_visible_text(text) from public;
revoke all on function private.check_text_field(text, integer, text, text, text, text) from public;
revoke all on function private.is_email_address(text) from public;
revoke all on function private.client_key(text) from public;
revoke all on function private.refuse(integer, text, text, text, jsonb) from public;
revoke all on function private.limit_rows_per_request() from public;
