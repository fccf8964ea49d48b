import { createApi, windowBridge, type Api } from './api';
import { primeFirstTurnsPage } from './views/turns/useTurns';

// main.tsx imports this module first, so it is evaluated before React DOM and the views: the first page of turns
// is asked for while the rest of the bundle is still evaluating, and main's answer is on its way by the first render.

const bridge = windowBridge();

/** The app's API over the preload's bridge (null outside the app, in a plain browser). */
export const startupApi: Api | null = bridge ? createApi(bridge) : null;

if (startupApi) primeFirstTurnsPage(startupApi);
