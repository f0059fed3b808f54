/**
 * The timer's ring: short beeps through Web Audio, repeated until stopped, and a vibration where the device has
 * one. The audio context is made on the first timer start (a tap), which is what lets browsers play sound later.
 */
let context: AudioContext | null = null

/** Call from a user gesture (starting a timer) so that the ring may sound when it ends. */
export function prepareAlarm() {
  const AudioContextClass = typeof window !== 'undefined' ? window.AudioContext : undefined
  if (!AudioContextClass) return
  try {
    context ??= new AudioContextClass()
    if (context.state === 'suspended') void context.resume()
  } catch {
    context = null
  }
}

function beep(at: number) {
  if (!context) return
  const oscillator = context.createOscillator()
  const gain = context.createGain()
  oscillator.type = 'sine'
  oscillator.frequency.value = 880
  gain.gain.setValueAtTime(0.0001, at)
  gain.gain.exponentialRampToValueAtTime(0.4, at + 0.02)
  gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.25)
  oscillator.connect(gain).connect(context.destination)
  oscillator.start(at)
  oscillator.stop(at + 0.3)
}

/** One ring: three beeps and a buzz. The timer tray repeats it every few seconds until the timer is dismissed. */
export function ringOnce() {
  if (context) {
    const now = context.currentTime
    beep(now)
    beep(now + 0.35)
    beep(now + 0.7)
  }
  if (typeof navigator !== 'undefined' && typeof navigator.vibrate === 'function') navigator.vibrate([300, 150, 300])
}

/** Seconds between rings while a timer waits to be dismissed. */
export const ringIntervalMs = 3000
