CREATE TYPE "public"."timeline_event_type" AS ENUM('system', 'info', 'comment');--> statement-breakpoint
CREATE TABLE "ingredient_food_aliases" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"food_id" uuid NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ingredient_foods" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"group_id" uuid NOT NULL,
	"name" text NOT NULL,
	"plural_name" text,
	"description" text DEFAULT '' NOT NULL,
	"extras" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"label_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ingredient_foods_on_hand" (
	"food_id" uuid NOT NULL,
	"household_id" uuid NOT NULL,
	CONSTRAINT "ingredient_foods_on_hand_food_id_household_id_pk" PRIMARY KEY("food_id","household_id")
);
--> statement-breakpoint
CREATE TABLE "multi_purpose_labels" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"group_id" uuid NOT NULL,
	"name" text NOT NULL,
	"color" text DEFAULT '#959595' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ingredient_unit_aliases" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"unit_id" uuid NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ingredient_units" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"group_id" uuid NOT NULL,
	"name" text NOT NULL,
	"plural_name" text,
	"description" text DEFAULT '' NOT NULL,
	"extras" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"fraction" boolean DEFAULT true NOT NULL,
	"abbreviation" text DEFAULT '' NOT NULL,
	"plural_abbreviation" text DEFAULT '',
	"use_abbreviation" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "categories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"group_id" uuid NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tags" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"group_id" uuid NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tools" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"group_id" uuid NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tools_on_hand" (
	"tool_id" uuid NOT NULL,
	"household_id" uuid NOT NULL,
	CONSTRAINT "tools_on_hand_tool_id_household_id_pk" PRIMARY KEY("tool_id","household_id")
);
--> statement-breakpoint
CREATE TABLE "household_recipe_data" (
	"household_id" uuid NOT NULL,
	"recipe_id" uuid NOT NULL,
	"last_made" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "household_recipe_data_household_id_recipe_id_pk" PRIMARY KEY("household_id","recipe_id")
);
--> statement-breakpoint
CREATE TABLE "recipes_to_categories" (
	"recipe_id" uuid NOT NULL,
	"category_id" uuid NOT NULL,
	CONSTRAINT "recipes_to_categories_recipe_id_category_id_pk" PRIMARY KEY("recipe_id","category_id")
);
--> statement-breakpoint
CREATE TABLE "recipe_ingredients" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"recipe_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"title" text,
	"note" text,
	"quantity" double precision,
	"unit_id" uuid,
	"food_id" uuid,
	"original_text" text,
	"reference_id" uuid NOT NULL,
	"referenced_recipe_id" uuid
);
--> statement-breakpoint
CREATE TABLE "recipe_instructions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"recipe_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"summary" text DEFAULT '' NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"ingredient_references" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recipes_to_tags" (
	"recipe_id" uuid NOT NULL,
	"tag_id" uuid NOT NULL,
	CONSTRAINT "recipes_to_tags_recipe_id_tag_id_pk" PRIMARY KEY("recipe_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "recipes_to_tools" (
	"recipe_id" uuid NOT NULL,
	"tool_id" uuid NOT NULL,
	CONSTRAINT "recipes_to_tools_recipe_id_tool_id_pk" PRIMARY KEY("recipe_id","tool_id")
);
--> statement-breakpoint
CREATE TABLE "recipes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"group_id" uuid NOT NULL,
	"household_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"image" text,
	"recipe_yield" text,
	"recipe_yield_quantity" double precision DEFAULT 0 NOT NULL,
	"recipe_servings" double precision DEFAULT 0 NOT NULL,
	"total_time" text,
	"prep_time" text,
	"cook_time" text,
	"perform_time" text,
	"org_url" text,
	"rating" double precision,
	"date_added" date,
	"date_updated" timestamp with time zone,
	"last_made" timestamp with time zone,
	"settings_public" boolean DEFAULT false NOT NULL,
	"settings_show_nutrition" boolean DEFAULT false NOT NULL,
	"settings_show_assets" boolean DEFAULT false NOT NULL,
	"settings_landscape_view" boolean DEFAULT false NOT NULL,
	"settings_disable_comments" boolean DEFAULT false NOT NULL,
	"settings_disable_amount" boolean DEFAULT true NOT NULL,
	"settings_locked" boolean DEFAULT false NOT NULL,
	"nutrition" jsonb,
	"notes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"extras" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"assets" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"search_name" text DEFAULT '' NOT NULL,
	"search_document" "tsvector",
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recipe_comments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"recipe_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_recipe_ratings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"recipe_id" uuid NOT NULL,
	"rating" double precision,
	"is_favorite" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recipe_share_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"group_id" uuid NOT NULL,
	"recipe_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recipe_timeline_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"recipe_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"subject" text NOT NULL,
	"event_type" timeline_event_type NOT NULL,
	"event_message" text,
	"image" text DEFAULT 'does not have image' NOT NULL,
	"timestamp" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cookbooks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"group_id" uuid NOT NULL,
	"household_id" uuid NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"position" integer DEFAULT 1 NOT NULL,
	"public" boolean DEFAULT false NOT NULL,
	"query_filter_string" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ingredient_food_aliases" ADD CONSTRAINT "ingredient_food_aliases_food_id_ingredient_foods_id_fk" FOREIGN KEY ("food_id") REFERENCES "public"."ingredient_foods"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ingredient_foods" ADD CONSTRAINT "ingredient_foods_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ingredient_foods" ADD CONSTRAINT "ingredient_foods_label_id_multi_purpose_labels_id_fk" FOREIGN KEY ("label_id") REFERENCES "public"."multi_purpose_labels"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ingredient_foods_on_hand" ADD CONSTRAINT "ingredient_foods_on_hand_food_id_ingredient_foods_id_fk" FOREIGN KEY ("food_id") REFERENCES "public"."ingredient_foods"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ingredient_foods_on_hand" ADD CONSTRAINT "ingredient_foods_on_hand_household_id_households_id_fk" FOREIGN KEY ("household_id") REFERENCES "public"."households"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "multi_purpose_labels" ADD CONSTRAINT "multi_purpose_labels_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ingredient_unit_aliases" ADD CONSTRAINT "ingredient_unit_aliases_unit_id_ingredient_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."ingredient_units"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ingredient_units" ADD CONSTRAINT "ingredient_units_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tags" ADD CONSTRAINT "tags_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tools" ADD CONSTRAINT "tools_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tools_on_hand" ADD CONSTRAINT "tools_on_hand_tool_id_tools_id_fk" FOREIGN KEY ("tool_id") REFERENCES "public"."tools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tools_on_hand" ADD CONSTRAINT "tools_on_hand_household_id_households_id_fk" FOREIGN KEY ("household_id") REFERENCES "public"."households"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "household_recipe_data" ADD CONSTRAINT "household_recipe_data_household_id_households_id_fk" FOREIGN KEY ("household_id") REFERENCES "public"."households"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "household_recipe_data" ADD CONSTRAINT "household_recipe_data_recipe_id_recipes_id_fk" FOREIGN KEY ("recipe_id") REFERENCES "public"."recipes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recipes_to_categories" ADD CONSTRAINT "recipes_to_categories_recipe_id_recipes_id_fk" FOREIGN KEY ("recipe_id") REFERENCES "public"."recipes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recipes_to_categories" ADD CONSTRAINT "recipes_to_categories_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recipe_ingredients" ADD CONSTRAINT "recipe_ingredients_recipe_id_recipes_id_fk" FOREIGN KEY ("recipe_id") REFERENCES "public"."recipes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recipe_ingredients" ADD CONSTRAINT "recipe_ingredients_unit_id_ingredient_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."ingredient_units"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recipe_ingredients" ADD CONSTRAINT "recipe_ingredients_food_id_ingredient_foods_id_fk" FOREIGN KEY ("food_id") REFERENCES "public"."ingredient_foods"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recipe_ingredients" ADD CONSTRAINT "recipe_ingredients_referenced_recipe_id_recipes_id_fk" FOREIGN KEY ("referenced_recipe_id") REFERENCES "public"."recipes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recipe_instructions" ADD CONSTRAINT "recipe_instructions_recipe_id_recipes_id_fk" FOREIGN KEY ("recipe_id") REFERENCES "public"."recipes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recipes_to_tags" ADD CONSTRAINT "recipes_to_tags_recipe_id_recipes_id_fk" FOREIGN KEY ("recipe_id") REFERENCES "public"."recipes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recipes_to_tags" ADD CONSTRAINT "recipes_to_tags_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recipes_to_tools" ADD CONSTRAINT "recipes_to_tools_recipe_id_recipes_id_fk" FOREIGN KEY ("recipe_id") REFERENCES "public"."recipes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recipes_to_tools" ADD CONSTRAINT "recipes_to_tools_tool_id_tools_id_fk" FOREIGN KEY ("tool_id") REFERENCES "public"."tools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recipes" ADD CONSTRAINT "recipes_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recipes" ADD CONSTRAINT "recipes_household_id_households_id_fk" FOREIGN KEY ("household_id") REFERENCES "public"."households"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recipes" ADD CONSTRAINT "recipes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recipe_comments" ADD CONSTRAINT "recipe_comments_recipe_id_recipes_id_fk" FOREIGN KEY ("recipe_id") REFERENCES "public"."recipes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recipe_comments" ADD CONSTRAINT "recipe_comments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_recipe_ratings" ADD CONSTRAINT "user_recipe_ratings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_recipe_ratings" ADD CONSTRAINT "user_recipe_ratings_recipe_id_recipes_id_fk" FOREIGN KEY ("recipe_id") REFERENCES "public"."recipes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recipe_share_tokens" ADD CONSTRAINT "recipe_share_tokens_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recipe_share_tokens" ADD CONSTRAINT "recipe_share_tokens_recipe_id_recipes_id_fk" FOREIGN KEY ("recipe_id") REFERENCES "public"."recipes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recipe_timeline_events" ADD CONSTRAINT "recipe_timeline_events_recipe_id_recipes_id_fk" FOREIGN KEY ("recipe_id") REFERENCES "public"."recipes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recipe_timeline_events" ADD CONSTRAINT "recipe_timeline_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cookbooks" ADD CONSTRAINT "cookbooks_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cookbooks" ADD CONSTRAINT "cookbooks_household_id_households_id_fk" FOREIGN KEY ("household_id") REFERENCES "public"."households"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ingredient_food_aliases_food_id_idx" ON "ingredient_food_aliases" USING btree ("food_id");--> statement-breakpoint
