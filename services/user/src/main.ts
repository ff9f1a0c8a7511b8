import { runStandalone } from '@bookwright/kit';
import { userService } from './service';

await runStandalone(userService);
