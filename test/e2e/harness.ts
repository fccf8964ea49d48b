// Public entry of the end-to-end harness: launch the real app (production renderer, the preload's bridge,
// main's handlers, a real store on a real file) in Debian's Chromium.
export {
  launchApp,
  assertChromium,
  CHROMIUM_PATH,
  CHROMIUM_ARGS,
  SCREENSHOT_DIR,
  type AppSession,
  type InvokeRecord,
  type LaunchOptions,
} from './harness/launch';
export { ensureRendererBuilt, bundleBridge, RENDERER_BUILDS, ROOT } from './harness/build';
export { APP_CSP, serveStatic } from './harness/server';
