import { createApi, windowBridge, type Api } from './api/client';
import { primeFirstTurnsPage } from './views/turns/firstTurnsPage';

// The entry chunk (main.tsx) imports only this: the first page of turns is asked for while React DOM and the
// views (their own chunk, boot.tsx) are still being fetched and compiled, so main's answer is on its way by the
// first render. Nothing here may import React.

/**
 * The app's API over the preload's bridge, with the first page of turns already asked for; null outside the app
 * (a plain browser, no bridge). Called once, at start-up.
 */
export function startTurns(): Api | null {
  const bridge = windowBridge();
  const api = bridge ? createApi(bridge) : null;
  if (api) primeFirstTurnsPage(api);
  return api;
}
