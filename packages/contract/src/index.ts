export * from './enums';
export * from './common';
export * from './auth';
export * from './app-config';
