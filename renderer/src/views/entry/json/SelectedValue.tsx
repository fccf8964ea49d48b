import { useEffect, useState } from 'react';
import { formatCount } from '../../../../../app/common/format';
import { pathKey, pathText, type JsonPath, type JsonRow } from './outline';

/** Code units of a selected value shown at most (a longer string is cut, and says so; Copy value copies all). */
export const VALUE_SHOWN_MAX = 200_000;

/**
 * The text shown for a value's JSON text (as valueAt gives it): a string unescaped (its newlines real line
 * breaks), any other value as its JSON; cut at `max` code units (never inside a surrogate pair).
 * Returns the text and whether it was cut.
 */
export function valueText(json: string, max = VALUE_SHOWN_MAX): { text: string; cut: boolean } {
  const parsed: unknown = JSON.parse(json);
  const text = typeof parsed === 'string' ? parsed : json;
  if (text.length <= max) return { text, cut: false };
  const end = /[\uD800-\uDBFF]/.test(text.charAt(max - 1)) ? max - 1 : max;
  return { text: text.slice(0, end), cut: true };
}

type Props = {
  /** The selected row (a leaf: string, number, boolean or null). */
  readonly row: JsonRow;
  /** The value's JSON text at a path (the tree's valueAt). */
  readonly valueAt: (path: JsonPath) => Promise<string | undefined>;
};

/**
 * The selected leaf value read whole, under the tree: a string unescaped and wrapped, selectable. Always React
 * text (observation content is untrusted), never HTML.
 */
export function SelectedValue({ row, valueAt }: Props) {
  const key = pathKey(row.path);
  const [loaded, setLoaded] = useState<{ key: string; text: string; cut: boolean } | { key: string; failed: true } | null>(null);
  useEffect(() => {
    let live = true;
    valueAt(row.path).then(
      (json) => live && setLoaded(json === undefined ? { key, failed: true } : { key, ...valueText(json) }),
      () => live && setLoaded({ key, failed: true }),
    );
    return () => {
      live = false;
    };
  }, [key, row.path, valueAt]);
  const current = loaded?.key === key ? loaded : null;
  return (
    <section className="json-value" aria-label="Selected value">
      <div className="json-value-head muted">
        {pathText(row.path)} · {row.kind}
        {current && 'cut' in current && current.cut ? ` · the first ${formatCount(VALUE_SHOWN_MAX)} characters (Copy value copies all)` : ''}
      </div>
      {current === null ? (
        <div className="muted">Reading the value…</div>
      ) : 'failed' in current ? (
        <div className="error-inline">The value could not be read.</div>
      ) : (
        <pre className="json-value-text selectable">{current.text}</pre>
      )}
    </section>
  );
}
