-- Tenancy by construction, second half (src/server/db/tenant-scope.ts): row-level security binds
-- the role control_tenant, which a request's statements run as, to the session's
-- `control.client_id` on every client-owned table. The service's own work runs as the owner of the
-- tables, which no policy binds. A new client-owned table's migration ends with
-- `SELECT control_protect_table('<table>');` (src/server/db/row-security.test.ts fails on a table
-- without it).
--
-- Making a role needs CREATEROLE (or a superuser): without it the migration goes on, and the
-- service warns at start until an administrator makes the role (README "PostgreSQL").
DO $$
BEGIN
  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'control_tenant') THEN
    CREATE ROLE control_tenant NOLOGIN;
  END IF;
  IF NOT pg_has_role(current_user, 'control_tenant', 'MEMBER') THEN
    EXECUTE format('GRANT control_tenant TO %I', current_user);
  END IF;
EXCEPTION WHEN insufficient_privilege THEN
  RAISE NOTICE 'control_tenant could not be made or granted (%): requests are not bound by row-level security', SQLERRM;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION control_protect_table(target regclass, tenant_column name DEFAULT 'client_id') RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format('ALTER TABLE %s ENABLE ROW LEVEL SECURITY', target);
  EXECUTE format('DROP POLICY IF EXISTS client_isolation ON %s', target);
  -- The setting is read once per statement (the sub-select is an init plan), and an equality the
  -- planner can join with the query's own `client_id = $1`, so the policy costs no estimate.
  EXECUTE format(
    $policy$CREATE POLICY client_isolation ON %s USING (%I = (select nullif(current_setting('control.client_id', true), '')::uuid))$policy$,
    target, tenant_column);
  IF EXISTS (SELECT FROM pg_roles WHERE rolname = 'control_tenant') THEN
    EXECUTE format('GRANT SELECT, INSERT, UPDATE, DELETE ON %s TO control_tenant', target);
  END IF;
END
$$;
--> statement-breakpoint
SELECT control_protect_table(c.oid::regclass)
FROM pg_class c
JOIN pg_namespace n ON n.oid = c.relnamespace
JOIN pg_attribute a ON a.attrelid = c.oid AND a.attname = 'client_id' AND a.attnotnull AND NOT a.attisdropped
WHERE n.nspname = 'public' AND c.relkind = 'r' AND c.relname <> 'jobs';
--> statement-breakpoint
SELECT control_protect_table('clients', 'id');
--> statement-breakpoint
-- What a client's statements touch besides the protected tables: the job queue (a write queues
-- its work) and the sequences.
DO $$
BEGIN
  IF EXISTS (SELECT FROM pg_roles WHERE rolname = 'control_tenant') THEN
    GRANT USAGE ON SCHEMA public TO control_tenant;
    GRANT SELECT, INSERT, UPDATE, DELETE ON jobs TO control_tenant;
    GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA public TO control_tenant;
  END IF;
END
$$;
--> statement-breakpoint
-- Ids are keys of a whole table, so a write that names an id must know whether any client uses it
-- (a 400 "is the id of another …" rather than a unique violation). The policy hides other
-- clients' rows from a client's statements; this answers only which of the ids are used, as the
-- owner of the tables (SECURITY DEFINER), for the tables that have an `id` column.
CREATE OR REPLACE FUNCTION control_ids_in_use(target regclass, ids uuid[]) RETURNS SETOF uuid
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public, pg_temp AS $$
BEGIN
  RETURN QUERY EXECUTE format('SELECT id FROM %s WHERE id = ANY($1)', target) USING ids;
END
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION control_ids_in_use(regclass, uuid[]) FROM PUBLIC;
--> statement-breakpoint
DO $$
BEGIN
  IF EXISTS (SELECT FROM pg_roles WHERE rolname = 'control_tenant') THEN
    GRANT EXECUTE ON FUNCTION control_ids_in_use(regclass, uuid[]) TO control_tenant;
  END IF;
END
$$;
