import { ANSWERS_PATH, TOKEN_HEADER } from './answer-stream';
import { BRIDGE_GLOBAL } from './build';

/** Name of the binding the page's transport sends its calls through (installed with `exposeBinding`). */
export const INVOKE_BINDING = '__scratchpadE2eInvoke';
/** Name of the page-side function the harness calls to deliver a push event. */
export const PUSH_FUNCTION = '__scratchpadE2ePush';

/**
 * The script run in the page before any of its own: the bundled bridge module (its `var` stays local to
 * this function, so the page never sees the module), then `window.scratchpad = createBridge(transport)`.
 * At start the script opens the page's answer stream (answer-stream.ts) on `origin` with the run's `token`,
 * which it gives only to the app page's top frame on `origin` (any other frame or origin the script also runs in
 * opens nothing: its calls get the binding's FORBIDDEN). The transport's invoke structured-clones the request
 * first (what Electron's IPC cannot send, a function or a DOM node, throws here too), sends it with a call id
 * through the {@link INVOKE_BINDING} binding, and resolves with the envelope that comes back on the stream
 * under that id (or straight from the binding, when main refuses the sender). `fetch`, `structuredClone`,
 * `JSON.parse` and `TextDecoderStream` are the page's originals, taken before its scripts run.
 * The transport's `on` keeps listeners for the pushes the harness delivers through {@link PUSH_FUNCTION}.
 * `window.scratchpad` is frozen and not writable, as contextBridge leaves it.
 */
export function bridgeInitScript(bridgeBundle: string, origin: string, token: string): string {
  return `(() => {
${bridgeBundle}
const mod = ${BRIDGE_GLOBAL};
const listeners = new Map();
const origin = ${JSON.stringify(origin)};
const ours = globalThis.top === globalThis && location.origin === origin;
const post = globalThis.fetch.bind(globalThis);
const clone = globalThis.structuredClone;
const parse = JSON.parse;
const Decoder = globalThis.TextDecoderStream;
const send = (...args) => globalThis[${JSON.stringify(INVOKE_BINDING)}](...args);
const streamId = globalThis.crypto.randomUUID();
const pending = new Map();
let broken = null;
let calls = 0;
const fail = (error) => {
  broken = error;
  for (const p of pending.values()) p.reject(error);
  pending.clear();
};
// Frames: "<call id> <json length> <content length>\\n<json><content>" (lengths in UTF-16 code units).
const readAnswers = async (res) => {
  if (!res.ok) throw new Error('the answer stream was refused: HTTP ' + res.status);
  const reader = res.body.pipeThrough(new Decoder()).getReader();
  let text = '';
  let head = null;
  for (;;) {
    const { value, done } = await reader.read();
    if (done) throw new Error('the answer stream ended');
    text += value;
    for (;;) {
      if (head === null) {
        const nl = text.indexOf('\\n');
        if (nl < 0) break;
        const [id, json, content] = text.slice(0, nl).split(' ').map(Number);
        head = { id, json, content, at: nl + 1, end: nl + 1 + json + Math.max(0, content) };
      }
      if (text.length < head.end) break;
      const envelope = parse(text.slice(head.at, head.at + head.json));
      if (head.content >= 0) envelope.value.content = text.slice(head.at + head.json, head.end);
      text = text.slice(head.end);
      const call = pending.get(head.id);
      pending.delete(head.id);
      head = null;
      if (call) call.resolve(envelope);
    }
  }
};
if (ours) {
  post(origin + ${JSON.stringify(ANSWERS_PATH)} + streamId, {
    method: 'POST',
    headers: { ${JSON.stringify(TOKEN_HEADER)}: ${JSON.stringify(token)} },
    cache: 'no-store',
    credentials: 'omit',
  }).then(readAnswers).catch(fail);
}
const transport = {
  invoke: (channel, request) => {
    const sent = clone(request);
    if (broken) return Promise.reject(broken);
    const id = ++calls;
    return new Promise((resolve, reject) => {
      pending.set(id, { resolve, reject });
      send(channel, sent, ours ? streamId : '', id).then(
        (refused) => {
          if (typeof refused !== 'string') return;
          pending.delete(id);
          resolve(parse(refused));
        },
        (error) => {
          pending.delete(id);
          reject(error);
        },
      );
    });
  },
  on: (event, listener) => {
    let set = listeners.get(event);
    if (!set) listeners.set(event, (set = new Set()));
    set.add(listener);
    return () => { set.delete(listener); };
  },
};
Object.defineProperty(globalThis, ${JSON.stringify(PUSH_FUNCTION)}, {
  value: (event, payload) => { for (const l of [...(listeners.get(event) ?? [])]) { try { l(payload); } catch (e) { console.error(e); } } },
  enumerable: false,
});
Object.defineProperty(globalThis, 'scratchpad', { value: mod.createBridge(transport), writable: false, configurable: false, enumerable: true });
})();`;
}
