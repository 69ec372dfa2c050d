export interface FilterOption {
  value: string | number;
  label: string;
}

/** A GET filter of a list: a labelled select whose first option (`allLabel`, when given) means "any". */
export function FilterSelect({
  name,
  label,
  value,
  options,
  allLabel,
  className = "",
}: {
  name: string;
  label: string;
  value: string;
  options: FilterOption[];
  allLabel?: string;
  className?: string;
}) {
  return (
    <div className={`flex min-w-0 flex-col gap-1 ${className}`}>
      <label htmlFor={name} className="text-sm font-medium">
        {label}
      </label>{" "}
      <select
        id={name}
        name={name}
        defaultValue={value}
        className="w-full min-w-0 rounded-md border border-gray-7 bg-white px-3 py-2"
      >
        {allLabel ? <option value="">{allLabel}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
