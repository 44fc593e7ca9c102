export * from './container';
export { TOKENS } from './tokens';
export { ContainerProvider, useContainer, useService } from './react-container';
