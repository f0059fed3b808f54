import { useId } from 'react'
import type { UnitSystem } from '@/features/recipes/recipe-scaling'

/**
 * The unit toggle (as written, metric, US): a group of native radios drawn as a segmented control, its highlight
 * in CSS (recipes.css). Not Mantine's SegmentedControl: its sliding highlight measures the labels when it mounts, a
 * forced layout in the task that puts the recipe page on screen when the app takes over from the server's drawing
 * (Lighthouse's blocking time, docs/budgets.md "Web budgets"). Native radios of one name give the arrow keys and the labels.
 */
export function UnitsToggle(props: {
  value: UnitSystem
  onChange: (units: UnitSystem) => void
  label: string
  options: { value: UnitSystem; label: string }[]
}) {
  const name = useId()
  return (
    <div role="radiogroup" aria-label={props.label} className="units-toggle">
      {props.options.map((option) => (
        <label key={option.value} className="units-toggle__item">
          <input
            type="radio"
            className="units-toggle__input"
            name={name}
            value={option.value}
            checked={props.value === option.value}
            onChange={() => props.onChange(option.value)}
          />
          <span className="units-toggle__label">{option.label}</span>
        </label>
      ))}
    </div>
  )
}
