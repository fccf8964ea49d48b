// The real preload (sandboxed, bundled to CommonJS). One of the two files where raw IPC appears.
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import type { ScratchpadBridge } from '../../app/contract';
import { createBridge } from './bridge';

const scratchpad = createBridge({
  invoke: (channel, request) => ipcRenderer.invoke(channel, request),
  on: (event, listener) => {
    // The page's listener never sees the raw IpcRendererEvent (it would expose sender and ports).
    const forward = (_event: IpcRendererEvent, payload: unknown) => listener(payload);
    ipcRenderer.on(event, forward);
    return () => {
      ipcRenderer.removeListener(event, forward);
    };
  },
}) satisfies ScratchpadBridge;

contextBridge.exposeInMainWorld('scratchpad', scratchpad);
