export * from './roles';
export * from './permissions';
export * from './constants';
export * from './enums';
export * from './languages';
export * from './errors';
export * from './api';
