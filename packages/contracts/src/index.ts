export * from './envelope.js';
export * from './errors.js';
export * from './pagination.js';
export * from './roles.js';
export * from './console/auth.js';
export * from './console/users.js';
export * from './console/options.js';
export * from './channel-types.js';
