export * from './client';
export * from './config';
export * from './guard';
export * from './tokens';
