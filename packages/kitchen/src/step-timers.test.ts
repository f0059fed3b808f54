import { describe, expect, it } from 'vitest'
import { findStepTimers } from './step-timers.js'

function timersIn(text: string) {
  return findStepTimers(text).map(({ text: span, seconds, minSeconds }) => ({ span, seconds, minSeconds }))
}

describe('findStepTimers', () => {
  it('finds a single time with its span', () => {
    const text = 'Bake for 25 minutes until golden.'
    expect(findStepTimers(text)).toEqual([{ text: '25 minutes', seconds: 1500, minSeconds: 1500, start: 9, end: 19 }])
  })

  it('exposes both bounds of a range, the upper one as `seconds`', () => {
    expect(timersIn('Simmer 1 to 2 hours.')).toEqual([{ span: '1 to 2 hours', seconds: 7200, minSeconds: 3600 }])
    expect(timersIn('Cook 10-15 min, stirring.')).toEqual([{ span: '10-15 min', seconds: 900, minSeconds: 600 }])
    expect(timersIn('Rest 10–15 minutes')).toEqual([{ span: '10–15 minutes', seconds: 900, minSeconds: 600 }])
    expect(timersIn('Roast 50 minutes to 1 hour')).toEqual([
      { span: '50 minutes to 1 hour', seconds: 3600, minSeconds: 3000 },
    ])
  })

  it('adds up a time written in several units', () => {
    expect(timersIn('Braise 1 hour 15 minutes')).toEqual([
      { span: '1 hour 15 minutes', seconds: 4500, minSeconds: 4500 },
    ])
    expect(timersIn('Braise 1 hour and 15 minutes')).toEqual([
      { span: '1 hour and 15 minutes', seconds: 4500, minSeconds: 4500 },
    ])
    expect(timersIn('Proof 1h30 then shape')).toEqual([{ span: '1h30', seconds: 5400, minSeconds: 5400 }])
    expect(timersIn('Blend 1 min 30 sec')).toEqual([{ span: '1 min 30 sec', seconds: 90, minSeconds: 90 }])
  })

  it('reads seconds, fractions, decimals and words', () => {
    expect(timersIn('Whisk for 30 seconds.')[0]?.seconds).toBe(30)
    expect(timersIn('Bake 1½ hours')[0]?.seconds).toBe(5400)
    expect(timersIn('Bake 1.5 hrs')[0]?.seconds).toBe(5400)
    expect(timersIn('Chill for an hour')[0]).toEqual({ span: 'an hour', seconds: 3600, minSeconds: 3600 })
    expect(timersIn('Rest half an hour')[0]?.seconds).toBe(1800)
    expect(timersIn('Stew for two hours')[0]?.seconds).toBe(7200)
    expect(timersIn('Simmer an hour and a half')[0]).toEqual({
      span: 'an hour and a half',
      seconds: 5400,
      minSeconds: 5400,
    })
  })

  it('finds every timer of a step in reading order', () => {
    const timers = findStepTimers('Boil 10 minutes, drain, then bake 20-25 min and rest 5 min.')
    expect(timers.map((timer) => [timer.text, timer.seconds])).toEqual([
      ['10 minutes', 600],
      ['20-25 min', 1500],
      ['5 min', 300],
    ])
    for (const timer of timers)
      expect('Boil 10 minutes, drain, then bake 20-25 min and rest 5 min.'.slice(timer.start, timer.end)).toBe(
        timer.text,
      )
  })

  it.each([
    ['Backen Sie 20 Minuten', 1200],
    ['1 Stunde 30 Minuten ruhen lassen', 5400],
    ['10 bis 15 Min. garen', 900],
    ['Cuire 1 heure', 3600],
    ['Laisser reposer 10 à 15 minutes', 900],
    ['2 uur laten rijzen', 7200],
    ['Hornear 5 minutos', 300],
    ['Cuocere per 3 ore', 10_800],
    ['Cuocere 20 minuti', 1200],
    ['Cuocere 1 ora e 30 minuti', 5400],
    ['Cocinar de 10 a 15 minutos', 900],
    ['Hornear 1 hora y 15 minutos', 4500],
    ['Eine Stunde ruhen lassen', 3600],
    ['10 tot 15 minuten bakken', 900],
  ])('reads %j in other languages', (text, seconds) => {
    expect(findStepTimers(text)[0]?.seconds).toBe(seconds)
  })

  it('does not take "or until" for a range', () => {
    expect(timersIn('Bake 20 minutes or until golden')).toEqual([
      { span: '20 minutes', seconds: 1200, minSeconds: 1200 },
    ])
  })

  it.each([
    'Preheat the oven to 350°F.',
    'Stir and add the cream.',
    'Roll out to 5mm and cut.',
    'Add 2 cups of flour and 3 eggs.',
    'Heat the pan as hot as it goes.',
    'Cut into 2 cm pieces, 5 mm thick.',
    'Serves 4.',
    'Whisk in a bowl, then add 1 egg.',
    'Cook for 0 minutes',
  ])('finds no timer in %j', (text) => {
    expect(findStepTimers(text)).toEqual([])
  })

  it('is quick on a long step', () => {
    const step = 'Stir the onions and cook for 10 minutes, then add garlic. '.repeat(200)
    const started = Date.now()
    expect(findStepTimers(step)).toHaveLength(200)
    expect(Date.now() - started).toBeLessThan(200)
  })
})
