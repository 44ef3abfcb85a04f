export * from './database';
export * from './service';
export * from './wait-for';
export * from './service-tables';
export * from './telemetry';
export * from './tokens';
