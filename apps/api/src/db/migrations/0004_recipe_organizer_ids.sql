ALTER TABLE "recipes" ADD COLUMN "category_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL;--> statement-breakpoint
ALTER TABLE "recipes" ADD COLUMN "tag_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL;--> statement-breakpoint
ALTER TABLE "recipes" ADD COLUMN "tool_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL;--> statement-breakpoint
CREATE INDEX "recipes_category_ids_idx" ON "recipes" USING gin ("category_ids");--> statement-breakpoint
CREATE INDEX "recipes_tag_ids_idx" ON "recipes" USING gin ("tag_ids");--> statement-breakpoint
CREATE INDEX "recipes_tool_ids_idx" ON "recipes" USING gin ("tool_ids");--> statement-breakpoint
-- Keeps recipes.category_ids / tag_ids / tool_ids equal to the link tables, whoever writes them (recipe saves, bulk
-- actions, imports, organizer deletes through ON DELETE CASCADE). Once per statement, over the recipes it touched,
-- locked in id order first: the order recipe saves and organizer renames lock recipes in, so no deadlock.
CREATE FUNCTION recipes_copy_organizer_ids() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  id_column text := TG_ARGV[0];
  ids_column text := TG_ARGV[1];
  touched text := CASE TG_OP
    WHEN 'INSERT' THEN 'select recipe_id from new_rows'
    WHEN 'DELETE' THEN 'select recipe_id from old_rows'
    ELSE 'select recipe_id from new_rows union select recipe_id from old_rows' END;
BEGIN
  EXECUTE format('select 1 from recipes where id in (%s) order by id for no key update', touched);
  EXECUTE format(
    'update recipes r set %1$I = coalesce((select array_agg(l.%2$I order by l.%2$I) from %3$I l where l.recipe_id = r.id), ''{}'') where r.id in (%4$s)',
    ids_column, id_column, TG_TABLE_NAME, touched);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER recipes_to_categories_inserted AFTER INSERT ON recipes_to_categories REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION recipes_copy_organizer_ids('category_id', 'category_ids');
--> statement-breakpoint
CREATE TRIGGER recipes_to_categories_updated AFTER UPDATE ON recipes_to_categories REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION recipes_copy_organizer_ids('category_id', 'category_ids');
--> statement-breakpoint
CREATE TRIGGER recipes_to_categories_deleted AFTER DELETE ON recipes_to_categories REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION recipes_copy_organizer_ids('category_id', 'category_ids');
--> statement-breakpoint
CREATE TRIGGER recipes_to_tags_inserted AFTER INSERT ON recipes_to_tags REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION recipes_copy_organizer_ids('tag_id', 'tag_ids');
--> statement-breakpoint
CREATE TRIGGER recipes_to_tags_updated AFTER UPDATE ON recipes_to_tags REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION recipes_copy_organizer_ids('tag_id', 'tag_ids');
--> statement-breakpoint
CREATE TRIGGER recipes_to_tags_deleted AFTER DELETE ON recipes_to_tags REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION recipes_copy_organizer_ids('tag_id', 'tag_ids');
--> statement-breakpoint
CREATE TRIGGER recipes_to_tools_inserted AFTER INSERT ON recipes_to_tools REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION recipes_copy_organizer_ids('tool_id', 'tool_ids');
--> statement-breakpoint
CREATE TRIGGER recipes_to_tools_updated AFTER UPDATE ON recipes_to_tools REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION recipes_copy_organizer_ids('tool_id', 'tool_ids');
--> statement-breakpoint
CREATE TRIGGER recipes_to_tools_deleted AFTER DELETE ON recipes_to_tools REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION recipes_copy_organizer_ids('tool_id', 'tool_ids');
--> statement-breakpoint
UPDATE recipes r SET
  category_ids = coalesce((select array_agg(l.category_id order by l.category_id) from recipes_to_categories l where l.recipe_id = r.id), '{}'),
  tag_ids = coalesce((select array_agg(l.tag_id order by l.tag_id) from recipes_to_tags l where l.recipe_id = r.id), '{}'),
  tool_ids = coalesce((select array_agg(l.tool_id order by l.tool_id) from recipes_to_tools l where l.recipe_id = r.id), '{}');
