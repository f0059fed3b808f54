import { describe, expect, it } from 'vitest'
import { recipeFromSchemaOrg } from './image-import.schema-org.js'

const asNote = (line: string) => ({ note: line, originalText: line })

describe('reading the provider’s schema.org Recipe', () => {
  it('finds the recipe under `recipe` or in `@graph`, and reads sections, string steps and durations', () => {
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
          totalTime: 'P1DT1H',
          prepTime: 'about 20 min',
        },
      ],
    }
    const recipe = recipeFromSchemaOrg(graph, asNote)!
    expect(recipe.name).toBe('Soup 🍲')
    expect(recipe.recipeIngredient).toEqual([asNote('1 onion'), asNote('2 l water')])
    expect(recipe.recipeInstructions?.map((step) => [step.title, step.text])).toEqual([
      ['Base', 'Chop.'],
      ['', 'Boil.'],
      ['', 'Serve.'],
    ])
    expect([recipe.totalTime, recipe.prepTime]).toEqual(['25 hours', 'about 20 min'])
    expect(recipeFromSchemaOrg({ recipe: { recipeIngredient: ['salt'] } }, asNote)?.name).toBe('Untitled')
  })

  it('drops text no column stores and cuts what is longer than the recipe model keeps', () => {
    const recipe = recipeFromSchemaOrg(
      { name: `Pie\u0000 \ud800${'x'.repeat(600)}`, recipeIngredient: Array.from({ length: 600 }, () => 'egg') },
      asNote,
    )!
    expect(recipe.name).toBe(`Pie ${'x'.repeat(496)}`)
    expect(recipe.recipeIngredient).toHaveLength(500)
  })

  it('finds no recipe without ingredients and steps', () => {
    expect(recipeFromSchemaOrg({}, asNote)).toBeNull()
    expect(
      recipeFromSchemaOrg({ name: 'Only a title', recipeIngredient: [], recipeInstructions: '' }, asNote),
    ).toBeNull()
  })
})
