import { BRIDGE_GLOBAL } from './build';

/** Path on the page's own server the transport POSTs each invoke to (`{ channel, request }` as JSON). */
export const INVOKE_PATH = '/__e2e/invoke';
/** Header carrying the launch's secret token, known only to the init script's closure. */
export const TOKEN_HEADER = 'x-scratchpad-e2e-token';
/** Name of the page-side function the harness calls to deliver a push event. */
export const PUSH_FUNCTION = '__scratchpadE2ePush';

/**
 * The script run in the page before any of its own: the bundled bridge module (its `var` stays local to
 * this function, so the page never sees the module), then
 * `window.scratchpad = createBridge(transport)` with a transport whose invoke POSTs `{ channel, request }` to
 * {@link INVOKE_PATH} with `token` (main's handlers answer the envelope as JSON text; a request that cannot be
 * structured-cloned throws while sending, as Electron's `ipcRenderer.invoke` does) and whose `on` keeps listeners for the
 * pushes the harness delivers through {@link PUSH_FUNCTION}. `window.scratchpad` is frozen and not writable,
 * as contextBridge leaves it.
 */
export function bridgeInitScript(bridgeBundle: string, token: string): string {
  return `(() => {
${bridgeBundle}
const mod = ${BRIDGE_GLOBAL};
const listeners = new Map();
// Taken before any page script runs: a page that replaces fetch later never sees the token.
const post = globalThis.fetch.bind(globalThis);
const clone = globalThis.structuredClone;
const transport = {
  invoke: (channel, request) => {
    const body = JSON.stringify({ channel, request: clone(request) });
    return post(${JSON.stringify(INVOKE_PATH)}, { method: 'POST', headers: { 'Content-Type': 'application/json', ${JSON.stringify(TOKEN_HEADER)}: ${JSON.stringify(token)} }, body })
      .then((response) => response.json());
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
