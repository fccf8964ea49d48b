// First: asks for the first page of turns before React DOM and the views are evaluated (see startTurns.ts).
import { startupApi } from './startTurns';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ApiProvider } from './api';
import { App } from './App';
import './styles/app.css';

const root = createRoot(document.getElementById('root')!);
const api = startupApi;
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
