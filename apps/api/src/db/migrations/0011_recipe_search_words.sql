CREATE TABLE "recipe_search_words" (
	"group_id" uuid NOT NULL,
	"word" text NOT NULL,
	CONSTRAINT "recipe_search_words_group_id_word_pk" PRIMARY KEY("group_id","word")
);
--> statement-breakpoint
ALTER TABLE "recipe_search_words" ADD CONSTRAINT "recipe_search_words_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "recipe_search_words_trgm_idx" ON "recipe_search_words" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
-- 0009's definition, now also keeping the words of the names in recipe_search_words (in word order, the order any
-- other refresh inserts them in, so that two refreshes adding the same new words wait for each other, not deadlock).
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
  where r.id = d.id;
  insert into recipe_search_words (group_id, word)
    select distinct in_group_id, word
      from recipes r cross join lateral regexp_split_to_table(r.search_name, '[^[:alnum:]]+') as word
      where r.group_id = in_group_id and r.id = any(in_recipe_ids) and length(word) >= 3
      order by word
    on conflict do nothing;
$$;--> statement-breakpoint
-- Existing recipes' words.
INSERT INTO "recipe_search_words" ("group_id", "word")
  SELECT DISTINCT "group_id", word
    FROM "recipes" CROSS JOIN LATERAL regexp_split_to_table("search_name", '[^[:alnum:]]+') AS word
    WHERE length(word) >= 3
  ON CONFLICT DO NOTHING;
