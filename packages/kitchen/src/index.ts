export * from './fractions.js'
export * from './nearest-fraction.js'
export * from './ingredient-display.js'
