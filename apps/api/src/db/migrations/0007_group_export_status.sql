ALTER TABLE "group_data_exports" ADD COLUMN "status" text DEFAULT 'ready' NOT NULL;--> statement-breakpoint
ALTER TABLE "group_data_exports" ADD COLUMN "error" text;--> statement-breakpoint
ALTER TABLE "group_data_exports" ADD COLUMN "recipe_ids" uuid[] DEFAULT '{}' NOT NULL;