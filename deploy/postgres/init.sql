-- Development PostgreSQL for the cluster (k8s/components/dev-postgres): one database per service, each
-- owned by its own login role, so a service can neither read nor change another's data
-- (ARCHITECTURE §3 and §5). Production uses a managed server set up the same way.
--
-- The postgres image runs this once, on an empty volume, as the superuser. It is idempotent, so after
-- adding a service to the list below, run it again by hand on an existing volume:
--   kubectl exec -n bookwright-dev postgres-0 -- psql -U postgres -f /docker-entrypoint-initdb.d/init.sql
--
-- Every role gets the password in SERVICE_DB_PASSWORD (set from the dev Secret). Databases and roles are
-- named bookwright_<service>; the gateway owns no data and has none.

\set ON_ERROR_STOP on
\getenv service_password SERVICE_DB_PASSWORD
\if :{?service_password}
\else
  DO $$ BEGIN RAISE EXCEPTION 'SERVICE_DB_PASSWORD is not set: every service role needs a password'; END $$;
\endif

CREATE TEMPORARY TABLE bookwright_services (name text PRIMARY KEY);
-- One row per service that owns data. Adding a service: add its name here.
INSERT INTO bookwright_services (name) VALUES
  ('user'),
  ('book'),
  ('planner'),
  ('writer'),
  ('cover'),
  ('export'),
  ('billing'),
  ('webhooks');

-- Roles first (a database needs its owner), then databases; each generated statement runs on its own,
-- outside a transaction, as CREATE DATABASE requires.
SELECT format('CREATE ROLE %I LOGIN PASSWORD %L', 'bookwright_' || name, :'service_password')
FROM bookwright_services
WHERE NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'bookwright_' || name)
ORDER BY name
\gexec

SELECT format('CREATE DATABASE %I OWNER %I', 'bookwright_' || name, 'bookwright_' || name)
FROM bookwright_services
WHERE NOT EXISTS (SELECT FROM pg_database WHERE datname = 'bookwright_' || name)
ORDER BY name
\gexec

-- No other role may even connect (PUBLIC gets CONNECT and TEMP on new databases by default).
SELECT format('REVOKE ALL ON DATABASE %I FROM PUBLIC', 'bookwright_' || name)
FROM bookwright_services
ORDER BY name
\gexec
