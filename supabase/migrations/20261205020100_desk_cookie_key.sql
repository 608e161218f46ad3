-- The key the lead desk signs its cookies with (decision 058): a session cookie and a known
-- browser's cookie carry an HMAC of their token under it, so a server refuses a cookie it did
-- not make before any query (a flood of random session cookies on /painel cost one look-up
-- each). One key per database, made by the first server that starts with a desk (Node's
-- crypto, 32 random bytes, base64), so every server sharing the database accepts the others'
-- cookies. It is not the password's: a known browser stays known across a password change
-- (decision 025). Anyone who can read this row can read the sessions table too; the key only
-- spares the database the look-ups, and a session still needs its token. Safe to apply twice.

alter table private.desk_password add column if not exists cookie_key text;
