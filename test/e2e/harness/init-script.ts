import { BRIDGE_GLOBAL } from './build';
import { CONTENT_SPLIT_HEADER, INVOKE_PATH, TOKEN_HEADER } from './invoke-route';

/** Name of the page-side function the harness calls to deliver a push event. */
export const PUSH_FUNCTION = '__scratchpadE2ePush';

/**
 * The script run in the page before any of its own: the bundled bridge module (its `var` stays local to
 * this function, so the page never sees the module), then `window.scratchpad = createBridge(transport)`.
 * The transport's invoke posts the request as JSON to the harness's invoke route on `origin` (invoke-route.ts)
 * and resolves with the envelope it answers (a read's content sent beside the JSON, see CONTENT_SPLIT_HEADER); the request is structured-cloned first, so what Electron's IPC
 * cannot send (a function, a DOM node) throws here too. The run's `token` is given only to the app page's top
 * frame on `origin`: any other frame or origin the script also runs in calls without it and gets FORBIDDEN.
 * `fetch`, `structuredClone` and `JSON.stringify` are the page's originals, taken before its scripts run.
 * The transport's `on` keeps listeners for the pushes the harness delivers through {@link PUSH_FUNCTION}.
 * `window.scratchpad` is frozen and not writable, as contextBridge leaves it.
 */
export function bridgeInitScript(bridgeBundle: string, origin: string, token: string): string {
  return `(() => {
${bridgeBundle}
const mod = ${BRIDGE_GLOBAL};
const listeners = new Map();
const origin = ${JSON.stringify(origin)};
const token = globalThis.top === globalThis && location.origin === origin ? ${JSON.stringify(token)} : '';
const post = globalThis.fetch.bind(globalThis);
const clone = globalThis.structuredClone;
const stringify = JSON.stringify;
const parse = JSON.parse;
const answer = (res) => {
  const split = res.headers.get(${JSON.stringify(CONTENT_SPLIT_HEADER)});
  if (split === null) return res.json();
  return res.text().then((text) => {
    const n = Number(split);
    const envelope = parse(text.slice(0, n));
    envelope.value.content = text.slice(n);
    return envelope;
  });
};
const transport = {
  invoke: (channel, request) => {
    const body = stringify(clone(request));
    return post(origin + ${JSON.stringify(INVOKE_PATH)} + encodeURIComponent(channel), {
      method: 'POST',
      headers: { 'content-type': 'application/json', ${JSON.stringify(TOKEN_HEADER)}: token },
      body,
      cache: 'no-store',
      credentials: 'omit',
    }).then(answer);
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
