-- A signed-in request's principal (is the user archived, which students do they see, what
-- may their role do) is read from users, user_roles and role_permissions. Server processes
-- keep it in memory between requests; every change to those rows, by any process and any
-- path (the app, a script, psql), tells them to forget the school's principals: a NOTIFY on
-- channel fahrwerk_principals with the school's id, sent when the transaction commits
-- (PostgreSQL sends one of equal notifications of a transaction).
CREATE FUNCTION "notify_principal_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('fahrwerk_principals', OLD.driving_school_id::text);
  ELSE
    PERFORM pg_notify('fahrwerk_principals', NEW.driving_school_id::text);
    IF TG_OP = 'UPDATE' AND OLD.driving_school_id <> NEW.driving_school_id THEN
      PERFORM pg_notify('fahrwerk_principals', OLD.driving_school_id::text);
    END IF;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "users_principal_change" AFTER UPDATE OR DELETE ON "users"
  FOR EACH ROW EXECUTE FUNCTION "notify_principal_change"();--> statement-breakpoint
CREATE TRIGGER "user_roles_principal_change" AFTER INSERT OR UPDATE OR DELETE ON "user_roles"
  FOR EACH ROW EXECUTE FUNCTION "notify_principal_change"();--> statement-breakpoint
CREATE TRIGGER "role_permissions_principal_change" AFTER INSERT OR UPDATE OR DELETE ON "role_permissions"
  FOR EACH ROW EXECUTE FUNCTION "notify_principal_change"();
