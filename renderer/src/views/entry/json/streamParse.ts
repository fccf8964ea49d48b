/*
 * JSON parsed as its text arrives: the outline worker parses each slice while the next ones are being read, so
 * the whole value is there right after the last slice (not one JSON.parse of megabytes after it). Containers
 * still open at a slice's end are built here; every run of complete values inside them goes to JSON.parse (the
 * engine's parser checks and builds those), so this code only tracks where values end.
 */

import { BACKSLASH, CLOSE_BRACE, CLOSE_BRACKET, COMMA, OPEN_BRACE, OPEN_BRACKET, QUOTE } from './chars';
const JSON_SPACE = /^[ \t\n\r]*/;
const JSON_SPACE_ONLY = /^[ \t\n\r]*$/;
// The key's own JSON.parse refuses what a key may not hold (control characters, bad escapes).
const KEY_THEN_COLON = /^[ \t\n\r]*("(?:[^"\\]|\\.)*")[ \t\n\r]*:[ \t\n\r]*/;

/** UTF-16 units an unfinished value may hold back before its container is opened here (it spans slices). */
const OPEN_AFTER_UNITS = 64 * 1024;

/** What may come next in an open container: after `[`, after a comma, after a value opened here. */
type Expect = 'value-or-close' | 'value' | 'comma-or-close';
/**
 * An open container: its value so far, what may come next, and `sep`, the comma and white space that separate its
 * members when the text is pretty-printed (JSON.stringify with an indent puts the same newline and indent after
 * the opening bracket and after each comma), or null when its text has no newline there or a cut there was refused.
 */
type Frame = { readonly value: unknown[] | Record<string, unknown>; readonly array: boolean; expect: Expect; sep: string | null };

/** White space (RFC 8259 ws): space, tab, newline, carriage return. */
const isSpace = (c: number) => c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d;
/** Separators {@link findSeparator} steps back over (deeper members whose indent starts like this one's) before it gives up. */
const SEPARATOR_TRIES = 64;

/** The separator of a container whose text (after its opening bracket) is `text`: see {@link Frame}. */
function separatorAfterOpen(text: string): string | null {
  const ws = JSON_SPACE.exec(text)![0];
  return ws.includes('\n') && ws.length < text.length ? ',' + ws : null;
}

/**
 * Index of the last `sep` in `text` followed by a value (not by more white space, which is a deeper member's
 * longer indent), or -1. A comma then a newline is never inside a JSON string (a string holds no raw newline),
 * so this is a candidate end of the container's complete members; the caller's JSON.parse of the run confirms it.
 */
function findSeparator(text: string, sep: string): number {
  let c = text.lastIndexOf(sep);
  for (let tries = 0; c > 0 && tries < SEPARATOR_TRIES; tries++) {
    const next = c + sep.length;
    if (next < text.length && !isSpace(text.charCodeAt(next))) return c;
    c = text.lastIndexOf(sep, c - 1);
  }
  return -1;
}

/** Why the stream gave up (the caller then parses the whole text, which gives the engine's own message). */
class Unparsed extends Error {}

/** Adds the values of `text` (comma-separated JSON values, or members for an object) to `frame`'s container. */
function addRun(frame: Frame, text: string): void {
  if (frame.array) {
    const values = JSON.parse(`[${text}]`) as unknown[];
    const into = frame.value as unknown[];
    for (const v of values) into.push(v);
  } else {
    const members = JSON.parse(`{${text}}`) as Record<string, unknown>;
    // defineProperty, not assignment: a "__proto__" key is a member, as JSON.parse makes it.
    for (const key of Object.keys(members)) defineMember(frame.value, key, members[key]);
  }
}

/**
 * Adds what `text` holds before a comma or the container's close: values after a value opened here must follow a
 * comma; a comma must be followed by a value.
 */
function addBeforeSeparator(frame: Frame, text: string, closing: boolean): void {
  let rest = text;
  if (frame.expect === 'comma-or-close') {
    if (JSON_SPACE_ONLY.test(rest)) {
      if (!closing) frame.expect = 'value';
      return;
    }
    const lead = JSON_SPACE.exec(rest)![0].length;
    if (rest.charCodeAt(lead) !== COMMA) throw new Unparsed('expected a comma');
    rest = rest.slice(lead + 1);
    frame.expect = 'value';
  }
  if (JSON_SPACE_ONLY.test(rest)) {
    if (frame.expect === 'value') throw new Unparsed('expected a value');
    if (!closing) throw new Unparsed('expected a value');
    return;
  }
  addRun(frame, rest);
  frame.expect = 'value';
}

