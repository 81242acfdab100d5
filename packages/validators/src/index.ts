export * from './constants';
export * from './messages';
export * from './auth';
export * from './listing';
export * from './listing-end';
export * from './trust';
export * from './photo';
export * from './user';
