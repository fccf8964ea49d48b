/** The Node range Electron's tooling declares and its minimum as [major, minor, patch]. */
export interface ToolingNode {
  readonly range: string;
  readonly min: readonly number[];
}
/** engines.node of the electron package in `electronDir` (default node_modules/electron), or null. */
export declare function toolingNode(electronDir?: string): ToolingNode | null;
/** True when `version` ('20.20.2' or 'v20.20.2') is below `min` ([major, minor, patch]). */
export declare function olderThan(version: string, min: readonly number[]): boolean;
/** One line for a thrown value: its message and its cause's message in parentheses. */
export declare function oneLineCause(error: unknown): string;
/** The lines npm start prints when Electron's binary cannot be installed (`step`: 'its download' or 'extracting it'). */
export declare function installFailureLines(version: string, step: string, cause: string, nodeVersion?: string, tooling?: ToolingNode | null): string[];
/** The executable of the installed electron package, or null when its binary is missing. */
export declare function installedElectron(electronDir?: string): string | null;
/** Electron's executable, downloading and extracting the binary when missing; throws `{ lines }` on failure. */
export declare function ensureElectron(electronDir?: string, env?: Record<string, string | undefined>): Promise<string>;
/** ensureElectron, or its failure on stderr and exit 1. */
export declare function ensureElectronOrExit(electronDir?: string, env?: Record<string, string | undefined>): Promise<string>;
