/// <reference lib="webworker" />
import { createOutlineHost, type OutlineRequest } from './outline';
import { warmUpParser } from './warmUp';

// Parses and walks the JSON off the main thread: the page stays responsive while a large entry parses. The
// parser is warmed up first (requests arriving meanwhile wait in the worker's queue).
warmUpParser();
const host = createOutlineHost();
self.onmessage = (event: MessageEvent<OutlineRequest>) => {
  const response = host(event.data);
  if (response) self.postMessage(response);
};
