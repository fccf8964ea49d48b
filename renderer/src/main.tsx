import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ApiProvider, createApi, windowBridge } from './api';
import { App } from './App';
import { primeFirstTurnsPage } from './views/turns/useTurns';
import './styles/app.css';

const root = createRoot(document.getElementById('root')!);
const bridge = windowBridge();
if (bridge) {
  const api = createApi(bridge);
  primeFirstTurnsPage(api);
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
