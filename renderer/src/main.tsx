// First: asks for the first page of turns before React DOM and the views are evaluated (see startTurns.ts).
import { firstTurnsAnswered, startupApi } from './startTurns';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ApiProvider } from './api';
import { App } from './App';
import './styles/app.css';

/**
 * How long the first render waits for main's first page of turns (ms): when it is there, the first render shows
 * the rows (one render, one layout) instead of an empty list that a second render fills. A slow answer (a large
 * file) is not waited for.
 */
const FIRST_PAGE_WAIT_MS = 150;

const root = createRoot(document.getElementById('root')!);
const api = startupApi;
if (api) {
  void Promise.race([firstTurnsAnswered, new Promise((resolve) => setTimeout(resolve, FIRST_PAGE_WAIT_MS))]).then(() =>
    root.render(
      <StrictMode>
        <ApiProvider api={api}>
          <App />
        </ApiProvider>
      </StrictMode>,
    ),
  );
} else {
  root.render(
    <div className="state state-error" role="alert">
      <strong>No bridge.</strong> This page runs inside Scratchpad Inspector, where the preload exposes <code>window.scratchpad</code>.
    </div>,
  );
}
