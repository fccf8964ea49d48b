/// <reference lib="webworker" />
import { createOutlineHost, type OutlineRequest } from './outline';

// Parses and walks the JSON off the main thread: the page stays responsive while a large entry parses.
const host = createOutlineHost();
self.onmessage = (event: MessageEvent<OutlineRequest>) => {
  const response = host(event.data);
  if (response) self.postMessage(response);
};
