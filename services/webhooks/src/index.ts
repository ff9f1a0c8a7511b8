export { webhooksService } from './service';
export { localSecretKeys } from './domain/local-secret-keys';
