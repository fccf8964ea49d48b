import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ApiProvider, createApi, windowBridge } from './api';
import { App } from './App';
import './styles/app.css';

const root = createRoot(document.getElementById('root')!);
const bridge = windowBridge();
if (bridge) {
  root.render(
    <StrictMode>
      <ApiProvider api={createApi(bridge)}>
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
