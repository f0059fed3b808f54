export * from './fractions.js'
