import { disableGlobalCursorStyles, PanelResizeHandle } from 'react-resizable-panels';

// The library would add a <style> element for the drag cursor, which the app's CSP (style-src 'self') refuses;
// the handles' own CSS sets the cursor instead.
disableGlobalCursorStyles();

type Props = {
  /** Direction of the panel group the divider splits. */
  direction: 'horizontal' | 'vertical';
  label: string;
  /** Called when the user drags the divider or focuses it to move it by keyboard. */
  onUserResize?: () => void;
};

/**
 * A pane divider: drag it, or focus it (Tab) and use the arrow keys, Home and End (react-resizable-panels'
 * separator role). Sizes are remembered by the panel group's autoSaveId (localStorage).
 */
export function Splitter({ direction, label, onUserResize }: Props) {
  return (
    <PanelResizeHandle
      className={`splitter splitter-${direction}`}
      aria-label={label}
      title={`${label}: drag, or focus and use the arrow keys`}
      onDragging={(dragging) => dragging && onUserResize?.()}
      onFocus={onUserResize}
    />
  );
}
