-- The lead desk's locks (issue 18, decision 025): sessions end when the password changes,
-- browsers that signed in before are remembered (device cookies) so strangers' wrong passwords
-- from the same address cannot lock the company out, and wrong passwords from all unknown
-- browsers together have a cap. Nothing here is granted to visitors. Safe to apply twice.

-- The desk's password as the servers on this database last started with it. `fingerprint` is
-- a SHA-256 of the password's hash (never the hash itself); `plain_salt` is the salt a plain
-- ADMIN_PASSWORD is hashed with, so every server given the same password derives the same hash
-- and the same fingerprint. One row.
create table if not exists private.desk_password (
  singleton boolean primary key default true check (singleton),
  fingerprint text,
  plain_salt text not null,
  changed_at timestamptz not null default now()
);

-- The fingerprint each session was made under: a server accepts only sessions made under its
-- own password, and deletes the others when it starts. Sessions from before carry none.
alter table private.desk_sessions add column if not exists password_fingerprint text;

-- Browsers that signed in (a long-lived cookie; only a SHA-256 of its token is kept here).
-- Their wrong passwords count against themselves alone, not against their address.
create table if not exists private.desk_devices (
  token_hash text primary key,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null
);

-- A failure from a known browser names it; null is an unknown browser, counted per address
-- and, together with every other unknown browser, against one cap.
alter table private.desk_login_failures add column if not exists device_hash text;

create index if not exists desk_login_failures_device_idx
  on private.desk_login_failures (device_hash, failed_at) where device_hash is not null;
create index if not exists desk_login_failures_unknown_idx
  on private.desk_login_failures (failed_at) where device_hash is null;

-- As in 20261122000300, and now also forgets browsers whose cookie has expired.
create or replace function private.desk_housekeeping(p_idle_minutes integer default 30)
  returns void language sql set search_path = ''
as $$
  delete from private.desk_sessions
   where expires_at <= now() or last_seen_at <= now() - make_interval(mins => p_idle_minutes);
  delete from private.desk_login_failures where failed_at <= now() - interval '1 day';
  delete from private.desk_devices where expires_at <= now();
$$;

revoke all on table private.desk_password, private.desk_devices from public;
revoke all on function private.desk_housekeeping(integer) from public;
