/** A node-gyp build of better-sqlite3 outside node_modules. */
export interface NativePlan {
  readonly dir: string;
  readonly stamp: string;
  readonly stampFile: string;
  readonly binding: string;
  readonly upToDate: boolean;
  readonly command: string[];
}
/** Version of the installed electron package. */
export declare function electronVersion(): string;
/** Plan of the build (default: Electron's ABI into .electron-native/better-sqlite3). */
export declare function nativePlan(version?: string, arch?: string, options?: { runtime?: string; dir?: string; headers?: string[] }): NativePlan;
/** Runs the plan unless up to date; returns the path of the built addon. */
export declare function buildNative(plan?: NativePlan): string;
