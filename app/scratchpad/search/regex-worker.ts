/*
 * The code of the regex worker (run with `eval: true`, so it needs no build step or loader). It runs one window
 * per message and posts every match as soon as it is found, so when the main thread terminates it at the
 * deadline the matches before a catastrophic backtrack are already delivered. Empty matches are skipped.
 */
export const REGEX_WORKER_SOURCE = `
const { parentPort } = require('node:worker_threads');
let cached = null;
parentPort.on('message', (m) => {
  if (cached === null || cached.source !== m.source || cached.flags !== m.flags) cached = new RegExp(m.source, m.flags);
  const re = cached;
  re.lastIndex = m.from;
  let found = 0;
  for (;;) {
    const r = re.exec(m.text);
    if (r === null || r.index >= m.acceptBefore) break;
    const len = r[0].length;
    if (len === 0) {
      const c = m.text.charCodeAt(r.index);
      re.lastIndex = r.index + (c >= 0xd800 && c <= 0xdbff ? 2 : 1);
      continue;
    }
    parentPort.postMessage({ index: r.index, length: len });
    if (++found >= m.max) break;
  }
  parentPort.postMessage({ done: true });
});
`;
