export * from './constants.ts';
export * from './governorates.ts';
export * from './messages.ts';
export * from './normalize-arabic.ts';
export * from './schemas.ts';
export * from './money.ts';
export * from './shipping.ts';
export * from './whatsapp.ts';
