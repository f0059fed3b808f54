-- Every instance remembers the callers behind the tokens it has just checked (modules/users/caller-cache.ts). Any
-- change to what a caller is made of — a user's row (flags, household, password), a signed-out session, a deleted API
-- token — notifies channel `larder_callers` when its transaction commits, and every listening instance forgets what
-- it remembered. Triggers rather than calls in the code, so that no writer can forget: a restore, an administrator's
-- SQL, a cascade from a deleted group. A new user or API token changes no caller anyone has seen, so inserts into
-- those two tables notify nothing.
CREATE FUNCTION larder_notify_callers_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('larder_callers', TG_TABLE_NAME);
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER users_notify_callers_changed AFTER UPDATE OR DELETE OR TRUNCATE ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION larder_notify_callers_changed();--> statement-breakpoint
CREATE TRIGGER revoked_sessions_notify_callers_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "revoked_sessions"
  FOR EACH STATEMENT EXECUTE FUNCTION larder_notify_callers_changed();--> statement-breakpoint
CREATE TRIGGER api_tokens_notify_callers_changed AFTER UPDATE OR DELETE OR TRUNCATE ON "api_tokens"
  FOR EACH STATEMENT EXECUTE FUNCTION larder_notify_callers_changed();
