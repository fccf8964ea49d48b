/*
 * A first look at a JSON document from its first slice, before the rest has been read: the prefix cut after
 * its last complete value and closed, so JSON.parse gives the document as far as it is known.
 */

import { BACKSLASH, CLOSE_BRACE, CLOSE_BRACKET, COMMA, OPEN_BRACE, OPEN_BRACKET, QUOTE } from './chars';

/**
 * The start of a JSON document, `text` (UTF-16), made whole: cut at its last comma outside strings (a comma in
 * JSON always follows a complete value, RFC 8259 §4-5) and closed with the `}` / `]` of the containers open
 * there, innermost first. `open` is how many containers were open at the cut: the root, its last child, that
 * one's last child, and so on (the containers whose children are still being read). Null when the prefix has no
 * such comma (nothing complete inside a container yet). One pass over `text`; invalid JSON gives a text that
 * JSON.parse refuses.
 */
export function closedPrefix(text: string): { readonly text: string; readonly open: number } | null {
  const closers: number[] = [];
  let inString = false;
  let cut = -1;
  let closersAtCut: number[] = [];
  // The stack is copied at a comma only when it changed since the last copy (once per item, not per comma).
  let changed = true;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) inString = true;
    else if (c === OPEN_BRACE || c === OPEN_BRACKET) {
      closers.push(c === OPEN_BRACE ? CLOSE_BRACE : CLOSE_BRACKET);
      changed = true;
    } else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) {
      closers.pop();
      changed = true;
    } else if (c === COMMA && closers.length > 0) {
      cut = i;
      if (changed) closersAtCut = closers.slice();
      changed = false;
    }
  }
  if (cut < 0) return null;
  return { text: text.slice(0, cut) + String.fromCharCode(...closersAtCut.reverse()), open: closersAtCut.length };
}
