export { asScratchpadError, ScratchpadError } from '../../../app/contract/codes';
export { createApi, unwrap, windowBridge, type Api } from './client';
export { ApiProvider, useApi } from './context';
