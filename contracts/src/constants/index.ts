export * from './languages';
export * from './genres';
export * from './plans';
export * from './plan-schemas';
export * from './print';
export * from './cover';
export * from './subjects';
