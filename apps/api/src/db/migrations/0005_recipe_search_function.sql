-- The one definition of a recipe's search fields, called by the recipes repo after every write that changes what
-- is searched, and by the bench's library generator: `search_name` for the trigram index, and the weighted
-- document — name A; tags and categories B; description, ingredient notes, original texts, section titles and food
-- names C; instructions D.
CREATE FUNCTION recipes_refresh_search(in_group_id uuid, in_recipe_ids uuid[]) RETURNS void LANGUAGE sql AS $$
  update recipes r set
    search_name = lower(unaccent(r.name)),
    search_document =
      setweight(to_tsvector('simple', unaccent(r.name)), 'A') ||
      setweight(to_tsvector('simple', unaccent(d.organizers)), 'B') ||
      setweight(to_tsvector('simple', unaccent(r.description || ' ' || d.ingredients)), 'C') ||
      setweight(to_tsvector('simple', unaccent(d.steps)), 'D')
  from (
    select x.id,
      concat_ws(' ',
        (select string_agg(c.name, ' ') from recipes_to_categories rc join categories c on c.id = rc.category_id
          where rc.recipe_id = x.id),
        (select string_agg(t.name, ' ') from recipes_to_tags rt join tags t on t.id = rt.tag_id
          where rt.recipe_id = x.id)) as organizers,
      coalesce((select string_agg(concat_ws(' ', i.title, i.note, i.original_text, f.name, f.plural_name), ' ')
        from recipe_ingredients i left join ingredient_foods f on f.id = i.food_id
        where i.recipe_id = x.id), '') as ingredients,
      coalesce((select string_agg(concat_ws(' ', s.title, s.summary, s.text), ' ')
        from recipe_instructions s where s.recipe_id = x.id), '') as steps
    from recipes x where x.group_id = in_group_id and x.id = any(in_recipe_ids)
  ) d
  where r.id = d.id
$$;
