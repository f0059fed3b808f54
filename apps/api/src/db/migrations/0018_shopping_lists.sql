CREATE TABLE "shopping_list_item_shares" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"item_id" uuid NOT NULL,
	"source" text NOT NULL,
	"recipe_id" uuid,
	"mealplan_id" uuid,
	"quantity" double precision,
	"unit_id" uuid,
	"recipe_quantity" double precision DEFAULT 0 NOT NULL,
	"recipe_scale" double precision DEFAULT 1 NOT NULL,
	"note" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shopping_list_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"list_id" uuid NOT NULL,
	"group_id" uuid NOT NULL,
	"household_id" uuid NOT NULL,
	"checked" boolean DEFAULT false NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"quantity" double precision DEFAULT 0 NOT NULL,
	"unit_id" uuid,
	"food_id" uuid,
	"label_id" uuid,
	"note" text DEFAULT '' NOT NULL,
	"is_food" boolean DEFAULT false NOT NULL,
	"extras" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"deleted" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shopping_list_labels" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"list_id" uuid NOT NULL,
	"label_id" uuid NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shopping_list_recipes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"list_id" uuid NOT NULL,
	"recipe_id" uuid NOT NULL,
	"recipe_quantity" double precision NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shopping_lists" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"group_id" uuid NOT NULL,
	"household_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text,
	"extras" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shopping_stores" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"group_id" uuid NOT NULL,
	"household_id" uuid NOT NULL,
	"name" text NOT NULL,
	"label_order" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "shopping_list_item_shares" ADD CONSTRAINT "shopping_list_item_shares_item_id_shopping_list_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."shopping_list_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shopping_list_item_shares" ADD CONSTRAINT "shopping_list_item_shares_recipe_id_recipes_id_fk" FOREIGN KEY ("recipe_id") REFERENCES "public"."recipes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shopping_list_item_shares" ADD CONSTRAINT "shopping_list_item_shares_unit_id_ingredient_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."ingredient_units"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shopping_list_items" ADD CONSTRAINT "shopping_list_items_list_id_shopping_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."shopping_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shopping_list_items" ADD CONSTRAINT "shopping_list_items_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shopping_list_items" ADD CONSTRAINT "shopping_list_items_household_id_households_id_fk" FOREIGN KEY ("household_id") REFERENCES "public"."households"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shopping_list_items" ADD CONSTRAINT "shopping_list_items_unit_id_ingredient_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."ingredient_units"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shopping_list_items" ADD CONSTRAINT "shopping_list_items_food_id_ingredient_foods_id_fk" FOREIGN KEY ("food_id") REFERENCES "public"."ingredient_foods"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shopping_list_items" ADD CONSTRAINT "shopping_list_items_label_id_multi_purpose_labels_id_fk" FOREIGN KEY ("label_id") REFERENCES "public"."multi_purpose_labels"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shopping_list_labels" ADD CONSTRAINT "shopping_list_labels_list_id_shopping_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."shopping_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shopping_list_labels" ADD CONSTRAINT "shopping_list_labels_label_id_multi_purpose_labels_id_fk" FOREIGN KEY ("label_id") REFERENCES "public"."multi_purpose_labels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shopping_list_recipes" ADD CONSTRAINT "shopping_list_recipes_list_id_shopping_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."shopping_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shopping_list_recipes" ADD CONSTRAINT "shopping_list_recipes_recipe_id_recipes_id_fk" FOREIGN KEY ("recipe_id") REFERENCES "public"."recipes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shopping_lists" ADD CONSTRAINT "shopping_lists_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shopping_lists" ADD CONSTRAINT "shopping_lists_household_id_households_id_fk" FOREIGN KEY ("household_id") REFERENCES "public"."households"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shopping_lists" ADD CONSTRAINT "shopping_lists_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shopping_stores" ADD CONSTRAINT "shopping_stores_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shopping_stores" ADD CONSTRAINT "shopping_stores_household_id_households_id_fk" FOREIGN KEY ("household_id") REFERENCES "public"."households"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "shopping_list_item_shares_item_source_key" ON "shopping_list_item_shares" USING btree ("item_id","source");--> statement-breakpoint
CREATE INDEX "shopping_list_items_list_version_idx" ON "shopping_list_items" USING btree ("list_id","version");--> statement-breakpoint
CREATE INDEX "shopping_list_items_household_id_idx" ON "shopping_list_items" USING btree ("group_id","household_id");--> statement-breakpoint
CREATE INDEX "shopping_list_items_live_idx" ON "shopping_list_items" USING btree ("list_id","position") WHERE not "shopping_list_items"."deleted";--> statement-breakpoint
CREATE UNIQUE INDEX "shopping_list_labels_list_label_key" ON "shopping_list_labels" USING btree ("list_id","label_id");--> statement-breakpoint
CREATE INDEX "shopping_list_labels_label_id_idx" ON "shopping_list_labels" USING btree ("label_id");--> statement-breakpoint
CREATE UNIQUE INDEX "shopping_list_recipes_list_recipe_key" ON "shopping_list_recipes" USING btree ("list_id","recipe_id");--> statement-breakpoint
CREATE INDEX "shopping_lists_household_id_idx" ON "shopping_lists" USING btree ("group_id","household_id");--> statement-breakpoint
CREATE UNIQUE INDEX "shopping_stores_household_name_key" ON "shopping_stores" USING btree ("household_id","name");