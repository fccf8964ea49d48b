/**
 * The app's arguments as `npm start -- --dry-run` prints them: every `postgres://` or `postgresql://` URL (alone or
 * as `--db=URL`, any case) goes through `redact` (the store's `redactUrl`, app/scratchpad/postgres/url.ts), so no
 * password reaches a terminal or a log, as the README promises. Other arguments are printed as given.
 * @param {readonly string[]} args the arguments after the script's own (`--dry-run` removed)
 * @param {(url: string) => string} redact
 * @returns {string[]}
 */
export function printableArgs(args, redact) {
  return args.map((arg) => {
    const m = /^(--[\w-]+=)?(postgres(?:ql)?:\/\/.*)$/is.exec(arg);
    return m ? (m[1] ?? '') + redact(m[2]) : arg;
  });
}
