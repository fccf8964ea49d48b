/**
 * Engine integration: what a TypeScript agent runtime imports to keep large observations out of the model's
 * context (offloadObservation), to declare and serve the `scratchpad_read` tool (modes full, head, tail, range,
 * lines) and the `scratchpad_search` tool safely (toolsForTurn,
 * SCRATCHPAD_READ_TOOL, handleScratchpadRead), to suspend and resume a turn (suspendTurn, resumeTurn), to run
 * gc, and to observe all of it (createEngineMetrics).
 */
export { DEFAULT_OFFLOAD_THRESHOLD_BYTES, measureObservationBytes } from './measure';
export { offloadObservation, type OffloadContext, type OffloadOptions } from './offload';
export { SCRATCHPAD_READ_TOOL, ScratchpadReadArgsSchema, DEFAULT_READ_N, parseScratchpadReadArgs, type ScratchpadReadArgs, type ToolDeclaration } from './tool';
export { handleScratchpadRead, DEFAULT_MAX_RETURN_LENGTH, type ReadToolContext, type ReadToolOptions, type ScratchpadReadToolResult } from './read';
export { handleScratchpadSearch, type ScratchpadSearchToolResult } from './search';
export { SCRATCHPAD_SEARCH_TOOL, ScratchpadSearchArgsSchema, parseScratchpadSearchArgs, type ScratchpadSearchArgs } from './search-tool';
export { toolsForTurn, suspendTurn, resumeTurn, type ResumedTurn } from './turn';
export { runGc } from './gc';
export { createEngineMetrics, type EngineCounters, type EngineEvent, type EngineMetrics } from './metrics';
