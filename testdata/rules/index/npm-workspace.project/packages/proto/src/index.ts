// A barrel: the protocol's names, re-exported.
export * from './constants.js';
export { METHODS as Methods } from './methods.js';
