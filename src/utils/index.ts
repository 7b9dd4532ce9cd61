/** Console helpers of requirements §9. */
export * from './date';
export * from './number';
export * from './debounce';
export * from './cookie';
export * from './initial';
