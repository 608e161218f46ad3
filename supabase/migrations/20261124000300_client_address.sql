-- Which request header names the client the flood limits count, as a setting (decision 024).
-- The guard used to read cf-connecting-ip, else the first X-Forwarded-For entry: a caller
-- writes that entry itself wherever nothing in front replaces it, so it could pick a new
-- address per request, or an unreadable one that lands in the bucket every unknown caller
-- shares. Now one header is read, and from a comma-separated chain only the entry a trusted
-- proxy wrote, counted from the right. Safe to apply twice.

alter table private.contact_settings
  -- null: no header is believed, every caller counts as unknown.
  add column if not exists client_address_header text default 'cf-connecting-ip',
  -- 1 is the last entry (what the nearest proxy appended); a proxy in front of that one makes 2.
  add column if not exists client_address_hops integer not null default 1;

-- Dropped and added again so applying twice keeps one of each. PostgREST passes header names
-- in lower case, and so does the Node server.
alter table private.contact_settings
  drop constraint if exists contact_settings_client_address_header_check,
  add constraint contact_settings_client_address_header_check
    check (client_address_header ~ '^[a-z0-9-]{1,100}$'),
  drop constraint if exists contact_settings_client_address_hops_check,
  add constraint contact_settings_client_address_hops_check
    check (client_address_hops between 1 and 20);

-- The address in `header` of these request headers, `hops` entries from the right of its
-- comma-separated list (whatever a caller wrote stands to the left of what the proxies
-- appended), or null when the header is missing, empty or shorter than that.
create or replace function private.client_address(headers jsonb, header text, hops integer)
  returns text language sql immutable set search_path = ''
as $$
  select nullif(btrim(chain.entries[cardinality(chain.entries) - hops + 1]), '')
    from (select string_to_array(headers ->> header, ',') as entries) chain
$$;
revoke all on function private.client_address(jsonb, text, integer) from public;
