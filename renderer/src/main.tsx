import { startTurns } from './startTurns';
import './styles/app.css';

// The entry chunk is small. It first starts fetching React DOM and the views (boot.tsx and the chunks it needs),
// then asks for the first page of turns, so main answers while that script loads and compiles; their requests go
// out before the turns request, so a main process busy answering it has already been asked for them.
const app = import('./boot');
const api = startTurns();
app.then(
  ({ boot }) => boot(api),
  (error: unknown) => {
    // The app's own chunk is missing or broken: say so as text (there is no React to render with).
    const root = document.getElementById('root');
    if (root) root.textContent = `Scratchpad Inspector could not load its interface: ${String(error)}`;
  },
);
