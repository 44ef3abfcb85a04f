export * from './money';
export * from './errors';
export * from './catalog';
export * from './auth';
export * from './health';
export * from './orders';
export * from './events';
export * from './web';
