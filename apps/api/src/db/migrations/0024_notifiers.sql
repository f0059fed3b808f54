CREATE TABLE "notifier_deliveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"notifier_id" uuid NOT NULL,
	"group_id" uuid NOT NULL,
	"household_id" uuid NOT NULL,
	"event_version" bigint,
	"event_type" text NOT NULL,
	"attempt" integer NOT NULL,
	"outcome" text NOT NULL,
	"response_code" integer,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notifier_outbox_cursors" (
	"group_id" uuid PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notifiers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"group_id" uuid NOT NULL,
	"household_id" uuid NOT NULL,
	"name" text NOT NULL,
	"encrypted_url" text NOT NULL,
	"masked_url" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"options_id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"events" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notifier_deliveries" ADD CONSTRAINT "notifier_deliveries_notifier_id_notifiers_id_fk" FOREIGN KEY ("notifier_id") REFERENCES "public"."notifiers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifier_deliveries" ADD CONSTRAINT "notifier_deliveries_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifier_deliveries" ADD CONSTRAINT "notifier_deliveries_household_id_households_id_fk" FOREIGN KEY ("household_id") REFERENCES "public"."households"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifier_outbox_cursors" ADD CONSTRAINT "notifier_outbox_cursors_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifiers" ADD CONSTRAINT "notifiers_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifiers" ADD CONSTRAINT "notifiers_household_id_households_id_fk" FOREIGN KEY ("household_id") REFERENCES "public"."households"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifier_deliveries_notifier_idx" ON "notifier_deliveries" USING btree ("notifier_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "notifier_deliveries_attempt_key" ON "notifier_deliveries" USING btree ("notifier_id","event_version","attempt") WHERE event_version is not null;--> statement-breakpoint
CREATE INDEX "notifiers_household_id_idx" ON "notifiers" USING btree ("household_id");--> statement-breakpoint
CREATE INDEX "notifiers_group_id_idx" ON "notifiers" USING btree ("group_id");