-- A visitor's time zone is kept only when it is an IANA name (America/Manaus, Europe/Lisbon,
-- UTC). PostgreSQL also reads POSIX zone specifications ('Foo+99', 'EST5EDT', even
-- 'Foo/Bar+3'), which browsers never send and JavaScript's Intl refuses or reads otherwise:
-- 'Foo+99' is UTC−99 h to PostgreSQL, so the desk showed a meeting on 08/12 13:00 UTC as
-- "04/12/2026 10:00" on the visitor's clock. A POSIX specification always carries a number
-- (its offset); an IANA name carries none but Etc/GMT±N's, so a name of letters in the Area/
-- Location shape that PostgreSQL accepts can only be one of its zone files. Zones a booking
-- already stored that are not names fall back to the company's, as book_meeting does for a
-- zone it does not know. Safe to apply twice.

create or replace function private.is_time_zone(value text)
  returns boolean language plpgsql stable set search_path = ''
as $$
begin
  if value is null
     or value !~ '^(UTC|[A-Z][A-Za-z_-]+(/[A-Za-z][A-Za-z_-]*){1,2}|Etc/GMT(0|[+-]0|[+-]([1-9]|1[0-2])|-1[34]))$'
     or value ~ '^(posix|right)/' then
    return false;
  end if;
  perform now() at time zone value;
  return true;
exception when others then
  return false;
end
$$;
revoke all on function private.is_time_zone(text) from public;

update public.bookings b
   set time_zone = s.time_zone
  from private.booking_settings s
 where not private.is_time_zone(b.time_zone);