/** See {@link createStreamParser}. */
export type StreamParser = {
  push(slice: string): void;
  end(): { readonly value: unknown } | undefined;
  /**
   * The document as far as it is parsed, for a first look while the rest is read: the containers still open
   * (the root, its last member, that one's last member... `open` of them) copied, so later slices do not change
   * it. Undefined before the root opens or once the text cannot be followed; the whole value (`open` 0) once closed.
   */
  partial(): { readonly value: unknown; readonly open: number } | undefined;
};

/** Defines `key` on `target` as JSON.parse would ("__proto__" a member, not the prototype). */
function defineMember(target: object, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, writable: true, enumerable: true, configurable: true });
}

/**
 * A JSON document parsed slice by slice: `push` each slice in order, then `end` for the value (as JSON.parse
 * would give it, key order included). Throws nothing: a document it cannot follow (invalid, or a scalar root)
 * makes `end` answer `undefined`, and the caller parses the whole text itself (for the engine's message).
 * Costs about one JSON.parse of the text in all, spread over the slices, plus one scan of its UTF-16 units;
 * pretty-printed text is cut at its containers' separators instead, so only the text after a slice's last
 * separator is scanned (the ui bench's 6.8 MB list: worker time 168 -> 68 ms with the warm-up).
 * `partial` gives the value so far for a first look.
 * `openAfterUnits`: how long an unfinished container may wait for the next slice before it is opened here.
 */
