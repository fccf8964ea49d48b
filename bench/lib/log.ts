/** Progress line on stderr (stdout is kept for the table or the one JSON object). */
export function progress(message: string): void {
  const t = new Date().toISOString().slice(11, 19);
  process.stderr.write(`[bench ${t}] ${message}\n`);
}