CREATE INDEX "ingredient_foods_group_id_idx" ON "ingredient_foods" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "ingredient_foods_label_id_idx" ON "ingredient_foods" USING btree ("label_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ingredient_foods_group_name_key" ON "ingredient_foods" USING btree ("group_id","name");--> statement-breakpoint
CREATE INDEX "ingredient_foods_name_trgm_idx" ON "ingredient_foods" USING gin (lower("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ingredient_foods_on_hand_household_id_idx" ON "ingredient_foods_on_hand" USING btree ("household_id");--> statement-breakpoint
CREATE INDEX "multi_purpose_labels_group_id_idx" ON "multi_purpose_labels" USING btree ("group_id");--> statement-breakpoint
CREATE UNIQUE INDEX "multi_purpose_labels_group_name_key" ON "multi_purpose_labels" USING btree ("group_id","name");--> statement-breakpoint
CREATE INDEX "ingredient_unit_aliases_unit_id_idx" ON "ingredient_unit_aliases" USING btree ("unit_id");--> statement-breakpoint
CREATE INDEX "ingredient_units_group_id_idx" ON "ingredient_units" USING btree ("group_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ingredient_units_group_name_key" ON "ingredient_units" USING btree ("group_id","name");--> statement-breakpoint
CREATE INDEX "categories_group_id_idx" ON "categories" USING btree ("group_id");--> statement-breakpoint
CREATE UNIQUE INDEX "categories_group_name_key" ON "categories" USING btree ("group_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "categories_group_slug_key" ON "categories" USING btree ("group_id","slug");--> statement-breakpoint
CREATE INDEX "tags_group_id_idx" ON "tags" USING btree ("group_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tags_group_name_key" ON "tags" USING btree ("group_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "tags_group_slug_key" ON "tags" USING btree ("group_id","slug");--> statement-breakpoint
CREATE INDEX "tools_group_id_idx" ON "tools" USING btree ("group_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tools_group_name_key" ON "tools" USING btree ("group_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "tools_group_slug_key" ON "tools" USING btree ("group_id","slug");--> statement-breakpoint
CREATE INDEX "tools_on_hand_household_id_idx" ON "tools_on_hand" USING btree ("household_id");--> statement-breakpoint
CREATE INDEX "household_recipe_data_recipe_id_idx" ON "household_recipe_data" USING btree ("recipe_id");--> statement-breakpoint
CREATE INDEX "recipes_to_categories_category_id_idx" ON "recipes_to_categories" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "recipe_ingredients_recipe_id_idx" ON "recipe_ingredients" USING btree ("recipe_id","position");--> statement-breakpoint
CREATE INDEX "recipe_ingredients_food_id_idx" ON "recipe_ingredients" USING btree ("food_id");--> statement-breakpoint
CREATE INDEX "recipe_ingredients_unit_id_idx" ON "recipe_ingredients" USING btree ("unit_id");--> statement-breakpoint
CREATE INDEX "recipe_ingredients_referenced_recipe_id_idx" ON "recipe_ingredients" USING btree ("referenced_recipe_id");--> statement-breakpoint
CREATE INDEX "recipe_instructions_recipe_id_idx" ON "recipe_instructions" USING btree ("recipe_id","position");--> statement-breakpoint
CREATE INDEX "recipes_to_tags_tag_id_idx" ON "recipes_to_tags" USING btree ("tag_id");--> statement-breakpoint
CREATE INDEX "recipes_to_tools_tool_id_idx" ON "recipes_to_tools" USING btree ("tool_id");--> statement-breakpoint
CREATE UNIQUE INDEX "recipes_group_slug_key" ON "recipes" USING btree ("group_id","slug");--> statement-breakpoint
CREATE INDEX "recipes_group_created_idx" ON "recipes" USING btree ("group_id","created_at");--> statement-breakpoint
CREATE INDEX "recipes_group_name_idx" ON "recipes" USING btree ("group_id","name");--> statement-breakpoint
CREATE INDEX "recipes_household_id_idx" ON "recipes" USING btree ("household_id");--> statement-breakpoint
CREATE INDEX "recipes_user_id_idx" ON "recipes" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "recipes_search_name_trgm_idx" ON "recipes" USING gin ("search_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "recipes_search_document_idx" ON "recipes" USING gin ("search_document");--> statement-breakpoint
CREATE INDEX "recipe_comments_recipe_id_idx" ON "recipe_comments" USING btree ("recipe_id","created_at");--> statement-breakpoint
CREATE INDEX "recipe_comments_user_id_idx" ON "recipe_comments" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "user_recipe_ratings_user_recipe_key" ON "user_recipe_ratings" USING btree ("user_id","recipe_id");--> statement-breakpoint
CREATE INDEX "user_recipe_ratings_recipe_id_idx" ON "user_recipe_ratings" USING btree ("recipe_id");--> statement-breakpoint
CREATE INDEX "recipe_share_tokens_group_id_idx" ON "recipe_share_tokens" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "recipe_share_tokens_recipe_id_idx" ON "recipe_share_tokens" USING btree ("recipe_id");--> statement-breakpoint
CREATE INDEX "recipe_timeline_events_recipe_id_idx" ON "recipe_timeline_events" USING btree ("recipe_id","timestamp");--> statement-breakpoint
CREATE INDEX "recipe_timeline_events_timestamp_idx" ON "recipe_timeline_events" USING btree ("timestamp");--> statement-breakpoint
CREATE UNIQUE INDEX "cookbooks_group_slug_key" ON "cookbooks" USING btree ("group_id","slug");--> statement-breakpoint
CREATE INDEX "cookbooks_household_id_idx" ON "cookbooks" USING btree ("household_id","position");