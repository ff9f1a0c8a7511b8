import { runStandalone } from '@bookwright/kit';
import { bookService } from './service';

await runStandalone(bookService);
