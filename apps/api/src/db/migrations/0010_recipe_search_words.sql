CREATE TABLE "recipe_search_words" (
	"group_id" uuid NOT NULL,
	"word" text NOT NULL,
	CONSTRAINT "recipe_search_words_group_id_word_pk" PRIMARY KEY("group_id","word")
);
--> statement-breakpoint
ALTER TABLE "recipe_search_words" ADD CONSTRAINT "recipe_search_words_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "recipe_search_words_trgm_idx" ON "recipe_search_words" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
-- recipes_refresh_search keeps its name, the one its callers know, and now also keeps the words of the names in
-- recipe_search_words; 0009's definition of the search fields lives on under a name of its own. Words go in in word
-- order, the order every refresh inserts them in, so that two refreshes adding the same new words wait for each other
-- instead of deadlocking.
ALTER FUNCTION recipes_refresh_search(uuid, uuid[]) RENAME TO recipes_refresh_search_fields;--> statement-breakpoint
CREATE FUNCTION recipes_refresh_search(in_group_id uuid, in_recipe_ids uuid[]) RETURNS void LANGUAGE sql AS $$
  select recipes_refresh_search_fields(in_group_id, in_recipe_ids);
  insert into recipe_search_words (group_id, word)
    select distinct in_group_id, word
      from recipes r cross join lateral regexp_split_to_table(r.search_name, '[^[:alnum:]]+') as word
      where r.group_id = in_group_id and r.id = any(in_recipe_ids) and length(word) >= 3
      order by word
    on conflict do nothing;
$$;--> statement-breakpoint
-- Existing recipes' words; the new table's statistics are gathered once the migration has committed, so that the
-- first corrections are planned on them.
-- larder:vacuum-after recipe_search_words
INSERT INTO "recipe_search_words" ("group_id", "word")
  SELECT DISTINCT "group_id", word
    FROM "recipes" CROSS JOIN LATERAL regexp_split_to_table("search_name", '[^[:alnum:]]+') AS word
    WHERE length(word) >= 3
  ON CONFLICT DO NOTHING;
