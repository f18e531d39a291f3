/**
 * Vexil's version, read from package.json when the client is built (Vite keeps only this field
 * of the JSON in the bundle).
 */
export { version as VEXIL_VERSION } from '../../package.json';
