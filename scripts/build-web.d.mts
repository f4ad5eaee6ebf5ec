/** Builds the web table into `outdir` (default dist/web) and answers that folder. */
export function buildWeb(outdir?: string): Promise<string>;
