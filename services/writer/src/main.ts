import { runStandalone } from '@bookwright/kit';
import { writerService } from './service';

await runStandalone(writerService);
