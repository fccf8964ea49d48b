// The compare module: isomorphic diffs of two observations over async sources (app/compare/README.md).
export { compareSources, type CompareOptions } from './compare';
export type { CompareSource } from './source';
export { diffJson, recordKey, RECORD_KEYS, type JsonDiffOptions, type JsonDiffOutcome } from './json-diff';
export { sideBySide, wordSegments, hunkHeader, withSideBySide } from './side-by-side';
export { formatUnified } from './unified';
export { summarize, textSummary } from './summary';
