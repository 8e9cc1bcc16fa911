export * from './roles';
export * from './api-key-material';
export * from './api-keys.repository';
export * from './workspaces.repository';
export * from './api-keys.dto';
export * from './api-key.contract';
export * from './workspaces-data.module';
