export * from './errors';
export * from './model';
export * from './channels';
export * from './bridge';
export * from './expiry';
export * from './compare';
export * from './deep-link';
export * from './search';
