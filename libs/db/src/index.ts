export * from './db.module';
export * from './prisma.service';
export * from './migrate/migrator';
export * from './unique-violation';
export * from './utc-timestamp';
export { Prisma } from './generated/prisma/client';
export type {
  Account,
  ApiKey,
  Assistant,
  Call,
  CallEvent,
  CallStatus,
  Campaign,
  CampaignRecipient,
  DeliveryStatus,
  Invite,
  SipTrunk,
  PhoneNumber,
  Webhook,
  WebhookDelivery,
  Workspace,
} from './generated/prisma/client';
export * from './partitions/history-partitions';
