export { createWriterService, writerService, type WriterServiceOptions } from './service';
export { WriterConfigSchema, type WriterConfig } from './config';
