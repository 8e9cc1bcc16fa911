export * from './assistant-config';
export * from './assistant.contract';
export * from './assistants.dto';
export * from './assistants.repository';
export * from './assistants-data.module';
export * from './tool-headers';
export * from './brain-config';
export * from './analysis-config';
