-- One food and one unit per name of a group, whatever its letter case, accents, punctuation or plural ending: the
-- key that decides it, computed by PostgreSQL for the generated `name_key` columns. lib/ingredient-name-key.ts is
-- its twin for matching, and a test holds both to the same answers. Immutable, as a generated column needs: unaccent
-- is called with its dictionary named, so its answer does not hang on the search path.
CREATE FUNCTION ingredient_name_key(name text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT AS $$
  select coalesce(
    string_agg(
      case
        when length(w) < 4 or w ~ '(ss|us|is)$' then w
        when w ~ 'eaux$' then left(w, -1)
        when w ~ 'sse$' then left(w, -1)
        when w ~ 'oes$' then left(w, -2)
        when w ~ '(ch|sh|ss|x|z)es$' then left(w, -2)
        when w ~ '[^aeiou]y$' then left(w, -1) || 'ie'
        when w ~ 's$' then left(w, -1)
        else w
      end, ' ' order by n),
    lower(trim(name)))
  from regexp_split_to_table(
    translate(public.unaccent('public.unaccent'::regdictionary, lower(name)), 'ßœæøłđ', 'soaold'),
    '[\s.,;:!?()\[\]{}"''‘’`´/\\_-]+') with ordinality as words(w, n)
  where w <> ''
$$;--> statement-breakpoint
DROP INDEX "ingredient_foods_group_name_key";--> statement-breakpoint
DROP INDEX "ingredient_units_group_name_key";--> statement-breakpoint
ALTER TABLE "ingredient_foods" ADD COLUMN "name_key" text GENERATED ALWAYS AS (ingredient_name_key(name)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "ingredient_units" ADD COLUMN "name_key" text GENERATED ALWAYS AS (ingredient_name_key(name)) STORED NOT NULL;--> statement-breakpoint
-- Groups that already hold one name twice ("cup" and "cups", "Sugar" and "sugar") keep the oldest row: recipes point
-- at it, it takes the others' aliases and on-hand marks, and the others' names become its aliases, so that lines
-- written either way still find it.
CREATE TEMPORARY TABLE food_keepers ON COMMIT DROP AS
  select id, name, first_value(id) over (partition by group_id, name_key order by created_at, id) as keeper
  from ingredient_foods;--> statement-breakpoint
DELETE FROM food_keepers WHERE id = keeper;--> statement-breakpoint
UPDATE recipe_ingredients SET food_id = k.keeper FROM food_keepers k WHERE food_id = k.id;--> statement-breakpoint
UPDATE ingredient_food_aliases SET food_id = k.keeper FROM food_keepers k WHERE food_id = k.id;--> statement-breakpoint
INSERT INTO ingredient_food_aliases (food_id, name) SELECT keeper, name FROM food_keepers;--> statement-breakpoint
INSERT INTO ingredient_foods_on_hand (food_id, household_id)
  SELECT k.keeper, o.household_id FROM ingredient_foods_on_hand o JOIN food_keepers k ON k.id = o.food_id
  ON CONFLICT DO NOTHING;--> statement-breakpoint
DELETE FROM ingredient_foods WHERE id IN (SELECT id FROM food_keepers);--> statement-breakpoint
CREATE TEMPORARY TABLE unit_keepers ON COMMIT DROP AS
  select id, name, first_value(id) over (partition by group_id, name_key order by created_at, id) as keeper
  from ingredient_units;--> statement-breakpoint
DELETE FROM unit_keepers WHERE id = keeper;--> statement-breakpoint
UPDATE recipe_ingredients SET unit_id = k.keeper FROM unit_keepers k WHERE unit_id = k.id;--> statement-breakpoint
UPDATE ingredient_unit_aliases SET unit_id = k.keeper FROM unit_keepers k WHERE unit_id = k.id;--> statement-breakpoint
INSERT INTO ingredient_unit_aliases (unit_id, name) SELECT keeper, name FROM unit_keepers;--> statement-breakpoint
DELETE FROM ingredient_units WHERE id IN (SELECT id FROM unit_keepers);--> statement-breakpoint
CREATE UNIQUE INDEX "ingredient_foods_group_name_key" ON "ingredient_foods" USING btree ("group_id","name_key");--> statement-breakpoint
CREATE UNIQUE INDEX "ingredient_units_group_name_key" ON "ingredient_units" USING btree ("group_id","name_key");
