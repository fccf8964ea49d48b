import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import type { Api } from './api/client';
import { ApiProvider } from './api/context';
import { App } from './App';

/** Renders the app into #root over `api`, or the "No bridge" notice when the page runs outside the app (null). */
export function boot(api: Api | null): void {
  const root = createRoot(document.getElementById('root')!);
  if (api) {
    root.render(
      <StrictMode>
        <ApiProvider api={api}>
          <App />
        </ApiProvider>
      </StrictMode>,
    );
  } else {
    root.render(
      <div className="state state-error" role="alert">
        <strong>No bridge.</strong> This page runs inside Scratchpad Inspector, where the preload exposes <code>window.scratchpad</code>.
      </div>,
    );
  }
}
