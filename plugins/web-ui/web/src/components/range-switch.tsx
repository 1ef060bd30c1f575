import { useId } from 'react';
import { RANGES, type RangeId } from '../lib/usage-range';

/** Last hour / day / week, as a radio group. */
export function RangeSwitch({ value, onChange }: { value: RangeId; onChange: (range: RangeId) => void }) {
  const name = useId();
  return (
    <fieldset className="segmented">
      <legend className="visually-hidden">Time range</legend>
      {RANGES.map((range) => (
        <label key={range.id} className={`segment${value === range.id ? ' selected' : ''}`}>
          <input type="radio" name={name} value={range.id} checked={value === range.id} onChange={() => onChange(range.id)} />
          {range.label}
        </label>
      ))}
    </fieldset>
  );
}
