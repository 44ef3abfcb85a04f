export * from './database';
export * from './service';
export * from './wait-for';
export * from './service-tables';
