export * from './errors';
export * from './model';
export * from './channels';
export * from './bridge';
export * from './expiry';
export * from './deep-link';
