export { ApiError, createApi, toApiError, unwrap, windowBridge, type Api } from './client';
export { ApiProvider, useApi } from './context';
