import { describe, expect, it } from 'vitest'
import { convertTemperaturesInText, roundCelsius, roundFahrenheit } from './temperatures.js'

describe('convertTemperaturesInText to metric', () => {
  it.each([
    ['Preheat the oven to 350°F.', 'Preheat the oven to 175 °C.'],
    ['Bake at 350 °F', 'Bake at 175 °C'],
    ['Bake at 400 degrees F until golden', 'Bake at 205 °C until golden'],
    ['Bake at 425 degrees Fahrenheit', 'Bake at 220 °C'],
    ['Heat to 350F', 'Heat to 175 °C'],
    ['Roast at 350-375°F', 'Roast at 175-190 °C'],
    ['Cook to 145°F inside', 'Cook to 63 °C inside'],
    ['Freeze at 0 °F', 'Freeze at -18 °C'],
  ])('rewrites %j', (text, rewritten) => {
    expect(convertTemperaturesInText(text, 'metric')).toBe(rewritten)
  })

  it.each(['Bake at 350°F (175°C) for 20 minutes', 'Bake at 180°C/350°F', 'Bake at 350 °F / 180 °C'])(
    'leaves %j alone since it already states both scales',
    (text) => {
      expect(convertTemperaturesInText(text, 'metric')).toBe(text)
      expect(convertTemperaturesInText(text, 'us')).toBe(text)
    },
  )

  it.each(['Bake at 180 °C', 'Add 2 C of milk', 'Step 350 degrees', 'Add 2 cups flour', 'Use 350g flour'])(
    'leaves %j as written',
    (text) => {
      expect(convertTemperaturesInText(text, 'metric')).toBe(text)
    },
  )
})

describe('convertTemperaturesInText to US', () => {
  it.each([
    ['Bake at 180 °C', 'Bake at 350 °F'],
    ['Bake at 180°C', 'Bake at 350 °F'],
    ['Bake at 200C for 20 min', 'Bake at 400 °F for 20 min'],
    ['Bake at 220 degrees Celsius', 'Bake at 425 °F'],
    ['Backen bei 170 Grad C', 'Backen bei 340 °F'],
    ['Sous vide at 63 °C', 'Sous vide at 145 °F'],
    ['Roast at 190 to 200 °C', 'Roast at 375 to 400 °F'],
  ])('rewrites %j', (text, rewritten) => {
    expect(convertTemperaturesInText(text, 'us')).toBe(rewritten)
  })

  it('leaves Fahrenheit and a bare small "C" (cups) alone', () => {
    expect(convertTemperaturesInText('Bake at 350°F', 'us')).toBe('Bake at 350°F')
    expect(convertTemperaturesInText('Add 2C milk', 'us')).toBe('Add 2C milk')
  })

  it('round-trips common oven temperatures', () => {
    for (const fahrenheit of [300, 325, 350, 375, 400, 425, 450]) {
      const metric = convertTemperaturesInText(`${fahrenheit}°F`, 'metric')
      expect(convertTemperaturesInText(metric, 'us')).toBe(`${fahrenheit} °F`)
    }
  })
})

describe('rounding', () => {
  it('rounds Celsius to 5 from 100, to 1 below', () => {
    expect(roundCelsius(176.67)).toBe(175)
    expect(roundCelsius(62.8)).toBe(63)
  })

  it('rounds oven Fahrenheit to the dial when close, else to 5; low ones to 1', () => {
    expect(roundFahrenheit(356)).toBe(350)
    expect(roundFahrenheit(338)).toBe(340)
    expect(roundFahrenheit(230)).toBe(230)
    expect(roundFahrenheit(39.2)).toBe(39)
  })
})
