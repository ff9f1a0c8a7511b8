export * from './config/config';
export * from './logger/logger';
export * from './bus';
export * from './blobs';
export * from './db';
export * from './mail/mailer';
export * from './lifecycle/service';
export * from './lifecycle/run-standalone';
