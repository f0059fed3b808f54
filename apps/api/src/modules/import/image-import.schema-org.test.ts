import { describe, expect, it } from 'vitest'
import { recipeFromSchemaOrg } from './image-import.schema-org.js'

describe('reading the provider’s schema.org Recipe', () => {
  it('finds the recipe under `recipe` or in `@graph`, and reads it as the scraper reads a page', () => {
    const graph = {
      '@graph': [
        { '@type': 'WebPage' },
        {
          '@type': 'Recipe',
          name: ['Soup 🍲'],
          recipeIngredient: '1 onion\n\n2 l water',
          recipeInstructions: [
            { '@type': 'HowToSection', name: 'Base', itemListElement: [{ text: 'Chop.' }, { text: 'Boil.' }] },
            'Serve.',
          ],
          recipeYield: '4 servings',
          totalTime: 'P1DT1H',
          cookTime: 'PT15M',
          prepTime: 'about 20 min',
        },
      ],
    }
    const { recipe } = recipeFromSchemaOrg(graph)!
    expect(recipe.name).toBe('Soup 🍲')
    expect(recipe.ingredients).toEqual([
      { title: '', line: '1 onion' },
      { title: '', line: '2 l water' },
    ])
    expect(recipe.steps.map((step) => [step.title, step.text])).toEqual([
      ['Base', 'Chop.'],
      ['', 'Boil.'],
      ['', 'Serve.'],
    ])
    // The scraper's times and yields: days as days, text it reads turned into Mealie's words, servings as a number.
    expect([recipe.totalTime, recipe.performTime, recipe.prepTime]).toEqual([
      '1 day 1 hour',
      '15 minutes',
      '20 minutes',
    ])
    expect(recipe.yields.recipeServings).toBe(4)
  })

  it('takes an answer without `@type` or under `recipe` as the recipe, titled "Untitled" when it has no name', () => {
    expect(recipeFromSchemaOrg({ recipe: { recipeIngredient: ['salt'] } })?.recipe.name).toBe('Untitled')
    expect(recipeFromSchemaOrg({ name: 'Tea', recipeInstructions: ['Steep.'] })?.recipe.steps).toHaveLength(1)
  })

  it('cleans markup out of the text and keeps the notes the prompt asks for', () => {
    const read = recipeFromSchemaOrg({
      name: 'Pie &amp; <b>cream</b>',
      recipeIngredient: ['1 egg'],
      notes: [{ title: 'Tip', text: 'Chill the dough.' }, 'Keeps two days.', { title: 'Empty', text: ' ' }],
    })!
    expect(read.recipe.name).toBe('Pie & cream')
    expect(read.notes).toEqual([
      { title: 'Tip', text: 'Chill the dough.' },
      { title: '', text: 'Keeps two days.' },
    ])
  })

  it('survives text that would end the page it is read from', () => {
    const read = recipeFromSchemaOrg({ name: 'Trick </script><script>alert(1)</script>', recipeIngredient: ['1 egg'] })
    expect(read?.recipe.ingredients).toEqual([{ title: '', line: '1 egg' }])
  })

  it('finds no recipe without ingredients and steps', () => {
    expect(recipeFromSchemaOrg({})).toBeNull()
    expect(recipeFromSchemaOrg({ name: 'Only a title', recipeIngredient: [], recipeInstructions: '' })).toBeNull()
  })
})
