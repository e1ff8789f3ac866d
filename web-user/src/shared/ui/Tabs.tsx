/** A row of chips acting as tabs. */
export function Tabs<K extends string>({
  value,
  options,
  onChange,
  label,
  testId,
}: {
  value: K;
  options: { key: K; label: string }[];
  onChange: (key: K) => void;
  label?: string;
  testId?: string;
}) {
  return (
    <div className="chips" role="tablist" aria-label={label} data-testid={testId}>
      {options.map((o) => (
        <button
          key={o.key}
          type="button"
          role="tab"
          aria-selected={o.key === value}
          className={o.key === value ? 'chip active' : 'chip'}
          data-tab={o.key}
          onClick={() => onChange(o.key)}
        >
          {o.label}
        </button>
      ))}
    </div>
  );
}
