/** Repository root (absolute, with a trailing slash). */
export declare const ROOT: string;
/** Bundles main (main.js), the store worker (store-worker.js), the search worker (scan-worker.js) and the preload (preload.cjs) into `outDir`. */
export declare function buildMain(options?: {
  outDir?: string;
  minify?: boolean;
  entries?: Array<'main' | 'worker' | 'scan-worker' | 'preload'>;
}): Promise<string[]>;
