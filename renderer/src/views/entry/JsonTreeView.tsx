import { useMemo } from 'react';
import { JSONTree } from 'react-json-tree';
import { formatCount } from '../../format/units';
import { useDarkMode } from '../../hooks/useDarkMode';
import { MAX_SLICE } from './slice';

const THEME = {
  scheme: 'inspector',
  author: 'scratchpad-inspector',
  base00: 'transparent',
  base01: '#383830',
  base02: '#49483e',
  base03: '#75715e',
  base04: '#a59f85',
  base05: '#f8f8f2',
  base06: '#f5f4f1',
  base07: '#f9f8f5',
  base08: '#e06c75',
  base09: '#d19a66',
  base0A: '#e5c07b',
  base0B: '#98c379',
  base0C: '#56b6c2',
  base0D: '#61afef',
  base0E: '#c678dd',
  base0F: '#be5046',
};

type Props = {
  /** The whole entry's text when it was read in one slice, else null. */
  wholeText: string | null;
  totalCodePoints: number | null;
  onLoadWhole: (() => void) | null;
};

/**
 * Collapsible JSON tree of a structured observation, built from the whole entry when it fits the 1 MB
 * window; otherwise says why there is no tree. Values render as text nodes (react-json-tree uses no HTML).
 */
export function JsonTreeView({ wholeText, totalCodePoints, onLoadWhole }: Props) {
  const dark = useDarkMode();
  const parsed = useMemo(() => {
    if (wholeText === null) return null;
    try {
      return { ok: true as const, value: JSON.parse(wholeText) as unknown };
    } catch (error) {
      return { ok: false as const, message: error instanceof Error ? error.message : String(error) };
    }
  }, [wholeText]);

  if (totalCodePoints !== null && totalCodePoints > MAX_SLICE.code_points) {
    return (
      <div className="json-note muted">
        JSON tree unavailable: this observation is {formatCount(totalCodePoints)} code points, more than the{' '}
        {formatCount(MAX_SLICE.code_points)} the view holds at once. Page through it as text below.
      </div>
    );
  }
  if (parsed === null) {
    return (
      <div className="json-note muted">
        The JSON tree needs the whole entry in view.{' '}
        {onLoadWhole && (
          <button type="button" onClick={onLoadWhole}>
            Load whole entry
          </button>
        )}
      </div>
    );
  }
  if (!parsed.ok) return <div className="json-note error-inline">The stored JSON does not parse: {parsed.message}</div>;
  return (
    <div className="json-tree" aria-label="JSON tree">
      <JSONTree data={parsed.value} theme={THEME} invertTheme={!dark} hideRoot shouldExpandNodeInitially={(_k, _d, level) => level < 2} />
    </div>
  );
}
