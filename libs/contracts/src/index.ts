export * from './queues';
export * from './events';
export * from './calls';
export * from './roles';
