export * from './admins';
export * from './customers';
export * from './gold';
export * from './market';
export * from './audit';
export * from './row-counts';
export * from './chain';
