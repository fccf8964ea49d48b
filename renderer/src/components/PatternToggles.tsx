/** The two options of a text pattern the toggles switch: match case, and the pattern as a JavaScript regex. */
export type PatternOptions = { readonly caseSensitive: boolean; readonly regex: boolean };

type Props<T extends PatternOptions> = {
  /** The query the toggles belong to (a find query or a search input); only its two options are read. */
  value: T;
  /** The same query with one option flipped. */
  onChange: (next: T) => void;
};

/**
 * The "Aa" (match case) and ".*" (regular expression) toggle buttons of a pattern field, as find in an entry and
 * the search page show them: each a button with aria-pressed, so a screen reader says whether it is on.
 */
export function PatternToggles<T extends PatternOptions>({ value, onChange }: Props<T>) {
  return (
    <>
      <button type="button" aria-pressed={value.caseSensitive} title="Match case" onClick={() => onChange({ ...value, caseSensitive: !value.caseSensitive })}>
        Aa
      </button>
      <button type="button" aria-pressed={value.regex} title="Regular expression (JavaScript)" onClick={() => onChange({ ...value, regex: !value.regex })}>
        .*
      </button>
    </>
  );
}
