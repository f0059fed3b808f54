ALTER TABLE "recipes" ADD COLUMN "search_head" "tsvector";--> statement-breakpoint
-- The document's head (name A, tags and categories B) beside the document: the search ranks every candidate by its
-- head, read from the row, and reads the document (from TOAST storage) only for candidates that can reach the page.
-- The same definition as 0005's, with the head written from the same two parts.
CREATE OR REPLACE FUNCTION recipes_refresh_search(in_group_id uuid, in_recipe_ids uuid[]) RETURNS void LANGUAGE sql AS $$
  update recipes r set
    search_name = lower(unaccent(r.name)),
    search_head = d.head,
    search_document =
      d.head ||
      setweight(to_tsvector('simple', unaccent(r.description || ' ' || d.ingredients)), 'C') ||
      setweight(to_tsvector('simple', unaccent(d.steps)), 'D')
  from (
    select x.id,
      setweight(to_tsvector('simple', unaccent(x.name)), 'A') ||
      setweight(to_tsvector('simple', unaccent(concat_ws(' ',
        (select string_agg(c.name, ' ') from recipes_to_categories rc join categories c on c.id = rc.category_id
          where rc.recipe_id = x.id),
        (select string_agg(t.name, ' ') from recipes_to_tags rt join tags t on t.id = rt.tag_id
          where rt.recipe_id = x.id)))), 'B') as head,
      coalesce((select string_agg(concat_ws(' ', i.title, i.note, i.original_text, f.name, f.plural_name), ' ')
        from recipe_ingredients i left join ingredient_foods f on f.id = i.food_id
        where i.recipe_id = x.id), '') as ingredients,
      coalesce((select string_agg(concat_ws(' ', s.title, s.summary, s.text), ' ')
        from recipe_instructions s where s.recipe_id = x.id), '') as steps
    from recipes x where x.group_id = in_group_id and x.id = any(in_recipe_ids)
  ) d
  where r.id = d.id
$$;--> statement-breakpoint
-- Existing recipes: the head is the document's A and B lexemes. This rewrites every row: once the migration has
-- committed, the migrator vacuums and analyses the table (without that a large library searched and listed several
-- times slower until autovacuum came by: stale statistics, and index-only scans reading the heap).
-- larder:vacuum-after recipes
UPDATE "recipes" SET "search_head" = ts_filter("search_document", '{a,b}') WHERE "search_document" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "recipes_search_head_idx" ON "recipes" USING gin ("search_head");