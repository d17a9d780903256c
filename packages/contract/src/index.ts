export * from './constants.js';
export * from './errors.js';
export * from './fields.js';
export * from './schemas.js';
export * from './admin-moderation.js';
export * from './admin-people.js';
export * from './admin-content.js';
export * from './notifications.js';
