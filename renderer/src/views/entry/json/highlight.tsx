import json from 'highlight.js/lib/languages/json';
import { createLowlight } from 'lowlight';
import type { ReactNode } from 'react';

// highlight.js's JSON grammar through lowlight, which returns a syntax tree (never an HTML string): the row
// becomes React elements whose leaves are text nodes, so untrusted content stays text.
const lowlight = createLowlight({ json });

/** Rows longer than this (UTF-16 units) are shown plain: highlighting is for what is read, not for bulk. */
export const HIGHLIGHT_MAX_UNITS = 4_000;

type Node = { type: string; value?: string; tagName?: string; properties?: { className?: unknown }; children?: Node[] };

function toReact(nodes: readonly Node[], prefix: string): ReactNode[] {
  return nodes.map((node, i) => {
    if (node.type === 'text') return node.value ?? '';
    if (node.type === 'element') {
      const names = Array.isArray(node.properties?.className) ? (node.properties.className as string[]).join(' ') : undefined;
      return (
        <span key={`${prefix}${i}`} className={names}>
          {toReact(node.children ?? [], `${prefix}${i}.`)}
        </span>
      );
    }
    return null;
  });
}

/** One visible row of JSON text, highlighted (called for the rows in view only). */
export function highlightJsonRow(text: string): ReactNode {
  if (text.length === 0 || text.length > HIGHLIGHT_MAX_UNITS) return text;
  const tree = lowlight.highlight('json', text) as unknown as { children: Node[] };
  return toReact(tree.children, '');
}
