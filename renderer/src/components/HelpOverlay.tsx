import { useEffect, useRef } from 'react';

/** Every keyboard shortcut of the app, in the order the help overlay lists them (the README quotes it). */
export const SHORTCUTS: readonly (readonly [string, string])[] = [
  ['?', 'Show or hide this help'],
  ['Esc', 'Close help or a confirmation; step back: entry view → entries → turns; clear the filter'],
  ['1 / 2 / 3 / 4', 'Go to Turns / gc / Stats / Search'],
  ['Ctrl/Cmd+Shift+F', 'Search across entries (the Search view), from anywhere'],
  ['/', 'Filter turns by turn id or executor; inside the entry view: find in the entry'],
  ['Ctrl/Cmd+F', 'Find in the entry (Content): Enter / Shift+Enter next / previous match, Esc closes'],
  ['g', 'Go to a line of the entry (Content)'],
  ['s', 'Sort turns by time or by size'],
  ['t / e / v', 'Focus the turns list / the entries list / the entry view'],
  ['↑ ↓ Home End PgUp PgDn', 'Move in a list'],
  ['Enter', 'Open the focused turn or entry'],
  ['Space', 'Pick the focused entry for Compare (two picks, then Tab to Compare)'],
  ['← →', 'Switch entry tabs (when a tab has focus)'],
  ['m / c / b / d', 'Entry tab: What the model saw / Content / Binary / Details'],
  ['n / p', 'Next / previous slice (Content) or page (hex dump)'],
  ['w / l', 'Toggle wrap / line numbers (Content)'],
  ['Scroll, PgUp / PgDn', 'In Content, scrolling past either edge reads the previous / next chunk'],
  ['f', 'Maximize or restore the entry view (the turns and entries panes hide)'],
  ['Compare…', 'In the entry header: compare this entry with another of its turn or the same executor in another turn'],
  ['n / p (Compare)', 'Next / previous change'],
  ['u / s (Compare)', 'Unified / side-by-side diff'],
  ['Esc (Compare)', 'Close the compare view'],
  ['r', 'Refresh lists now'],
  ['o', 'Open another file'],
  ['a', 'Change who you are viewing as'],
];

/**
 * Modal list of keyboard shortcuts; Escape or the button closes it and focus returns to the page. It opens at its
 * top: the Close button sits beside the title, so focusing it scrolls nothing.
 */
export function HelpOverlay({ onClose }: { onClose: () => void }) {
  const closeRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    closeRef.current?.focus({ preventScroll: true });
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' || event.key === '?') {
        event.preventDefault();
        onClose();
      } else if (event.key === 'Tab') {
        // The dialog's only control is Close: keep focus inside the modal.
        event.preventDefault();
        closeRef.current?.focus({ preventScroll: true });
      }
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [onClose]);
  return (
    <div className="overlay" role="dialog" aria-modal="true" aria-labelledby="help-title">
      <div className="overlay-panel">
        <div className="overlay-head">
          <h2 id="help-title">Keyboard shortcuts</h2>
          <button type="button" ref={closeRef} onClick={onClose}>
            Close
          </button>
        </div>
        <table className="shortcuts">
          <tbody>
            {SHORTCUTS.map(([keys, what]) => (
              <tr key={keys}>
                <td>
                  <kbd>{keys}</kbd>
                </td>
                <td>{what}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <p className="muted">Single-key shortcuts are off while typing in a field. Tab moves between controls.</p>
      </div>
    </div>
  );
}
