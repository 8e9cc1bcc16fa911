export * from './numbers/numbers.dto';
export * from './numbers/numbers.repository';
export * from './numbers/phone-number.contract';
export * from './simulated-telephony';
export * from './simulator-numbers';
export * from './telephony-provider';
export * from './telephony.module';
