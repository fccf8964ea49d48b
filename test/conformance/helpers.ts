export { errorOf, piecesOf, tempDir } from '../scratchpad/helpers';
export { fingerprint } from '../scratchpad/metnos-v1/v1-files';
