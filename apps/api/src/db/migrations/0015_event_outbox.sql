CREATE TABLE "event_versions" (
	"group_id" uuid PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "events" (
	"group_id" uuid NOT NULL,
	"version" bigint NOT NULL,
	"household_id" uuid,
	"household_only" boolean NOT NULL,
	"actor_id" uuid,
	"type" text NOT NULL,
	"document" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "events_group_id_version_pk" PRIMARY KEY("group_id","version")
);
--> statement-breakpoint
ALTER TABLE "event_versions" ADD CONSTRAINT "event_versions_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "events_created_at_idx" ON "events" USING btree ("created_at");--> statement-breakpoint
-- Wakes every instance's notification hub (http/notification-hub.ts) when events commit: one notification per group
-- and statement, naming the group and its highest new version. pg_notify inside the transaction is delivered only
-- if it commits, and in commit order. A wake-up only: listeners read the events themselves from this table.
CREATE FUNCTION larder_notify_events() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('larder_events', inserted.group_id::text || ':' || max(inserted.version)::text)
    FROM inserted GROUP BY inserted.group_id;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER events_notify AFTER INSERT ON "events" REFERENCING NEW TABLE AS inserted
  FOR EACH STATEMENT EXECUTE FUNCTION larder_notify_events();