export function createStreamParser(openAfterUnits = OPEN_AFTER_UNITS): StreamParser {
  let root: { value: unknown } | undefined;
  const stack: Frame[] = [];
  let pending = '';
  let failed = false;
  // Scan state over `pending` (relative to the innermost open container): position, nesting, string.
  let at = 0;
  let depth = 0;
  let inString = false;
  // A backslash ended the last slice inside a string: the next unit is escaped.
  let escaped = false;
  let lastComma = -1;
  let closed = false;

  // The root container: `text` starts (after spaces) with its bracket; false when the root is not a container.
  const open = (text: string): boolean => {
    const lead = JSON_SPACE.exec(text)![0].length;
    const c = text.charCodeAt(lead);
    if (c !== OPEN_BRACKET && c !== OPEN_BRACE) return false;
    const rest = text.slice(lead + 1);
    const frame: Frame = { value: c === OPEN_BRACKET ? [] : {}, array: c === OPEN_BRACKET, expect: 'value-or-close', sep: separatorAfterOpen(rest) };
    root = { value: frame.value };
    stack.push(frame);
    restart(rest);
    return true;
  };
  const restart = (text: string) => {
    pending = text;
    at = 0;
    depth = 0;
    inString = false;
    escaped = false;
    lastComma = -1;
  };

  // The innermost container's complete members up to its last separator, parsed without a scan of their units
  // (the scan then covers only the text after that separator). When JSON.parse refuses the cut (the separator
  // was a deeper or later container's: text formatted otherwise), nothing changes and this container's units
  // are scanned from then on.
  const cutAtSeparator = () => {
    const frame = stack[stack.length - 1];
    if (!frame?.sep || closed) return;
    const c = findSeparator(pending, frame.sep);
    if (c <= 0) return;
    const expect = frame.expect;
    try {
      addBeforeSeparator(frame, pending.slice(0, c), false);
    } catch {
      frame.expect = expect;
      frame.sep = null;
      return;
    }
    restart(pending.slice(c + 1));
  };

  const scan = () => {
    for (; at < pending.length; at++) {
      const c = pending.charCodeAt(at);
      if (escaped) escaped = false;
      else if (inString) {
        if (c === BACKSLASH) {
          if (at + 1 < pending.length) at++;
          else escaped = true;
        } else if (c === QUOTE) inString = false;
      } else if (c === QUOTE) inString = true;
      else if (c === OPEN_BRACE || c === OPEN_BRACKET) depth++;
      else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) {
        if (depth > 0) {
          depth--;
          continue;
        }
        const frame = stack[stack.length - 1]!;
        if ((c === CLOSE_BRACKET) !== frame.array) throw new Unparsed('mismatched close');
        const from = lastComma + 1;
        if (lastComma >= 0) addBeforeSeparator(frame, pending.slice(0, lastComma), false);
        addBeforeSeparator(frame, pending.slice(from, at), true);
        stack.pop();
        if (stack.length === 0) {
          closed = true;
          pending = pending.slice(at + 1);
          if (!JSON_SPACE_ONLY.test(pending)) throw new Unparsed('text after the document');
          at = pending.length;
          return;
        }
        restart(pending.slice(at + 1));
        cutAtSeparator();
        at = -1; // the loop's at++ starts the parent's text at 0
      } else if (c === COMMA && depth === 0) lastComma = at;
    }
  };

  // After a slice: the complete values before the last comma go to JSON.parse; a long unfinished container is
  // opened here (its parent's text so far added first), so what waits for the next slice stays short.
  const settle = (longAfter = openAfterUnits) => {
    for (;;) {
      const frame = stack[stack.length - 1];
      if (!frame || closed) return;
      if (lastComma >= 0) {
        addBeforeSeparator(frame, pending.slice(0, lastComma), false);
        pending = pending.slice(lastComma + 1);
        at -= lastComma + 1;
        lastComma = -1;
      }
      if (pending.length < longAfter || depth === 0) return;
      // One unfinished value, long: open it here when it is a container (a long string just waits).
      let text = pending;
      if (frame.expect === 'comma-or-close') {
        const lead = JSON_SPACE.exec(text)![0].length;
        if (text.charCodeAt(lead) !== COMMA) throw new Unparsed('expected a comma');
        text = text.slice(lead + 1);
        frame.expect = 'value';
      }
      let key: string | null = null;
      if (!frame.array) {
        const m = KEY_THEN_COLON.exec(text);
        if (!m) return;
        key = JSON.parse(m[1]!) as string;
        text = text.slice(m[0].length);
      }
      const lead = JSON_SPACE.exec(text)![0].length;
      const c = text.charCodeAt(lead);
      if (c !== OPEN_BRACKET && c !== OPEN_BRACE) return;
      const inner = text.slice(lead + 1);
      const child: Frame = { value: c === OPEN_BRACKET ? [] : {}, array: c === OPEN_BRACKET, expect: 'value-or-close', sep: separatorAfterOpen(inner) };
      if (frame.array) (frame.value as unknown[]).push(child.value);
      else defineMember(frame.value, key!, child.value);
      frame.expect = 'comma-or-close';
      stack.push(child);
      restart(inner);
      cutAtSeparator();
      scan();
    }
  };

  return {
    push(slice) {
      if (failed || closed) {
        if (closed && !JSON_SPACE_ONLY.test(slice)) failed = true;
        return;
      }
      try {
        if (!root) {
          pending += slice;
          if (JSON_SPACE_ONLY.test(pending)) return;
          if (!open(pending)) {
            failed = true;
            return;
          }
        } else {
          pending += slice;
          cutAtSeparator();
        }
        scan();
        settle();
      } catch {
        failed = true;
      }
    },
    end() {
      return !failed && closed && root ? { value: root.value } : undefined;
    },
    partial() {
      if (failed || !root) return undefined;
      if (closed) return { value: root.value, open: 0 };
      // Unfinished containers waiting for more text are opened now, so the copy shows what they hold so far.
      try {
        settle(0);
      } catch {
        failed = true;
        return undefined;
      }
      // From the innermost open container out: each copy holds the copy of its open last member.
      let copy: unknown = undefined;
      for (let i = stack.length - 1; i >= 0; i--) {
        const frame = stack[i]!;
        if (frame.array) {
          const items = (frame.value as unknown[]).slice();
          if (copy !== undefined) items[items.length - 1] = copy;
          copy = items;
        } else {
          const source = frame.value as Record<string, unknown>;
          const members = {};
          const keys = Object.keys(source);
          for (const key of keys) defineMember(members, key, source[key]);
          if (copy !== undefined) defineMember(members, keys[keys.length - 1]!, copy);
          copy = members;
        }
      }
      return { value: copy, open: stack.length };
    },
  };
}
