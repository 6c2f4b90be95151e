export { LOOP } from './cycle-a.js';
