export { asScratchpadError, ScratchpadError } from '../../../app/contract';
export { createApi, unwrap, windowBridge, type Api } from './client';
export { ApiProvider, useApi } from './context';
