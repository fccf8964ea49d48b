import { BRIDGE_GLOBAL } from './build';

/** Name of the binding the page's transport invokes (installed with `exposeBinding`). */
export const INVOKE_BINDING = '__scratchpadE2eInvoke';
/** Name of the page-side function the harness calls to deliver a push event. */
export const PUSH_FUNCTION = '__scratchpadE2ePush';

/**
 * The script run in the page before any of its own: the bundled bridge module (its `var` stays local to
 * this function, so the page never sees the module), then
 * `window.scratchpad = createBridge(transport)` with a transport whose invoke goes through the
 * {@link INVOKE_BINDING} binding to the main-process handlers (their envelope comes back as JSON text, a read's content beside it) and whose `on` keeps listeners for the
 * pushes the harness delivers through {@link PUSH_FUNCTION}. `window.scratchpad` is frozen and not writable,
 * as contextBridge leaves it.
 */
export function bridgeInitScript(bridgeBundle: string): string {
  return `(() => {
${bridgeBundle}
const mod = ${BRIDGE_GLOBAL};
const listeners = new Map();
const transport = {
  invoke: (channel, request) => globalThis[${JSON.stringify(INVOKE_BINDING)}](channel, request).then(([text, content]) => {
    const envelope = JSON.parse(text);
    if (typeof content === 'string') envelope.value.content = content;
    return envelope;
  }),
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
